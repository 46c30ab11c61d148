/**
 * Hamming SECDED layout used by the generated FIFOs, plus a TypeScript reference of the same code
 * (used by unit tests to pin the algorithm the HDL implements).
 *
 * Codeword bit 0 is the overall parity; bits 1..N follow the Hamming positions: a power of two is
 * a parity bit, every other position holds the next data bit (LSB first).
 */

/** Hamming parity bits for `dataWidth` data bits: the least p with 2^p >= data + p + 1. */
export function eccParityBits(dataWidth: number): number {
  let p = 0;
  while (2 ** p < dataWidth + p + 1) p++;
  return p;
}

/** Stored word width with ECC: data + Hamming parity + overall parity. */
export function eccCodewordWidth(dataWidth: number): number {
  return dataWidth + eccParityBits(dataWidth) + 1;
}

/** Codeword positions (1-based Hamming positions) that carry data bits 0..W-1. */
export function eccDataPositions(dataWidth: number): number[] {
  const out: number[] = [];
  for (let pos = 1; out.length < dataWidth; pos++) if ((pos & (pos - 1)) !== 0) out.push(pos);
  return out;
}

/** Codeword bit flipped by the single-error injection (the first data bit, position 3). */
export const INJECT_SINGLE_BITS = [3];
/** Codeword bits flipped by the double-error injection (two data bits, positions 3 and 5). */
export const INJECT_DOUBLE_BITS = [3, 5];

/**
 * The double-error injection bits for a data width: INJECT_DOUBLE_BITS, except for 1-bit data,
 * whose 4-bit codeword has no position 5: there the data bit and parity bit 2 flip.
 */
export function injectDoubleBits(dataWidth: number): number[] {
  return dataWidth >= 2 ? INJECT_DOUBLE_BITS : [2, 3];
}

/** Reference encoder: bits as 0/1 arrays, index = bit number. */
export function eccEncode(data: number[]): number[] {
  const w = data.length;
  const n = w + eccParityBits(w);
  const cw = new Array<number>(n + 1).fill(0);
  eccDataPositions(w).forEach((pos, i) => (cw[pos] = data[i]!)); // one position per data bit
  for (let p = 1; p <= n; p <<= 1) {
    let x = 0;
    for (let pos = 1; pos <= n; pos++) if (pos & p) x ^= cw[pos]!;
    cw[p] = x;
  }
  cw[0] = cw.slice(1).reduce((a, b) => a ^ b, 0);
  return cw;
}

export interface EccDecoded {
  data: number[];
  singleError: boolean;
  doubleError: boolean;
}

/** Reference decoder: corrects one flipped bit, detects two. */
export function eccDecode(codeword: number[], dataWidth: number): EccDecoded {
  const cw = codeword.slice();
  const n = dataWidth + eccParityBits(dataWidth);
  if (cw.length !== n + 1) throw new RangeError(`A ${dataWidth}-bit ECC codeword has ${n + 1} bits.`);
  let syndrome = 0;
  for (let pos = 1; pos <= n; pos++) if (cw[pos]) syndrome ^= pos;
  const overall = cw.reduce((a, b) => a ^ b, 0);
  let singleError = false;
  let doubleError = false;
  if (overall === 1) {
    singleError = true;
    if (syndrome !== 0 && syndrome <= n) cw[syndrome]! ^= 1;
  } else if (syndrome !== 0) {
    doubleError = true;
  }
  return { data: eccDataPositions(dataWidth).map((pos) => cw[pos]!), singleError, doubleError };
}
