/** The WASM kernel against independent references: random W, D and parameters; the catalogue. */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadFreshKernel } from '../../../server/wasm';
import { computeCrc, deriveMatrices, matrixBit, type CrcKernel, type CrcMatrices } from './kernel';
import {
  bytesToBits,
  finish,
  randomBits,
  referenceCrc,
  referenceCrcBits,
  referenceRegister,
  unrollMatrices,
  wordOf,
} from '../../../tests/oracles/crc-reference';
import { deriveMatricesTs } from '../../../tests/oracles/crc-matrix-ts';
import { randomBigInt, testRandom } from '../../../tests/cases/seed';
import { CATALOGUE, predefinedAlgorithms, paramsOf } from './catalogue';
import { FALLBACK_ALGORITHMS } from './fallback';
import { CHECK_INPUT, mask, parseHex, reflect, type CrcParams } from './params';

let kernel: CrcKernel;
beforeAll(async () => {
  kernel = await loadFreshKernel<CrcKernel>('crc');
});

const rand = testRandom();
const randomBig = (bits: number) => randomBigInt(rand, bits);
const randomInt = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));

function randomParams(width: number): CrcParams {
  return {
    width,
    poly: randomBig(width) | 1n,
    init: randomBig(width),
    refin: rand() < 0.5,
    refout: rand() < 0.5,
    xorout: randomBig(width),
  };
}

/** next = F*s xor G*d, evaluated straight from the columns. */
function applyMatrices(m: CrcMatrices, state: bigint, d: bigint): bigint {
  let next = 0n;
  for (let r = 0; r < m.width; r++) {
    let bit = 0;
    for (let i = 0; i < m.width; i++) if (matrixBit(m, i, r) && (state >> BigInt(i)) & 1n) bit ^= 1;
    for (let j = 0; j < m.dataWidth; j++) if (matrixBit(m, m.width + j, r) && (d >> BigInt(j)) & 1n) bit ^= 1;
    if (bit) next |= 1n << BigInt(r);
  }
  return next;
}

describe('matrix derivation (WASM)', () => {
  it('matches the bit-serial LFSR for random W (1..67), D (1..1024), polynomials and states', () => {
    const widths = [1, 2, 3, 31, 32, 33, 63, 64, 65, 66, 67, ...Array.from({ length: 25 }, () => randomInt(1, 67))];
    for (const w of widths) {
      const d = rand() < 0.2 ? randomInt(900, 1024) : randomInt(1, 200);
      const p = randomParams(w);
      const m = deriveMatrices(kernel, w, p.poly, d);
      const state = randomBig(w);
      const bits = randomBits(rand, d);
      const dWord = wordOf(bits, false); // d[D-1] = first bit in time
      expect(applyMatrices(m, state, dWord), `W=${w} D=${d}`).toBe(referenceRegister(p, bits, state));
    }
  });

  it('equals symbolic LFSR unrolling and the TypeScript port, bit for bit', () => {
    for (const [w, d] of [
      [1, 1],
      [5, 3],
      [8, 8],
      [16, 13],
      [32, 64],
      [33, 7],
      [64, 512],
      [65, 100],
      [67, 1024],
      [67, 1],
    ] as const) {
      const poly = randomBig(w) | 1n;
      const m = deriveMatrices(kernel, w, poly, d);
      expect(m.cols, `W=${w} D=${d}`).toEqual(unrollMatrices(w, poly, d).cols);
      expect(m.cols, `W=${w} D=${d}`).toEqual(deriveMatricesTs(w, poly, d).cols);
    }
  });

  it('rejects sizes out of range', () => {
    expect(() => deriveMatrices(kernel, 0, 1n, 8)).toThrow(RangeError);
    expect(() => deriveMatrices(kernel, 68, 1n, 8)).toThrow(RangeError);
    expect(() => deriveMatrices(kernel, 8, 7n, 0)).toThrow(RangeError);
    expect(() => deriveMatrices(kernel, 8, 7n, 1025)).toThrow(RangeError);
    expect(kernel.crcMatrices(8, 7n, 0n, 2000, kernel.reserve(16))).toBe(-1);
  });
});

describe('software CRC (WASM, Williams model)', () => {
  const supported = CATALOGUE.filter((e) => e.width <= 67);
  it.each(supported.map((e) => [e.name, e] as const))('%s: check value', (_name, e) => {
    const p: CrcParams = {
      width: e.width,
      poly: parseHex(e.poly)!,
      init: parseHex(e.init)!,
      refin: e.refin,
      refout: e.refout,
      xorout: parseHex(e.xorout)!,
    };
    expect(computeCrc(kernel, p, CHECK_INPUT)).toBe(parseHex(e.check));
    expect(referenceCrc(p, CHECK_INPUT)).toBe(parseHex(e.check));
  });

  it('gives every catalogue residue (register after a codeword, before xorout)', () => {
    for (const e of supported) {
      const p = paramsOf(predefinedAlgorithms().find((a) => a.name === e.name)!);
      const msg = randomBits(rand, 8 * randomInt(1, 12));
      const crcBits = referenceCrcBits(p, msg);
      // Append the CRC in transmission order: as sent by a reflected or a normal engine.
      const sent: number[] = [];
      for (let i = 0; i < p.width; i++) sent.push(Number((crcBits >> BigInt(p.refout ? i : p.width - 1 - i)) & 1n));
      const reg = referenceRegister(p, [...msg, ...sent]);
      const residue = p.refout ? reflect(reg, p.width) : reg;
      expect(residue, e.name).toBe(parseHex(e.residue));
    }
  });

  it('matches the reference for random parameters and lengths, including W > 64', () => {
    for (let n = 0; n < 60; n++) {
      const p = randomParams(n < 10 ? 64 + (n % 4) : randomInt(1, 67));
      const data = Uint8Array.from(randomBits(rand, randomInt(0, 64)).map(() => randomInt(0, 255)));
      expect(computeCrc(kernel, p, data), `W=${p.width}`).toBe(referenceCrc(p, data));
    }
  });

  it('reference helpers agree: bytes -> bits -> CRC', () => {
    const p = paramsOf(predefinedAlgorithms().find((a) => a.name === 'CRC-32/ISO-HDLC')!);
    expect(referenceCrcBits(p, bytesToBits(CHECK_INPUT, true))).toBe(0xcbf43926n);
    expect(finish(p, p.init)).toBe(0n);
    expect(mask(67)).toBe((1n << 67n) - 1n);
  });
});

describe('catalogue and fallback list', () => {
  it('has 112 algorithms of width <= 67 and excludes CRC-82/DARC', () => {
    const list = predefinedAlgorithms();
    expect(list.length).toBe(112);
    expect(list.some((a) => a.name === 'CRC-82/DARC')).toBe(false);
  });

  it('fallback entries equal their catalogue entries', () => {
    const list = predefinedAlgorithms();
    for (const f of FALLBACK_ALGORITHMS) {
      const a = list.find((x) => x.name === f.aliases[0])!;
      expect(a.aliases).toContain(f.name);
      expect({ ...f, name: a.name, aliases: a.aliases }).toEqual(a);
    }
    expect(FALLBACK_ALGORITHMS.map((f) => f.name)).toEqual([
      'CRC-32 Ethernet',
      'CRC-16 USB',
      'CRC-16 CCITT',
      'CRC-8',
      'CRC-10',
      'CRC-32C',
    ]);
  });
});
