/**
 * The FIFO pointer scheme, as a TypeScript reference of what the HDL does (unit tests pin it for
 * every depth; the emitters take their constants from here).
 *
 * A pointer has A + 1 bits, {wrap bit, address}, with A the least width where 2^A >= depth. The
 * address counts 0..depth-1 and then wraps to 0, toggling the wrap bit; for a power-of-two depth
 * that is a plain binary counter. Equal addresses mean empty or full, told apart by the wrap bits.
 *
 * Async FIFOs pass pointers between clock domains as Gray codes. For a power-of-two depth the
 * pointer's own Gray code changes one bit per step. For any other depth, the 2 x depth pointer
 * values take a window of the (A+1)-bit reflected Gray code centred on its midpoint: the window
 * is a cycle in which each step, the wrap included, changes one bit, since the reflected code's
 * entries k and 2^(A+1)-1-k differ only in the top bit.
 */

export interface PointerScheme {
  depth: number;
  /** Address bits A. */
  addrBits: number;
  /** 2^A - depth: added to pointers whose wrap bit is clear to place them in the Gray window. */
  grayOffset: number;
}

export function pointerScheme(depth: number): PointerScheme {
  const addrBits = Math.ceil(Math.log2(depth));
  return { depth, addrBits, grayOffset: 2 ** addrBits - depth };
}

const wrapBit = (s: PointerScheme) => 2 ** s.addrBits;

/** The pointer after one more word (HDL: ptr_next, or + 1 for a power-of-two depth). */
export function ptrNext(s: PointerScheme, p: number): number {
  const address = p % wrapBit(s);
  return address === s.depth - 1 ? (p & wrapBit(s)) ^ wrapBit(s) : p + 1;
}

/** Words from pointer b up to pointer a, 0..depth (HDL: ptr_count, or a - b), modulo 2^(A+1). */
export function ptrCount(s: PointerScheme, a: number, b: number): number {
  const lap = (a ^ b) & wrapBit(s) ? s.depth : 0;
  const modulus = 2 * wrapBit(s);
  return ((a % wrapBit(s)) - (b % wrapBit(s)) + lap + modulus) % modulus;
}

export const bin2gray = (b: number) => b ^ (b >> 1);

export function gray2bin(g: number): number {
  let b = 0;
  for (let x = g; x; x >>= 1) b ^= x;
  return b;
}

/** The code a pointer crosses clock domains as (HDL: ptr2gray, or bin2gray). */
export function ptrToGray(s: PointerScheme, p: number): number {
  return bin2gray(p & wrapBit(s) ? p : p + s.grayOffset);
}

/** The pointer a crossing code stands for (HDL: gray2ptr, or gray2bin). */
export function grayToPtr(s: PointerScheme, g: number): number {
  const b = gray2bin(g);
  return b & wrapBit(s) ? b : b - s.grayOffset;
}
