// Byte-order helpers for formats that store big-endian integers (PNG, zlib).

/** Stores `v` big-endian at `p`. */
@inline export function storeBE32(p: usize, v: u32): void {
  store<u32>(p, bswap<u32>(v));
}
