/** Streaming equals one-shot for arbitrary chunk boundaries, whitespace anywhere, both alphabets. */
import { beforeAll, describe, expect, it } from 'vitest';
import { randomInt, type Random } from '../random';
import { randomBytes, testRandom } from '../../../tests/cases/seed';
import { loadFreshKernel } from '../../../server/wasm';
import { Base64Decoder, Base64Encoder, type Alphabet, type Base64Exports } from './kernel';
import { INVALID_BASE64 } from './messages';

let kernel: Base64Exports;
beforeAll(async () => {
  kernel = await loadFreshKernel<Base64Exports>('base64');
});

/** Splits `data` at random boundaries (including empty pieces). */
function randomPieces(data: Uint8Array, maxPiece: number, rand: Random): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (let off = 0; off < data.length;) {
    const n = randomInt(rand, maxPiece + 1);
    out.push(data.subarray(off, off + n));
    off += n;
  }
  return out;
}

function collect(): [(b: Uint8Array) => void, () => Buffer] {
  const parts: Buffer[] = [];
  return [(b) => parts.push(Buffer.from(b)), () => Buffer.concat(parts)]; // copy: views are transient
}

function streamEncode(data: Uint8Array, pieces: Uint8Array[], alphabet: Alphabet, chunk?: number): string {
  const [emit, result] = collect();
  const enc = new Base64Encoder(kernel, alphabet, chunk);
  for (const p of pieces) enc.push(p, emit);
  enc.finish(emit);
  return result().toString('latin1');
}

function streamDecode(pieces: Uint8Array[], alphabet: Alphabet, chunk?: number): Buffer {
  const [emit, result] = collect();
  const dec = new Base64Decoder(kernel, alphabet, chunk);
  for (const p of pieces) dec.push(p, emit);
  dec.finish(emit);
  return result();
}

/** Base64 text with line breaks every 76 characters and a trailing newline (like `base64`). */
function wrapped(text: string): string {
  return text.replace(/.{1,76}/g, '$&\r\n');
}

describe.each(['standard', 'url'] as Alphabet[])('streaming, %s alphabet', (alphabet) => {
  const enc = alphabet === 'url' ? 'base64url' : 'base64';

  it('encodes chunk by chunk exactly like one shot, for random boundaries', () => {
    const rand = testRandom();
    for (let i = 1; i <= 40; i++) {
      const data = new Uint8Array(randomBytes(rand, 1 + ((i * 7919) % (i % 5 === 0 ? 600 : 5000))));
      const expected = Buffer.from(data).toString(enc);
      expect(streamEncode(data, randomPieces(data, i % 5 === 0 ? 3 : 700, rand), alphabet, 3 * (1 + (i % 50)))).toBe(
        expected,
      );
    }
  });

  it('decodes chunk by chunk with whitespace anywhere, for random boundaries', () => {
    const rand = testRandom();
    for (let i = 1; i <= 40; i++) {
      const data = new Uint8Array(randomBytes(rand, (i * 104729) % 6000));
      const text = new Uint8Array(Buffer.from(wrapped(Buffer.from(data).toString(enc)), 'latin1'));
      const got = streamDecode(randomPieces(text, i % 4 === 0 ? 2 : 900, rand), alphabet, 4 * (1 + (i % 40)));
      expect(got.equals(Buffer.from(data)), `case ${i}`).toBe(true);
    }
  });

  it('decodes text whose whitespace first comes after clean pieces, wherever it falls', () => {
    // Clean pieces are decoded without a whitespace scan. Whitespace that first comes later (in a
    // piece's carried tail, at a piece boundary, at the very end) must still be stripped, and the
    // decoder must count only Base64 characters (the CLI pads unpadded input from that count).
    const data = randomBytes(testRandom(7), 300);
    const clean = Buffer.from(data).toString(enc); // 400 characters, pieces of 64
    for (let pos = 100; pos <= clean.length; pos++) {
      for (const space of ['\n', ' \r\n', '\t\t\t\t\t']) {
        const text = new Uint8Array(Buffer.from(clean.slice(0, pos) + space + clean.slice(pos), 'latin1'));
        const [emit, result] = collect();
        const dec = new Base64Decoder(kernel, alphabet, 64);
        for (const piece of [text.subarray(0, 150), text.subarray(150)]) dec.push(piece, emit);
        dec.finish(emit);
        expect(result().equals(Buffer.from(data)), `${JSON.stringify(space)} at ${pos}`).toBe(true);
        expect(dec.chars, `${JSON.stringify(space)} at ${pos}`).toBe(clean.length);
      }
    }
  });

  it('handles padding followed only by whitespace in later chunks', () => {
    const text = new Uint8Array(Buffer.from('QUJDRA==\n\n  \n', 'latin1'));
    for (let cut = 0; cut <= text.length; cut++) {
      expect(streamDecode([text.subarray(0, cut), text.subarray(cut)], alphabet).toString('latin1')).toBe('ABCD');
    }
  });
});

describe('streaming validation', () => {
  const bytes = (s: string) => new Uint8Array(Buffer.from(s, 'latin1'));

  it('rejects padding in the middle, whatever the chunk boundary', () => {
    const text = bytes('QUJDRA==QUJD');
    for (let cut = 0; cut <= text.length; cut++) {
      expect(() => streamDecode([text.subarray(0, cut), text.subarray(cut)], 'standard'), `cut ${cut}`).toThrow(
        INVALID_BASE64,
      );
    }
  });

  it('rejects a length that is not a multiple of 4 and invalid characters late in a large stream', () => {
    const rand = testRandom();
    const good = randomBytes(rand, 300_000).toString('base64');
    expect(() => streamDecode([bytes(good + 'Q')], 'standard', 4096)).toThrow(INVALID_BASE64);
    const bad = bytes(good);
    bad[250_001] = 0x2e; // '.'
    expect(() => streamDecode(randomPieces(bad, 5000, rand), 'standard', 4096)).toThrow(INVALID_BASE64);
  });
});
