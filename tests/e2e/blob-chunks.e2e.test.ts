/**
 * src/core/blob-chunks.ts in a Chromium worker on a File from disk, the way the data and Base64
 * workers read files. Chromium could garbage-collect the File's stream while a read on it was
 * pending, and the read then never settled: a 50 MB CSV conversion and a benchmark hung. This
 * consumer makes garbage while each read ahead is in flight (as papaparse does), which hung the
 * reader 3 times in 3 runs before it held its streams.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { describeWith } from '../harness/system';
import { openPage } from '../harness/browser';
import { useSharedApp } from '../harness/e2e';

const FILE_BYTES = 50_000_000;
const GARBAGE_MS_PER_CHUNK = 150;
/** A hung read shows as this answer instead of the test's own timeout. */
const HUNG_AFTER_MS = 40_000;

/** The worker: reads the file twice, making garbage after every chunk; answers bytes and a checksum per pass. */
const WORKER_SOURCE = `
import { blobChunks } from './blob-chunks';
onmessage = async (e) => {
  const passes = [];
  for (let pass = 0; pass < 2; pass++) {
    let bytes = 0;
    let sum = 0;
    for await (const chunk of blobChunks(e.data.file, 4 << 20)) {
      for (let i = 0; i < chunk.length; i += 997) sum = (sum * 31 + chunk[i] + i) >>> 0;
      bytes += chunk.length;
      const until = performance.now() + e.data.garbageMs;
      let junk = [];
      while (performance.now() < until) {
        junk.push(new Array(1000).fill(bytes));
        if (junk.length > 5000) junk = [];
      }
    }
    passes.push({ bytes, sum });
  }
  postMessage(passes);
};`;

function checksum(data: Uint8Array, chunkBytes: number): number {
  let sum = 0;
  for (let at = 0; at < data.length; at += chunkBytes) {
    const chunk = data.subarray(at, at + chunkBytes);
    for (let i = 0; i < chunk.length; i += 997) sum = (sum * 31 + chunk[i]! + i) >>> 0;
  }
  return sum;
}

describeWith(['chromium'], 'blobChunks in a Chromium worker', () => {
  const app = useSharedApp();
  let dir: string;
  let path: string;
  let workerCode: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'bitsmith-chunks-'));
    path = join(dir, 'random.bin');
    const data = new Uint8Array(FILE_BYTES);
    for (let i = 0; i < data.length; i++) data[i] = (i * 2654435761) >>> 24;
    writeFileSync(path, data);
    const bundled = await build({
      stdin: { contents: WORKER_SOURCE, resolveDir: join(import.meta.dirname, '../../src/core'), loader: 'ts' },
      bundle: true,
      format: 'iife',
      write: false,
    });
    workerCode = bundled.outputFiles[0]!.text;
  });
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('reads a 50 MB file from disk whole, twice, while the consumer makes garbage between reads', async () => {
    const { page, errors } = await openPage(app.browser);
    await page.setContent('<input type="file" aria-label="File">');
    await page.locator('input').setInputFiles(path);
    const passes = await page.evaluate(
      ([code, garbageMs, hungAfterMs]) =>
        new Promise((answer) => {
          const worker = new Worker(URL.createObjectURL(new Blob([code], { type: 'text/javascript' })));
          worker.onmessage = (e) => answer(e.data);
          worker.onerror = (e) => answer(`worker error: ${e.message}`);
          setTimeout(() => answer('hung: a read never settled'), hungAfterMs);
          worker.postMessage({ file: document.querySelector('input')!.files![0], garbageMs });
        }),
      [workerCode, GARBAGE_MS_PER_CHUNK, HUNG_AFTER_MS] as const,
    );
    const expected = { bytes: FILE_BYTES, sum: checksum(readFileSync(path), 4 << 20) };
    expect(passes).toEqual([expected, expected]);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 90_000);
});
