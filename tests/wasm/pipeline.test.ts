// The WASM pipeline in Node: the built module loads from build/wasm, the scratch allocator grows,
// and the kernel agrees with an independent reference (Node's zlib CRC-32 where available).
import * as zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32, crc32Reference, type Crc32Exports } from '../../src/core/crc/crc32';
import { loadFreshKernel, loadKernel } from '../../server/wasm';
import { randomBytes, testRandom } from '../cases/seed';

describe('WASM pipeline (crc module)', () => {
  it('computes the CRC-32 check value of "123456789"', async () => {
    const k = await loadKernel<Crc32Exports>('crc');
    expect(crc32(k, new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
  });

  it('matches the bit-serial reference for every length 0..300 and for chained chunks', async () => {
    const k = await loadKernel<Crc32Exports>('crc');
    const rand = testRandom();
    for (let n = 0; n <= 300; n++) {
      const data = randomBytes(rand, n);
      expect(crc32(k, data), `length ${n}`).toBe(crc32Reference(data));
    }
    const data = randomBytes(rand, 10_000);
    const chained = crc32(k, data.subarray(4321), crc32(k, data.subarray(0, 4321)));
    expect(chained).toBe(crc32Reference(data));
  });

  it('handles buffers larger than its chunk and initial memory (memory growth)', async () => {
    const k = await loadFreshKernel<Crc32Exports>('crc');
    const before = k.memory.buffer.byteLength;
    const data = randomBytes(testRandom(), 3 << 20);
    const expected =
      'crc32' in zlib ? (zlib as unknown as { crc32(d: Uint8Array): number }).crc32(data) >>> 0 : crc32Reference(data);
    expect(crc32(k, data)).toBe(expected);
    expect(k.memory.buffer.byteLength).toBeGreaterThan(before);
  });

  it('reports a WASM abort as a JavaScript error instead of crashing', async () => {
    const k = await loadFreshKernel<Crc32Exports>('crc');
    // Asking for more scratch than 4 GiB of linear memory can hold traps (heap grows past limit).
    expect(() => k.reserve(0xffff_fff0)).toThrow();
  });
});
