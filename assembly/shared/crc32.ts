// CRC-32 (IEEE 802.3, reflected polynomial 0xEDB88320) over a byte buffer in linear memory,
// slicing-by-8: each iteration consumes eight bytes with eight table look-ups.
// Used by the CRC module (crc32Update) and the PNG encoder (chunk CRCs).

const TABLES = new StaticArray<u32>(8 * 256);

function buildTables(): void {
  for (let n: u32 = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    unchecked((TABLES[n] = c));
  }
  for (let n = 0; n < 256; n++) {
    let c = unchecked(TABLES[n]);
    for (let t = 1; t < 8; t++) {
      c = unchecked(TABLES[c & 0xff]) ^ (c >>> 8);
      unchecked((TABLES[t * 256 + n] = c));
    }
  }
}
buildTables();

@inline function tab(t: u32, i: u32): u32 {
  return load<u32>(changetype<usize>(TABLES) + (((t << 8) + i) << 2));
}

/** Continues a CRC-32 over `len` bytes at `ptr`. Start with `crc = 0`; chain calls for chunks. */
export function crc32Update(crc: u32, ptr: usize, len: usize): u32 {
  let c = ~crc;
  const end = ptr + len;
  while (ptr + 8 <= end) {
    const lo = load<u32>(ptr) ^ c;
    const hi = load<u32>(ptr, 4);
    c = tab(7, lo & 0xff) ^ tab(6, (lo >>> 8) & 0xff) ^ tab(5, (lo >>> 16) & 0xff) ^ tab(4, lo >>> 24) ^
        tab(3, hi & 0xff) ^ tab(2, (hi >>> 8) & 0xff) ^ tab(1, (hi >>> 16) & 0xff) ^ tab(0, hi >>> 24);
    ptr += 8;
  }
  while (ptr < end) {
    c = tab(0, (c ^ load<u8>(ptr)) & 0xff) ^ (c >>> 8);
    ptr++;
  }
  return ~c;
}
