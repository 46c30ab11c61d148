// Adler-32 (zlib's checksum) over a byte buffer in linear memory, 16 bytes per SIMD step.

const ADLER_MOD: u32 = 65521;
const ADLER_BLOCK: usize = 5536; // multiple of 16 below zlib's NMAX (5552): lanes cannot overflow

/** Continues an Adler-32 (start with 1) over `len` bytes at `ptr`. */
export function adler32(adler: u32, ptr: usize, len: usize): u32 {
  let s1: u64 = adler & 0xffff;
  let s2: u64 = adler >>> 16;
  const wHi = i16x8(16, 15, 14, 13, 12, 11, 10, 9);
  const wLo = i16x8(8, 7, 6, 5, 4, 3, 2, 1);
  const end = ptr + len;
  while (ptr < end) {
    const n = min<usize>(ADLER_BLOCK, end - ptr);
    const vecEnd = ptr + (n & ~15);
    let vs1 = i32x4.splat(0); // byte sums
    let vsPrev = i32x4.splat(0); // running sum of vs1 before each 16-byte block
    let vs2 = i32x4.splat(0); // position-weighted sums inside each block
    let blocks: u64 = 0;
    while (ptr < vecEnd) {
      const v = v128.load(ptr);
      vsPrev = i32x4.add(vsPrev, vs1);
      const lo = i16x8.extend_low_i8x16_u(v);
      const hi = i16x8.extend_high_i8x16_u(v);
      vs1 = i32x4.add(vs1, i32x4.extadd_pairwise_i16x8_u(i16x8.add(lo, hi)));
      vs2 = i32x4.add(vs2, i32x4.add(i32x4.dot_i16x8_s(lo, wHi), i32x4.dot_i16x8_s(hi, wLo)));
      blocks++;
      ptr += 16;
    }
    const sum1 = hsum(vs1);
    s2 += blocks * 16 * s1 + 16 * hsum(vsPrev) + hsum(vs2);
    s1 += sum1;
    while (ptr < end && ptr < vecEnd + (n & 15)) {
      s1 += load<u8>(ptr);
      s2 += s1;
      ptr++;
    }
    s1 %= ADLER_MOD;
    s2 %= ADLER_MOD;
  }
  return (<u32>s2 << 16) | <u32>s1;
}

@inline function hsum(v: v128): u64 {
  return <u64><u32>i32x4.extract_lane(v, 0) + <u64><u32>i32x4.extract_lane(v, 1) +
         <u64><u32>i32x4.extract_lane(v, 2) + <u64><u32>i32x4.extract_lane(v, 3);
}
