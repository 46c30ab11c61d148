import { describe, expect, it } from 'vitest';
import { blobChunks } from './blob-chunks';

const bytesOf = (n: number) => Uint8Array.from({ length: n }, (_, i) => (i * 7 + (i >> 8)) & 255);

async function collect(blob: Blob, chunkBytes: number) {
  const lengths: number[] = [];
  const joined = new Uint8Array(blob.size);
  let at = 0;
  for await (const chunk of blobChunks(blob, chunkBytes)) {
    lengths.push(chunk.length);
    joined.set(chunk, at); // valid until the next chunk is asked for
    at += chunk.length;
  }
  return { lengths, joined: joined.subarray(0, at) };
}

describe('blobChunks', () => {
  it.each([
    [0, 4],
    [3, 4],
    [4, 4],
    [9, 4],
    [12, 4],
    [100_003, 4096],
  ])('reads %i bytes in chunks of %i, every byte once, in order', async (size, chunk) => {
    const data = bytesOf(size);
    const { lengths, joined } = await collect(new Blob([data]), chunk);
    expect(joined).toEqual(data);
    expect(lengths.slice(0, -1).every((n) => n === chunk)).toBe(true);
    expect(lengths.length).toBe(Math.ceil(size / chunk));
  });

  it('reads a blob made of many small parts across chunk edges', async () => {
    const parts = Array.from({ length: 50 }, (_, i) => bytesOf(97 + i));
    const data = new Uint8Array(await new Blob(parts).arrayBuffer());
    expect((await collect(new Blob(parts), 1000)).joined).toEqual(data);
  });

  it('stops early without reading the rest, and the next read starts clean', async () => {
    const data = bytesOf(50_000);
    for await (const chunk of blobChunks(new Blob([data]), 4096)) {
      expect(chunk).toEqual(data.subarray(0, 4096));
      break;
    }
    expect((await collect(new Blob([data]), 4096)).joined).toEqual(data);
  });

  it('stops early on an error in the loop, with no rejection left behind', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (e: unknown) => unhandled.push(e);
    process.on('unhandledRejection', onUnhandled);
    try {
      const data = bytesOf(50_000);
      await expect(
        (async () => {
          for await (const chunk of blobChunks(new Blob([data]), 4096)) if (chunk.length) throw new Error('bad input');
        })(),
      ).rejects.toThrow('bad input');
      await new Promise((done) => setTimeout(done, 50));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('gives each of two reads at once its own buffers', async () => {
    const a = bytesOf(40_000);
    const b = a.map((x) => 255 - x);
    const [ra, rb] = await Promise.all([collect(new Blob([a]), 4096), collect(new Blob([b]), 4096)]);
    expect(ra.joined).toEqual(a);
    expect(rb.joined).toEqual(b);
  });
});
