/**
 * Independent references, written the way the textbooks state them (BigInt, one bit at a time):
 * used to verify the WASM kernel and the generated hardware, and as benchmark baselines. Test
 * code only: the product never imports it.
 */
import { mask, reflect, type CrcParams } from '../../src/core/crc/params';
import type { CrcMatrices } from '../../src/core/crc/kernel';

/** The bits of `bytes` in time order: each byte MSB first, or LSB first with `refin`. */
export function bytesToBits(bytes: Uint8Array, refin: boolean): number[] {
  const bits: number[] = [];
  for (const b of bytes) for (let k = 0; k < 8; k++) bits.push((b >> (refin ? k : 7 - k)) & 1);
  return bits;
}

export const randomBits = (rand: () => number, n: number): number[] =>
  Array.from({ length: n }, () => (rand() < 0.5 ? 0 : 1));

/**
 * The data_in word for D bits of the stream (time order): the first bit goes to data_in[D-1],
 * or to data_in[0] with refin (the generator's bit-order contract, stated independently here).
 */
export function wordOf(chunk: readonly number[], refin: boolean): bigint {
  const d = chunk.length;
  let v = 0n;
  chunk.forEach((bit, t) => {
    if (bit) v |= 1n << BigInt(refin ? t : d - 1 - t);
  });
  return v;
}

/** The inverse of wordOf: the D bits of a data_in word in time order. */
export function bitsOfWord(word: bigint, d: number, refin: boolean): number[] {
  return Array.from({ length: d }, (_, t) => Number((word >> BigInt(refin ? t : d - 1 - t)) & 1n));
}

/** The register after shifting `bits` (time order) into an LFSR that starts at `start`. */
export function referenceRegister(p: CrcParams, bits: readonly number[], start = p.init): bigint {
  const top = 1n << BigInt(p.width - 1);
  const m = mask(p.width);
  let reg = start & m;
  for (const bit of bits) {
    const feedback = ((reg & top) !== 0n) !== (bit === 1);
    reg = (reg << 1n) & m;
    if (feedback) reg ^= p.poly & m;
  }
  return reg;
}

/** The finished CRC of a register: reflected when refout, then xorout. */
export function finish(p: CrcParams, reg: bigint): bigint {
  return ((p.refout ? reflect(reg, p.width) : reg) ^ p.xorout) & mask(p.width);
}

/** Williams-model CRC of a bit stream (time order). */
export function referenceCrcBits(p: CrcParams, bits: readonly number[]): bigint {
  return finish(p, referenceRegister(p, bits));
}

/** Williams-model CRC of bytes. */
export function referenceCrc(p: CrcParams, bytes: Uint8Array): bigint {
  return referenceCrcBits(p, bytesToBits(bytes, p.refin));
}

/**
 * Symbolic LFSR unrolling, the approach most generators use: every register bit is a set of
 * variables (state bits 0..W-1, then data bits d[0..D-1]); the serial LFSR is stepped D times
 * with d[D-1] first, xoring sets. Returns the same column layout as the matrix derivation.
 */
export function unrollMatrices(width: number, poly: bigint, dataWidth: number): CrcMatrices {
  const vars = width + dataWidth;
  const words = (vars + 31) >>> 5;
  // Every index below is in range: registers hold `width` sets of `words` words, i.e. `vars` bits.
  let reg: Uint32Array[] = [];
  for (let i = 0; i < width; i++) {
    const s = new Uint32Array(words);
    s[i >>> 5]! |= 1 << (i & 31);
    reg.push(s);
  }
  const taps: number[] = [];
  for (let i = 0; i < width; i++) if ((poly >> BigInt(i)) & 1n) taps.push(i);
  for (let t = 0; t < dataWidth; t++) {
    const v = width + (dataWidth - 1 - t);
    const fb = reg[width - 1]!.slice();
    fb[v >>> 5]! ^= 1 << (v & 31);
    const next = [new Uint32Array(words), ...reg.slice(0, width - 1)];
    for (const i of taps) {
      const target = (next[i] = next[i]!.slice());
      for (let w = 0; w < words; w++) target[w]! ^= fb[w]!;
    }
    reg = next;
  }
  const cols = new Uint32Array(vars * 4);
  for (const [r, sets] of reg.entries()) {
    for (let c = 0; c < vars; c++) if ((sets[c >>> 5]! >>> (c & 31)) & 1) cols[(c << 2) + (r >> 5)]! |= 1 << (r & 31);
  }
  return { width, dataWidth, cols };
}
