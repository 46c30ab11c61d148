/** The WASM kernel against Node's Buffer: every length 0..300, large buffers, both alphabets. */
import { beforeAll, describe, expect, it } from 'vitest';
import { randomInt, randomPick } from '../random';
import { randomBytes, testRandom } from '../../../tests/cases/seed';
import { loadFreshKernel } from '../../../server/wasm';
import { decodeBytes, encodeBytes, type Alphabet, type Base64Exports } from './kernel';
import { INVALID_BASE64 } from './messages';
import { isValidBase64 } from './text';

const ascii = (s: string) => new Uint8Array(Buffer.from(s, 'latin1'));
const str = (b: Uint8Array) => Buffer.from(b.buffer, b.byteOffset, b.length).toString('latin1');
const nodeEnc = (alphabet: Alphabet) => (alphabet === 'url' ? 'base64url' : 'base64');
const alphabets: Alphabet[] = ['standard', 'url'];

// Both builds: plain SIMD and relaxed SIMD (its look-ups are plain pshufb; src/core/wasm/relaxed-simd.ts).
describe.each(['simd', 'relaxed-simd'] as const)('%s build', (build) => {
  let kernel: Base64Exports;
  beforeAll(async () => {
    kernel = await loadFreshKernel<Base64Exports>('base64', build);
  });

  describe.each(alphabets)('base64 kernel, %s alphabet', (alphabet) => {
    it('encodes and decodes random data of every length 0..300 like Buffer', () => {
      const rand = testRandom();
      for (let n = 0; n <= 300; n++) {
        const data = new Uint8Array(randomBytes(rand, n));
        const expected = Buffer.from(data).toString(nodeEnc(alphabet));
        const encoded = str(encodeBytes(kernel, data, alphabet));
        expect(encoded, `length ${n}`).toBe(expected);
        expect(
          Buffer.from(decodeBytes(kernel, ascii(expected), alphabet)).equals(Buffer.from(data)),
          `decode length ${n}`,
        ).toBe(true);
      }
    });

    it('round-trips large buffers (8 MiB + odd tails) like Buffer', () => {
      const rand = testRandom();
      for (const n of [(8 << 20) + 1, (3 << 20) * 2 + 2, 5_000_003]) {
        const data = new Uint8Array(randomBytes(rand, n));
        const encoded = encodeBytes(kernel, data, alphabet);
        const expected = Buffer.from(data).toString(nodeEnc(alphabet));
        expect(Buffer.from(encoded).toString('latin1') === expected, `encode ${n}`).toBe(true);
        expect(Buffer.from(decodeBytes(kernel, encoded, alphabet)).equals(Buffer.from(data)), `decode ${n}`).toBe(true);
      }
    });

    it('decodes every 4-character quantum position with every alphabet character', () => {
      const chars =
        alphabet === 'url'
          ? 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
          : 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
      // 64 characters rotated so each appears at every lane of a 16-byte vector.
      for (let r = 0; r < 16; r++) {
        const text = (chars.slice(r) + chars.slice(0, r)).repeat(3);
        const got = Buffer.from(decodeBytes(kernel, ascii(text), alphabet));
        expect(got.equals(Buffer.from(text, nodeEnc(alphabet)))).toBe(true);
      }
    });
  });

  describe('base64 kernel validation', () => {
    const invalid =
      (text: string, alphabet: Alphabet = 'standard') =>
      () =>
        decodeBytes(kernel, ascii(text), alphabet);

    it.each(alphabets)(
      'rejects every byte outside the %s alphabet at every vector lane, in any iteration, with the spec message',
      (alphabet) => {
        // 112 valid characters: three passes of the two-vector loop, then the one-vector loop.
        const base = Buffer.from(randomBytes(testRandom(), 84)).toString(nodeEnc(alphabet));
        const chars = alphabet === 'url' ? '-_' : '+/';
        const allowed = new Set(
          [...`ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789${chars}`].map((c) => c.charCodeAt(0)),
        );
        const ws = new Set([9, 10, 11, 12, 13, 32]);
        for (let byte = 0; byte < 256; byte++) {
          if (allowed.has(byte) || ws.has(byte)) continue;
          for (const pos of [0, 5, 15, 16, 31, 32, 50, 63, 64, 95, 100, 111]) {
            if (byte === 0x3d && pos === 111) continue; // a final "=" is padding
            const bytes = ascii(base);
            bytes[pos] = byte;
            expect(() => decodeBytes(kernel, bytes, alphabet), `byte ${byte} at ${pos}`).toThrow(INVALID_BASE64);
          }
        }
      },
    );

    it('applies the padding and length rules', () => {
      for (const bad of ['A', 'AB', 'ABC', 'A===', '====', 'AB=C', '=ABC', 'AB==AB==', 'ABCDA', 'ABCD=', 'QUJD-_==']) {
        expect(invalid(bad), bad).toThrow(INVALID_BASE64);
        expect(isValidBase64(bad), bad).toBe(false);
      }
      for (const good of ['AB==', 'ABC=', 'ABCD', ' QU JD\nRA==\r\n', 'QUJDRA==\t']) {
        expect(() => decodeBytes(kernel, ascii(good)), good).not.toThrow();
        expect(isValidBase64(good), good).toBe(true);
      }
    });

    it('URL-safe accepts unpadded input and rejects the standard-only characters', () => {
      expect(str(decodeBytes(kernel, ascii('QUI'), 'url'))).toBe('AB');
      expect(str(decodeBytes(kernel, ascii('QQ'), 'url'))).toBe('A');
      expect(invalid('Q', 'url')).toThrow(INVALID_BASE64);
      expect(invalid('QU+/', 'url')).toThrow(INVALID_BASE64);
      expect(invalid('QU-_')).toThrow(INVALID_BASE64);
      expect(isValidBase64('QUI', 'url')).toBe(true);
      expect(isValidBase64('Q', 'url')).toBe(false);
    });

    it('agrees with the JS validity rule on random mutations', () => {
      const pool = 'AZaz09+/=-_ .!\n';
      const rand = testRandom();
      for (let k = 0; k < 3000; k++) {
        const len = 1 + (k % 40);
        let s = randomBytes(rand, len).toString('base64');
        const at = k % s.length;
        s = s.slice(0, at) + pool[k % pool.length] + s.slice(at + 1);
        let ok = true;
        try {
          decodeBytes(kernel, ascii(s));
        } catch {
          ok = false;
        }
        expect(ok, JSON.stringify(s)).toBe(isValidBase64(s));
      }
    });
  });

  describe('base64 kernel whitespace strip', () => {
    it('removes exactly the six whitespace bytes, at any density and position, keeping every other byte in order', () => {
      const rand = testRandom();
      const spaces = [9, 10, 11, 12, 13, 32];
      // Bytes that look like whitespace to a careless test but must stay (the decode rejects them).
      const keep = [0, 8, 14, 31, 33, 0x41, 0x7f, 0x80, 0x89, 0x8a, 0xa0, 0xff];
      const ptr = kernel.reserve(4096);
      for (let k = 0; k < 400; k++) {
        const len = k < 200 ? k : randomInt(rand, 4000); // every short length, then long runs
        const density = randomPick(rand, [0, 0.01, 0.06, 0.3, 0.9, 1]);
        const input = new Uint8Array(len);
        for (let i = 0; i < len; i++) {
          input[i] = randomPick(rand, rand() < density ? spaces : keep);
        }
        new Uint8Array(kernel.memory.buffer, ptr, len).set(input);
        const n = kernel.stripWhitespace(ptr, len);
        const expected = input.filter((b) => !spaces.includes(b));
        const got = new Uint8Array(kernel.memory.buffer, ptr, n);
        expect(Buffer.from(got).equals(Buffer.from(expected)), `length ${len}, density ${density}`).toBe(true);
      }
    });
  });
});
