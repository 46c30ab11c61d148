/**
 * Brute-force oracle of CRC identification for small widths: every Williams-model parameter set of
 * the widths searched (each odd polynomial, refin, refout and init; xorout then follows from the
 * first sample) is run on the samples, and the sets that reproduce all of them are grouped into
 * distinct CRC functions by their CRCs of probe messages. Independent of assembly/crcid.ts (no GCD,
 * no linear algebra, no equivalence classes): 2^(3W-1) candidates per width, so W <= 8 takes
 * milliseconds and W = 12 seconds. Test code only.
 */
import { seededRandom } from '../../src/core/random';
import type { CrcParams } from '../../src/core/crc/params';

export interface OracleSample {
  message: Uint8Array;
  crc: bigint;
}

const reflect = (v: number, w: number) => {
  let r = 0;
  for (let i = 0; i < w; i++) r |= ((v >> i) & 1) << (w - 1 - i);
  return r;
};

/** The register after `message` from 0 (Williams model, MSB-first unless refin). */
function register(w: number, poly: number, refin: boolean, message: Uint8Array): number {
  const m = (1 << w) - 1;
  let r = 0;
  for (const byte of message) {
    const b = refin ? reflect(byte, 8) : byte;
    for (let k = 7; k >= 0; k--) {
      const feedback = ((r >> (w - 1)) ^ (b >> k)) & 1;
      r = ((r << 1) & m) ^ (feedback ? poly : 0);
    }
  }
  return r;
}

/** How init bit j reaches the register after `length` bytes: x^(j + 8 length) mod g, j < W. */
function initColumns(w: number, poly: number, length: number): number[] {
  const m = (1 << w) - 1;
  return Array.from({ length: w }, (_, j) => {
    let r = 1 << j;
    for (let s = 0; s < 8 * length; s++) r = ((r << 1) & m) ^ ((r >> (w - 1)) & 1 ? poly : 0);
    return r;
  });
}

/** Messages of assorted lengths, the empty one included, that tell distinct CRC functions apart. */
const PROBES = (() => {
  const rand = seededRandom(99);
  const lengths = [
    0, 1, 1, 1, 2, 2, 2, 3, 3, 4, 5, 5, 6, 7, 8, 9, 10, 11, 12, 13, 15, 17, 19, 23, 24, 29, 31, 32, 33, 40,
  ];
  return lengths.map((n) => Uint8Array.from({ length: n }, () => Math.floor(rand() * 256)));
})();

/** The CRC of `probe` for a set given by its register map (linear in init), reflection and xorout. */
interface Shape {
  w: number;
  poly: number;
  refin: boolean;
}

/**
 * The distinct CRC functions of widths lo..hi (odd polynomials) that reproduce every sample: one
 * parameter set of each, keyed by its CRCs of the probes.
 */
export function bruteForceFunctions(samples: OracleSample[], [lo, hi]: [number, number]): Map<string, CrcParams> {
  const out = new Map<string, CrcParams>();
  for (let w = lo; w <= hi; w++) {
    if (samples.some((s) => s.crc >> BigInt(w) !== 0n)) continue;
    const crcs = samples.map((s) => Number(s.crc));
    const lengths = new Set([...samples, ...PROBES.map((message) => ({ message }))].map((s) => s.message.length));
    for (let poly = 1; poly < 1 << w; poly += 2) {
      const columns = new Map([...lengths].map((n) => [n, initColumns(w, poly, n)]));
      for (const refin of [false, true]) {
        const shape: Shape = { w, poly, refin };
        const fromZero = samples.map((s) => register(w, poly, refin, s.message));
        const sampleColumns = samples.map((s) => columns.get(s.message.length)!);
        const probeZero = PROBES.map((m) => register(w, poly, refin, m));
        const probeColumns = PROBES.map((m) => columns.get(m.length)!);
        for (const refout of [false, true]) {
          // Every init in Gray-code order: one column xor per step updates each sample's register.
          const regs = fromZero.slice();
          for (let g = 0; g < 1 << w; g++) {
            if (g > 0) {
              const bit = 31 - Math.clz32(g & -g);
              for (let i = 0; i < regs.length; i++) regs[i]! ^= sampleColumns[i]![bit]!;
            }
            const outs = regs.map((r) => (refout ? reflect(r, w) : r));
            const xorout = outs[0]! ^ crcs[0]!;
            if (!outs.every((o, i) => (o ^ xorout) === crcs[i])) continue;
            const init = g ^ (g >> 1);
            const probeCrcs = PROBES.map((_, p) => {
              let r = probeZero[p]!;
              for (let j = 0; j < w; j++) if ((init >> j) & 1) r ^= probeColumns[p]![j]!;
              return (refout ? reflect(r, w) : r) ^ xorout;
            });
            const key = probeCrcs.join(',');
            if (!out.has(key)) out.set(key, params(shape, refout, init, xorout));
          }
        }
      }
    }
  }
  return out;
}

const params = ({ w, poly, refin }: Shape, refout: boolean, init: number, xorout: number): CrcParams => ({
  width: w,
  poly: BigInt(poly),
  init: BigInt(init),
  refin,
  refout,
  xorout: BigInt(xorout),
});
