/**
 * The table-driven CRC of `bitsmith crc check` (cli/crc-table.ts) against the core's bit-serial WASM
 * CRC, for every catalogue algorithm: random lengths and unaligned starts, fed in uneven pieces.
 */
import { describe, expect, it } from 'vitest';
import { randomBytes, testRandom } from '../cases/seed';
import { loadKernel } from '../../server/wasm';
import { paramsOf, predefinedAlgorithms } from '../../src/core/crc/catalogue';
import { computeCrc, type CrcKernel } from '../../src/core/crc/kernel';
import { tableCrc } from '../../cli/crc-table';

describe('bitsmith crc check: the table-driven CRC', () => {
  it('equals the core CRC for every catalogue algorithm, any alignment and piece size', async () => {
    const kernel = await loadKernel<CrcKernel>('crc');
    const rand = testRandom(27);
    const data = randomBytes(rand, 4099);
    for (const a of predefinedAlgorithms()) {
      const p = paramsOf(a);
      const start = Math.floor(rand() * 8);
      const bytes = data.subarray(start, start + 1000 + Math.floor(rand() * 3000));
      const crc = tableCrc(p);
      for (let at = 0; at < bytes.length;) {
        const n = Math.floor(rand() * 700);
        crc.update(bytes.subarray(at, at + n));
        at += n;
      }
      expect(crc.value(), a.name).toBe(computeCrc(kernel, p, bytes));
      const check = tableCrc(p);
      check.update(new TextEncoder().encode('123456789'));
      expect(check.value(), a.name).toBe(BigInt(a.check));
    }
  });
});
