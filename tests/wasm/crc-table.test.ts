/**
 * The table-driven CRC kernel (src/core/crc/table.ts, used by `bitsmith crc check`) against the core's
 * bit-serial WASM CRC for every catalogue algorithm and random parameter sets: random lengths, unaligned
 * starts, uneven pieces; and the combination of parts computed alone (src/core/crc/combine.ts).
 */
import { describe, expect, it } from 'vitest';
import { randomBytes, testRandom } from '../cases/seed';
import { loadKernel } from '../../server/wasm';
import { paramsOf, predefinedAlgorithms } from '../../src/core/crc/catalogue';
import { combineCrcs } from '../../src/core/crc/combine';
import { computeCrc, type CrcKernel } from '../../src/core/crc/kernel';
import { CHECK_INPUT, mask, type CrcParams } from '../../src/core/crc/params';
import { tableCrc } from '../../src/core/crc/table';

const rand = testRandom(27);
const data = randomBytes(rand, 5000);
const int = (n: number) => Math.floor(rand() * n);
const bigRandom = (width: number) => BigInt.asUintN(width, (BigInt(int(2 ** 32)) << 32n) | BigInt(int(2 ** 32)));

/** Random parameter sets of every width 1..64, every refin/refout pair. */
const randomParams = (): CrcParams[] =>
  Array.from({ length: 64 }, (_, i) => {
    const width = i + 1;
    return {
      width,
      poly: bigRandom(width) | 1n,
      init: bigRandom(width),
      xorout: bigRandom(width),
      refin: rand() < 0.5,
      refout: rand() < 0.5,
    };
  });

const catalogue = predefinedAlgorithms().filter((a) => a.width <= 64);
const cases: [string, CrcParams][] = [
  ...catalogue.map((a) => [a.name, paramsOf(a)] as [string, CrcParams]),
  ...randomParams().map((p) => [`random W=${p.width} refin=${p.refin} refout=${p.refout}`, p] as [string, CrcParams]),
];

describe('the table-driven CRC kernel', () => {
  it('gives every catalogue algorithm its check value', async () => {
    const kernel = await loadKernel<CrcKernel>('crc');
    for (const a of catalogue) {
      const crc = tableCrc(kernel, paramsOf(a), 64);
      crc.updateWith(CHECK_INPUT);
      expect(crc.value(), a.name).toBe(BigInt(a.check));
    }
  });

  it('equals the bit-serial CRC for any alignment and piece size, widths 1..64', async () => {
    const kernel = await loadKernel<CrcKernel>('crc');
    for (const [name, p] of cases) {
      const start = int(8);
      const bytes = data.subarray(start, start + int(4000));
      const crc = tableCrc(kernel, p, 1024);
      for (let at = 0; at < bytes.length;) {
        const n = int(700);
        crc.updateWith(bytes.subarray(at, at + n));
        at += n;
      }
      expect(crc.value(), name).toBe(computeCrc(kernel, p, bytes));
    }
  });

  it('combines parts computed alone into the CRC of the whole, empty parts included', async () => {
    const kernel = await loadKernel<CrcKernel>('crc');
    for (const [name, p] of cases) {
      const bytes = data.subarray(0, 1 + int(4000));
      const cuts = [0, int(bytes.length), int(bytes.length), bytes.length].sort((a, b) => a - b);
      const parts = cuts.slice(1).map((end, i) => {
        const crc = tableCrc(kernel, p);
        crc.updateWith(bytes.subarray(cuts[i], end));
        return { value: crc.value(), bytes: end - cuts[i]! };
      });
      expect(combineCrcs(p, parts), name).toBe(computeCrc(kernel, p, bytes) & mask(p.width));
    }
  });
});
