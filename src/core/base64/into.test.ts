/**
 * encodeInto / decodeInto: the caller's output buffer, reused across calls of varying sizes,
 * against Node's Buffer (standard and URL-safe, padded and unpadded, whitespace, odd lengths).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { randomInt } from '../random';
import { randomBytes, testRandom } from '../../../tests/cases/seed';
import { loadFreshKernel } from '../../../server/wasm';
import { decodeInto, encodeInto, encodedLength, maxDecodedLength, type Alphabet, type Base64Exports } from './kernel';
import { INVALID_BASE64 } from './messages';

let kernel: Base64Exports;
beforeAll(async () => {
  kernel = await loadFreshKernel<Base64Exports>('base64');
});

const nodeEnc = (alphabet: Alphabet) => (alphabet === 'url' ? 'base64url' : 'base64');
const latin1 = (b: Uint8Array) => Buffer.from(b.buffer, b.byteOffset, b.length).toString('latin1');

describe.each(['standard', 'url'] as Alphabet[])('encodeInto / decodeInto, %s alphabet', (alphabet) => {
  it('reuses one output buffer across inputs of varying sizes, each equal to Buffer', () => {
    const rand = testRandom(1);
    // One buffer for everything, big enough for the largest input; stale bytes from a longer
    // earlier output must not leak into a shorter later one.
    const sizes = [0, 1, 2, 3, 4, 5, 1000, 196_607, 196_608, 196_609, (1 << 20) + 1, 7, 600_001, 2];
    const encOut = new Uint8Array(encodedLength(Math.max(...sizes)));
    const decOut = new Uint8Array(Math.max(...sizes) + 3);
    for (const n of sizes) {
      const data = randomBytes(rand, n);
      const expected = data.toString(nodeEnc(alphabet));
      const w = encodeInto(kernel, data, encOut, alphabet);
      expect(w, `length ${n}`).toBe(expected.length);
      expect(latin1(encOut.subarray(0, w)) === expected, `encode ${n}`).toBe(true);
      const d = decodeInto(kernel, Buffer.from(expected, 'latin1'), decOut, alphabet);
      expect(d, `decoded length ${n}`).toBe(n);
      expect(Buffer.from(decOut.subarray(0, d)).equals(data), `decode ${n}`).toBe(true);
    }
  });

  it('fills an output of exactly the computed size for random odd lengths', () => {
    const rand = testRandom(2);
    for (let i = 0; i < 60; i++) {
      const n = randomInt(rand, 5000);
      const data = randomBytes(rand, n);
      const out = new Uint8Array(encodedLength(n, alphabet));
      expect(encodeInto(kernel, data, out, alphabet)).toBe(out.length);
      expect(latin1(out) === data.toString(nodeEnc(alphabet)), `length ${n}`).toBe(true);
    }
  });

  it('decodes wrapped text (whitespace anywhere) into a reused buffer', () => {
    const rand = testRandom(3);
    const out = new Uint8Array(maxDecodedLength(400_000));
    for (const n of [1, 2, 3, 57, 58, 59, 250_001]) {
      const data = randomBytes(rand, n);
      const wrapped = data.toString(nodeEnc(alphabet)).replace(/.{1,76}/g, '$&\r\n');
      const d = decodeInto(kernel, Buffer.from(wrapped, 'latin1'), out, alphabet);
      expect(Buffer.from(out.subarray(0, d)).equals(data), `length ${n}`).toBe(true);
    }
  });
});

describe('encodeInto / decodeInto edge cases', () => {
  it('decodes padded and (URL-safe only) unpadded tails like Buffer', () => {
    const out = new Uint8Array(16);
    for (const [text, alphabet] of [
      ['QQ==', 'standard'],
      ['QUI=', 'standard'],
      ['QUJD', 'standard'],
      ['QQ', 'url'],
      ['QUI', 'url'],
      ['-_8=', 'url'],
    ] as const) {
      const d = decodeInto(kernel, Buffer.from(text, 'latin1'), out, alphabet);
      expect(Buffer.from(out.subarray(0, d)).equals(Buffer.from(text, nodeEnc(alphabet))), text).toBe(true);
    }
    expect(() => decodeInto(kernel, Buffer.from('QQ', 'latin1'), out)).toThrow(INVALID_BASE64);
  });

  it('refuses an output buffer that is too small with a RangeError', () => {
    const data = randomBytes(testRandom(4), 300_000);
    expect(() => encodeInto(kernel, data, new Uint8Array(encodedLength(data.length) - 1))).toThrow(RangeError);
    const text = Buffer.from(data.toString('base64'), 'latin1');
    expect(() => decodeInto(kernel, text, new Uint8Array(data.length - 1))).toThrow(RangeError);
  });

  it('finds whitespace and invalid bytes at every position after a long clean stretch', () => {
    const data = randomBytes(testRandom(5), 150);
    const clean = data.toString('base64'); // 200 characters: the kernel's 64-byte scan runs first
    const out = new Uint8Array(256);
    for (let pos = 0; pos < clean.length; pos += 7) {
      for (const byte of [0x09, 0x0a, 0x0d, 0x20]) {
        const text = Buffer.from(clean.slice(0, pos) + String.fromCharCode(byte) + clean.slice(pos), 'latin1');
        const d = decodeInto(kernel, text, out);
        expect(Buffer.from(out.subarray(0, d)).equals(data), `whitespace ${byte} at ${pos}`).toBe(true);
      }
      for (const byte of [0x00, 0x1f, 0x21, 0x7f, 0x80, 0xff]) {
        const text = Buffer.from(clean, 'latin1');
        text[pos] = byte;
        expect(() => decodeInto(kernel, text, out), `byte ${byte} at ${pos}`).toThrow(INVALID_BASE64);
      }
    }
  });
});
