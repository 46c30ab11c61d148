// Table-driven CRC for any width 1..64 (slicing-by-8), for checksumming files: `bitsmith crc check`.
// The register is a u64: reflected algorithms keep it reflected in the low W bits (the first bit in
// time is bit 0); the others keep it left-aligned (x^(W-1) at bit 63), so the first data byte meets
// the register's top byte. One table shape then serves every width, as in Mark Adler's crcany.

// Table k (k = 0..7) at [k * 256, k * 256 + 256): the register change of one byte followed by k zero bytes.
const TABLES = new StaticArray<u64>(8 * 256);

@inline function tab(k: u32, i: u64): u64 {
  return load<u64>(changetype<usize>(TABLES) + ((<usize>(k << 8) + <usize>i) << 3));
}

/**
 * Builds the tables of a W-bit polynomial (without its x^W term). `reflected`: refin algorithms.
 * Returns 0, or 1 for a width outside 1..64.
 */
export function crcTableSetup(width: i32, poly: u64, reflected: bool): i32 {
  if (width < 1 || width > 64) return 1;
  const top: u64 = <u64>1 << 63;
  // The polynomial reflected in W bits, or shifted up to bit 63.
  let p: u64 = 0;
  if (reflected) for (let b = 0; b < width; b++) p |= ((poly >> <u64>b) & 1) << <u64>(width - 1 - b);
  else p = poly << <u64>(64 - width);
  for (let i: u64 = 0; i < 256; i++) {
    let c: u64 = reflected ? i : i << 56;
    for (let k = 0; k < 8; k++)
      if (reflected) c = c & 1 ? (c >> 1) ^ p : c >> 1;
      else c = c & top ? (c << 1) ^ p : c << 1;
    unchecked((TABLES[<i32>i] = c));
  }
  for (let k = 1; k < 8; k++)
    for (let i = 0; i < 256; i++) {
      const prev = unchecked(TABLES[(k - 1) * 256 + i]);
      unchecked(
        (TABLES[k * 256 + i] = reflected ? (prev >> 8) ^ tab(0, prev & 255) : (prev << 8) ^ tab(0, prev >> 56)),
      );
    }
  return 0;
}

/** Continues a reflected register over `len` bytes at `ptr`. */
export function crcTableReflected(reg: u64, ptr: usize, len: usize): u64 {
  let c = reg;
  const end = ptr + len;
  while (ptr + 8 <= end) {
    const x = c ^ load<u64>(ptr);
    c = tab(7, x & 255) ^ tab(6, (x >> 8) & 255) ^ tab(5, (x >> 16) & 255) ^ tab(4, (x >> 24) & 255) ^
        tab(3, (x >> 32) & 255) ^ tab(2, (x >> 40) & 255) ^ tab(1, (x >> 48) & 255) ^ tab(0, x >> 56);
    ptr += 8;
  }
  while (ptr < end) {
    c = (c >> 8) ^ tab(0, (c ^ <u64>load<u8>(ptr)) & 255);
    ptr++;
  }
  return c;
}

/** Continues a left-aligned register over `len` bytes at `ptr`. */
export function crcTableAligned(reg: u64, ptr: usize, len: usize): u64 {
  let c = reg;
  const end = ptr + len;
  while (ptr + 8 <= end) {
    // Little-endian memory: byte-swapped, the first byte in time is the top byte.
    const x = c ^ bswap<u64>(load<u64>(ptr));
    c = tab(7, x >> 56) ^ tab(6, (x >> 48) & 255) ^ tab(5, (x >> 40) & 255) ^ tab(4, (x >> 32) & 255) ^
        tab(3, (x >> 24) & 255) ^ tab(2, (x >> 16) & 255) ^ tab(1, (x >> 8) & 255) ^ tab(0, x & 255);
    ptr += 8;
  }
  while (ptr < end) {
    c = (c << 8) ^ tab(0, (c >> 56) ^ <u64>load<u8>(ptr));
    ptr++;
  }
  return c;
}
