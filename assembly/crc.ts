// CRC kernels: CRC-32 (IEEE 802.3) with slicing-by-8, a table-driven CRC of any width up to 64,
// parallel CRC matrices and a general (Williams/Rocksoft model) software CRC.

export { reserve } from "./shared/memory";
export { crc32Update } from "./shared/crc32";
export { crcTableSetup, crcTableReflected, crcTableAligned } from "./shared/crc-table";

// ---------------------------------------------------------------------------------------------
// Parallel CRC matrices and a general (Williams/Rocksoft model) software CRC, for widths 1..67.
// A W-bit value is two u64 words (lo = bits 0..63, hi = bits 64..66), the register unreflected:
// bit i is the coefficient of x^i. The polynomial is given without its x^W term.

const MAX_WIDTH: i32 = 67;
const MAX_DATA_WIDTH: i32 = 1024;

// Working register of the current call (globals instead of a struct: no allocation).
let regLo: u64 = 0;
let regHi: u64 = 0;
let polyLo: u64 = 0;
let polyHi: u64 = 0;
let maskLo: u64 = 0;
let maskHi: u64 = 0;
let topShift: i32 = 0; // position of bit W-1 inside its word
let topInHi: bool = false;

function setup(width: i32, pLo: u64, pHi: u64): void {
  maskLo = width >= 64 ? <u64>-1 : (<u64>1 << <u64>width) - 1;
  maskHi = width > 64 ? (<u64>1 << <u64>(width - 64)) - 1 : 0;
  polyLo = pLo & maskLo;
  polyHi = pHi & maskHi;
  topInHi = width > 64;
  topShift = topInHi ? width - 65 : width - 1;
}

/** The coefficient of x^(W-1) in the register. */
@inline function topBit(): u64 {
  return ((topInHi ? regHi : regLo) >> <u64>topShift) & 1;
}

/** register = (x * register + feedback * x^W) mod g, i.e. one LFSR step with `bit` shifted in. */
@inline function step(bit: u64): void {
  const fb = topBit() ^ bit;
  regHi = ((regHi << 1) | (regLo >> 63)) & maskHi;
  regLo = (regLo << 1) & maskLo;
  if (fb) {
    regLo ^= polyLo;
    regHi ^= polyHi;
  }
}

@inline function storeColumn(out: usize, column: i32): void {
  const p = out + (<usize>column << 4);
  store<u64>(p, regLo);
  store<u64>(p, regHi, 8);
}

/**
 * Derives the parallel CRC matrices for CRC width `width` (1..67) and data width `dataWidth`
 * (1..1024): next = F*s xor G*d over GF(2), column i of F = x^(i+D) mod g (i < W), column j of
 * G = x^(W+j) mod g (j < D), with d[D-1] the first bit in time. Writes W+D columns of 16 bytes
 * (lo u64, hi u64) at `out`: F's columns first, then G's. Returns 0, or -1 for bad sizes.
 */
export function crcMatrices(width: i32, pLo: u64, pHi: u64, dataWidth: i32, out: usize): i32 {
  if (width < 1 || width > MAX_WIDTH || dataWidth < 1 || dataWidth > MAX_DATA_WIDTH) return -1;
  setup(width, pLo, pHi);
  // x^0 mod g = 1 (W >= 1); walk n = 0 .. W+D-1 storing the powers each matrix needs.
  regLo = width == 0 ? 0 : 1;
  regHi = 0;
  const last = width + dataWidth - 1;
  for (let n = 0; n <= last; n++) {
    if (n >= dataWidth && n - dataWidth < width) storeColumn(out, n - dataWidth);
    if (n >= width) storeColumn(out, width + (n - width));
    step(0);
  }
  return 0;
}

@inline function reflectInto(lo: u64, hi: u64, width: i32): void {
  // Full 128-bit reversal, then shift right by 128 - width.
  let rHi = bswap<u64>(lo);
  let rLo = bswap<u64>(hi);
  rHi = reverseBitsInBytes(rHi);
  rLo = reverseBitsInBytes(rLo);
  const s = 128 - width;
  if (s >= 64) {
    regLo = rHi >> <u64>(s - 64);
    regHi = 0;
  } else {
    regLo = (rLo >> <u64>s) | (s == 0 ? 0 : rHi << <u64>(64 - s));
    regHi = rHi >> <u64>s;
  }
}

@inline function reverseBitsInBytes(v: u64): u64 {
  v = ((v >> 1) & 0x5555555555555555) | ((v & 0x5555555555555555) << 1);
  v = ((v >> 2) & 0x3333333333333333) | ((v & 0x3333333333333333) << 2);
  v = ((v >> 4) & 0x0f0f0f0f0f0f0f0f) | ((v & 0x0f0f0f0f0f0f0f0f) << 4);
  return v;
}

/**
 * Williams/Rocksoft-model CRC of `len` bytes at `ptr` (bit serial; check values and short
 * messages). `init` is the unreflected register start value; with `refin` each byte enters
 * least significant bit first; `refout` reverses the final register; `xorout` is applied last.
 * Writes the result (lo u64, hi u64) at `out`. Returns 0, or -1 for a bad width.
 */
export function crcCompute(
  width: i32, pLo: u64, pHi: u64, initLo: u64, initHi: u64, refin: bool, refout: bool,
  xorLo: u64, xorHi: u64, ptr: usize, len: usize, out: usize,
): i32 {
  if (width < 1 || width > MAX_WIDTH) return -1;
  setup(width, pLo, pHi);
  regLo = initLo & maskLo;
  regHi = initHi & maskHi;
  for (let i: usize = 0; i < len; i++) {
    const byte = <u64>load<u8>(ptr + i);
    if (refin) {
      for (let k: u64 = 0; k < 8; k++) step((byte >> k) & 1);
    } else {
      for (let k: i32 = 7; k >= 0; k--) step((byte >> <u64>k) & 1);
    }
  }
  if (refout) reflectInto(regLo, regHi, width);
  store<u64>(out, (regLo ^ xorLo) & maskLo);
  store<u64>(out, (regHi ^ xorHi) & maskHi, 8);
  return 0;
}
