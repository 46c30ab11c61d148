// Base64 kernels over byte buffers in linear memory (RFC 4648, standard and URL-safe alphabets).
// Encode: Mula's SIMD algorithm (12 bytes -> 16 sextets -> 16 ASCII bytes per step, i8x16.swizzle
// for both the byte shuffle and the sextet-to-ASCII offsets). Decode: Mula/Lemire's nibble-LUT
// validation and translation, then 16 sextets packed to 12 bytes with i32x4.dot_i16x8_s.
// No strings cross the boundary: JS writes bytes at pointers from `reserve` and reads bytes back.

export { reserve } from "./shared/memory";

/** Flag bits shared by `encode` and `decode`. */
const URL_SAFE: u32 = 1; // '-' and '_' instead of '+' and '/'; no padding when encoding
const FINAL: u32 = 2; //    this call holds the end of the data (tail quantum, padding)

/** Returned by `decode` for input that breaks the validity rule. */
const INVALID: i32 = -1;

const STD_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const URL_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

const ENC_STD = new StaticArray<u8>(64);
const ENC_URL = new StaticArray<u8>(64);
/** Sextet value of each byte, 0xff when the byte is not in the alphabet. */
const DEC_STD = new StaticArray<u8>(256);
const DEC_URL = new StaticArray<u8>(256);

function buildTables(): void {
  for (let i = 0; i < 256; i++) {
    unchecked((DEC_STD[i] = 0xff));
    unchecked((DEC_URL[i] = 0xff));
  }
  for (let i = 0; i < 64; i++) {
    const s = <u8>STD_CHARS.charCodeAt(i);
    const u = <u8>URL_CHARS.charCodeAt(i);
    unchecked((ENC_STD[i] = s));
    unchecked((ENC_URL[i] = u));
    unchecked((DEC_STD[s] = <u8>i));
    unchecked((DEC_URL[u] = <u8>i));
  }
}
buildTables();

@inline function tablePtr(t: StaticArray<u8>): usize {
  return changetype<usize>(t);
}

/**
 * table[index] per lane, for indices known to be 0..15. With relaxed SIMD (the base64.relaxed
 * build) this is one x64 pshufb; a plain swizzle must also give 0 for indices past 15, which V8
 * does with a saturating add and a constant load before each pshufb: 18% of the decode kernel.
 */
@inline function lookup16(table: v128, index: v128): v128 {
  return ASC_FEATURE_RELAXED_SIMD ? i8x16.relaxed_swizzle(table, index) : i8x16.swizzle(table, index);
}

// ---------------------------------------------------------------------------------------------
// Encode

/** 16 sextets (one per byte lane, 0..63) to ASCII: one LUT look-up gives the offset to add. */
@inline function sextetsToAscii(x: v128, shiftLut: v128): v128 {
  let reduced = i8x16.sub_sat_u(x, i8x16.splat(51)); // 0 for 0..51, 1..12 for 52..63
  const less = i8x16.lt_s(x, i8x16.splat(26)); //         A..Z range
  reduced = v128.or(reduced, v128.and(less, i8x16.splat(13)));
  return i8x16.add(lookup16(shiftLut, reduced), x);
}

/** 12 input bytes (in lanes 0..11) to 16 sextets. */
@inline function bytesToSextets(v: v128): v128 {
  // Per 32-bit lane: [b1, b0, b2, b1], so each 16-bit half holds two sextets big-endian.
  const x = i8x16.swizzle(v, i8x16(1, 0, 2, 1, 4, 3, 5, 4, 7, 6, 8, 7, 10, 9, 11, 10));
  // Sextets 0 and 2 of each triple move down to bits 0..5 of their 16-bit half.
  const s0 = i32x4.shr_u(v128.and(x, i32x4.splat(0x0000fc00)), 10);
  const s2 = i32x4.shr_u(v128.and(x, i32x4.splat(0x0fc00000)), 6);
  // Sextets 1 and 3 move up to bits 8..13 (i16x8.mul by 16 and by 256).
  const s13 = i16x8.mul(v128.and(x, i32x4.splat(0x003f03f0)), i32x4.splat(0x01000010));
  return v128.or(v128.or(s0, s2), s13);
}

@inline function encodeTriple(src: usize, dst: usize, alphabet: usize): void {
  const b0 = <u32>load<u8>(src);
  const b1 = <u32>load<u8>(src, 1);
  const b2 = <u32>load<u8>(src, 2);
  const w = (b0 << 16) | (b1 << 8) | b2;
  const word =
    <u32>load<u8>(alphabet + (w >> 18)) |
    (<u32>load<u8>(alphabet + ((w >> 12) & 63)) << 8) |
    (<u32>load<u8>(alphabet + ((w >> 6) & 63)) << 16) |
    (<u32>load<u8>(alphabet + (w & 63)) << 24);
  store<u32>(dst, word);
}

/**
 * Encodes `len` bytes at `src` into ASCII Base64 at `dst` (room for ceil(len/3)*4 bytes) and
 * returns the number of characters written. Without FINAL, `len` must be a multiple of 3 (the
 * caller carries the remainder to the next call); with FINAL the last 1-2 bytes are encoded with
 * "=" padding (standard) or without padding (URL_SAFE).
 */
export function encode(src: usize, len: usize, dst: usize, flags: u32): usize {
  const urlSafe = (flags & URL_SAFE) != 0;
  const shiftLut = urlSafe
    ? i8x16(71, -4, -4, -4, -4, -4, -4, -4, -4, -4, -4, -17, 32, 65, 0, 0) // '-'-62, '_'-63
    : i8x16(71, -4, -4, -4, -4, -4, -4, -4, -4, -4, -4, -19, -16, 65, 0, 0); // '+'-62, '/'-63
  const alphabet = tablePtr(urlSafe ? ENC_URL : ENC_STD);
  const start = dst;
  let i: usize = 0;
  // Two vectors per iteration: loads read 16 bytes but consume 12, so stop 4 bytes early.
  while (i + 28 <= len) {
    const a = sextetsToAscii(bytesToSextets(v128.load(src + i)), shiftLut);
    const b = sextetsToAscii(bytesToSextets(v128.load(src + i, 12)), shiftLut);
    v128.store(dst, a);
    v128.store(dst, b, 16);
    i += 24;
    dst += 32;
  }
  while (i + 16 <= len) {
    v128.store(dst, sextetsToAscii(bytesToSextets(v128.load(src + i)), shiftLut));
    i += 12;
    dst += 16;
  }
  while (i + 3 <= len) {
    encodeTriple(src + i, dst, alphabet);
    i += 3;
    dst += 4;
  }
  const rest = len - i;
  if ((flags & FINAL) != 0 && rest > 0) {
    const b0 = <u32>load<u8>(src + i);
    const b1 = rest > 1 ? <u32>load<u8>(src + i + 1) : 0;
    store<u8>(dst, load<u8>(alphabet + (b0 >> 2)));
    store<u8>(dst + 1, load<u8>(alphabet + (((b0 & 3) << 4) | (b1 >> 4))));
    if (rest > 1) store<u8>(dst + 2, load<u8>(alphabet + ((b1 & 15) << 2)));
    dst += rest + 1;
    if (!urlSafe) {
      for (let p = rest; p < 3; p++) store<u8>(dst++, 0x3d); // '='
    }
  }
  return dst - start;
}

// ---------------------------------------------------------------------------------------------
// Decode

/** Reads four sextets for one quantum; returns -1 when any character is outside the alphabet. */
@inline function quantum(src: usize, table: usize): i32 {
  const a = <u32>load<u8>(table + load<u8>(src));
  const b = <u32>load<u8>(table + load<u8>(src, 1));
  const c = <u32>load<u8>(table + load<u8>(src, 2));
  const d = <u32>load<u8>(table + load<u8>(src, 3));
  if ((a | b | c | d) & 0xc0) return -1;
  return <i32>((a << 18) | (b << 12) | (c << 6) | d);
}

/** 16 validated ASCII characters to 12 bytes (in lanes 0..11). */
@inline function packSextets(v: v128, hi: v128, lutRoll: v128, special: v128, specialSlot: v128, pack: v128, packOrder: v128): v128 {
  // The special character looks its offset up 8 slots past its high nibble's (slots 8..15 are
  // free: those nibbles are invalid), one add instead of a blend.
  const roll = lookup16(lutRoll, i8x16.add(hi, v128.and(i8x16.eq(v, special), specialSlot)));
  const sextets = i8x16.add(v, roll);
  // Byte pairs (a, b) -> 12-bit (a << 6) | b in each 16-bit lane, then pairs -> 24 bits.
  const ab = v128.or(i16x8.shl(v128.and(sextets, i16x8.splat(0x00ff)), 6), i16x8.shr_u(sextets, 8));
  return i8x16.swizzle(i32x4.dot_i16x8_s(ab, pack), packOrder);
}

/**
 * Decodes `len` ASCII characters at `src` into bytes at `dst` (room for len/4*3 + 4 bytes) and
 * returns the number of bytes written, or -1 when the input is not valid Base64. Whitespace must
 * already be gone (see `stripWhitespace`). Without FINAL, `len` must be a multiple of 4 and "="
 * is invalid; with FINAL the last quantum may end in one or two "=" (and, URL_SAFE only, may be
 * 2 or 3 characters without padding).
 */
export function decode(src: usize, len: usize, dst: usize, flags: u32): i32 {
  const urlSafe = (flags & URL_SAFE) != 0;
  const final = (flags & FINAL) != 0;
  const table = tablePtr(urlSafe ? DEC_URL : DEC_STD);
  // Characters decoded by full quanta without padding; the rest is the tail quantum.
  let body = len & ~(<usize>3);
  if (final && body == len && len > 0 && load<u8>(src + len - 1) == 0x3d) body -= 4;
  if (!final && body != len) return INVALID;

  // Validation LUTs: a byte is valid iff lutLo[low nibble] & lutHi[high nibble] == 0.
  const lutLo = urlSafe
    ? i8x16(0x15, 0x11, 0x11, 0x11, 0x11, 0x11, 0x11, 0x11, 0x11, 0x11, 0x13, 0x3b, 0x3b, 0x3a, 0x3b, 0x33)
    : i8x16(0x15, 0x11, 0x11, 0x11, 0x11, 0x11, 0x11, 0x11, 0x11, 0x11, 0x13, 0x1a, 0x1b, 0x1b, 0x1b, 0x1a);
  const lutHi = urlSafe
    ? i8x16(0x10, 0x10, 0x01, 0x02, 0x04, 0x08, 0x04, 0x20, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10)
    : i8x16(0x10, 0x10, 0x01, 0x02, 0x04, 0x08, 0x04, 0x08, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10);
  // Offset to add per high nibble; one character per alphabet needs its own offset.
  const lutRoll = urlSafe
    ? i8x16(0, 0, 17, 4, -65, -65, -71, -71, 0, 0, 0, 0, 0, -32, 0, 0) // '_' (0x5f) in slot 5 + 8
    : i8x16(0, 0, 19, 4, -65, -65, -71, -71, 0, 0, 16, 0, 0, 0, 0, 0); // '/' (0x2f) in slot 2 + 8
  const special = i8x16.splat(urlSafe ? 0x5f : 0x2f); // '_' or '/'
  const specialSlot = i8x16.splat(8);
  const nibble = i8x16.splat(0x0f);
  const pack = i32x4.splat(0x00011000); // per 16-bit pair: (ab << 12) + cd
  const packOrder = i8x16(2, 1, 0, 6, 5, 4, 10, 9, 8, 14, 13, 12, -1, -1, -1, -1);

  const start = dst;
  let i: usize = 0;
  // Two vectors per iteration. Validity is checked once, after the loop: what an invalid input
  // wrote is never used, as the call then returns INVALID. High nibbles come from a 16-bit shift
  // (the nibble mask clears what crosses a byte): x64 has no 8-bit shift, and V8's i8x16.shr_u
  // is a 16-bit shift plus a mask of its own, 15% of this loop.
  let bad = i64x2.splat(0);
  while (i + 32 <= body) {
    const v0 = v128.load(src + i);
    const v1 = v128.load(src + i, 16);
    const hi0 = v128.and(i16x8.shr_u(v0, 4), nibble);
    const hi1 = v128.and(i16x8.shr_u(v1, 4), nibble);
    const bad0 = v128.and(lookup16(lutLo, v128.and(v0, nibble)), lookup16(lutHi, hi0));
    const bad1 = v128.and(lookup16(lutLo, v128.and(v1, nibble)), lookup16(lutHi, hi1));
    bad = v128.or(bad, v128.or(bad0, bad1));
    v128.store(dst, packSextets(v0, hi0, lutRoll, special, specialSlot, pack, packOrder));
    v128.store(dst, packSextets(v1, hi1, lutRoll, special, specialSlot, pack, packOrder), 12);
    i += 32;
    dst += 24;
  }
  if (v128.any_true(bad)) return INVALID;
  while (i + 16 <= body) {
    const v = v128.load(src + i);
    const hi = v128.and(i16x8.shr_u(v, 4), nibble);
    if (v128.any_true(v128.and(lookup16(lutLo, v128.and(v, nibble)), lookup16(lutHi, hi)))) return INVALID;
    v128.store(dst, packSextets(v, hi, lutRoll, special, specialSlot, pack, packOrder));
    i += 16;
    dst += 12;
  }
  while (i < body) {
    const q = quantum(src + i, table);
    if (q < 0) return INVALID;
    store<u8>(dst, <u8>(q >> 16));
    store<u8>(dst, <u8>(q >> 8), 1);
    store<u8>(dst, <u8>q, 2);
    i += 4;
    dst += 3;
  }
  const rest = len - body;
  if (rest == 0) return <i32>(dst - start);
  // Tail quantum (FINAL only): "xx==", "xxx=", or unpadded "xx"/"xxx" in URL-safe mode.
  let chars = rest;
  if (rest == 4) {
    chars = load<u8>(src + i + 2) == 0x3d ? 2 : 3;
  } else if (!urlSafe || rest == 1) {
    return INVALID;
  }
  const a = <u32>load<u8>(table + load<u8>(src + i));
  const b = <u32>load<u8>(table + load<u8>(src + i + 1));
  const c = chars == 3 ? <u32>load<u8>(table + load<u8>(src + i + 2)) : 0;
  if ((a | b | c) & 0xc0) return INVALID;
  store<u8>(dst++, <u8>((a << 2) | (b >> 4)));
  if (chars == 3) store<u8>(dst++, <u8>((b << 4) | (c >> 2)));
  return <i32>(dst - start);
}

// ---------------------------------------------------------------------------------------------
// Whitespace

/** True for space, tab, line feed, vertical tab, form feed and carriage return. */
@inline function isSpace(c: u32): bool {
  return c == 0x20 || c - 9 <= 4;
}

/** Shuffles that drop one lane: row p keeps lanes 0..15 but p, in order (the last lane is spare). */
const DROP_LANE = memory.data<u8>([
  1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
  0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
  0, 1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
  0, 1, 2, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
  0, 1, 2, 3, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
  0, 1, 2, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
  0, 1, 2, 3, 4, 5, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
  0, 1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 12, 13, 14, 15, 16,
  0, 1, 2, 3, 4, 5, 6, 7, 9, 10, 11, 12, 13, 14, 15, 16,
  0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 11, 12, 13, 14, 15, 16,
  0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 12, 13, 14, 15, 16,
  0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 13, 14, 15, 16,
  0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 14, 15, 16,
  0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 14, 15, 16,
  0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 15, 16,
  0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 16,
]);

/** Removes ASCII whitespace from `len` bytes at `ptr` in place; returns the new length. */
export function stripWhitespace(ptr: usize, len: usize): usize {
  const space = i8x16.splat(0x20);
  // Tab, line feed, vertical tab, form feed and carriage return by their low values; a swizzle
  // gives 0 for any index past 15, so one lookup covers every other byte too.
  const controlSpace = i8x16(0, 0, 0, 0, 0, 0, 0, 0, 0, -1, -1, -1, -1, -1, 0, 0);
  let r: usize = 0;
  // Most Base64 has no whitespace, or none for a long stretch: scan without storing until the
  // first byte that may be whitespace (signed < 0x21: whitespace, control bytes and bytes >= 0x80).
  const bound = i8x16.splat(0x21);
  while (r + 64 <= len) {
    const a = i8x16.lt_s(v128.load(ptr + r), bound);
    const b = i8x16.lt_s(v128.load(ptr + r, 16), bound);
    const c = i8x16.lt_s(v128.load(ptr + r, 32), bound);
    const d = i8x16.lt_s(v128.load(ptr + r, 48), bound);
    if (v128.any_true(v128.or(v128.or(a, b), v128.or(c, d)))) break;
    r += 64;
  }
  let w: usize = r;
  while (r + 16 <= len) {
    const v = v128.load(ptr + r);
    const ws = v128.or(i8x16.eq(v, space), i8x16.swizzle(controlSpace, v));
    if (!v128.any_true(ws)) {
      v128.store(ptr + w, v); // w <= r, and the 16 bytes were read before this store
      w += 16;
    } else {
      // Each whitespace byte goes with one shuffle, the highest first so the lower ones stay put
      // (wrapped text has one or two per 77 bytes: a byte loop here cost 2.5x the whole scan).
      const mask = i8x16.bitmask(ws);
      let left = mask;
      let kept = v;
      while (left != 0) {
        const lane = 31 - clz(left);
        kept = i8x16.swizzle(kept, v128.load(DROP_LANE + (<usize>lane << 4)));
        left ^= 1 << lane;
      }
      v128.store(ptr + w, kept); // the lanes past the kept bytes are overwritten next, or past the end
      w += 16 - <usize>popcnt(mask);
    }
    r += 16;
  }
  while (r < len) {
    const c = load<u8>(ptr + r++);
    if (!isSpace(c)) store<u8>(ptr + w++, c);
  }
  return w;
}

// ---------------------------------------------------------------------------------------------
// Line wrapping (the command's --wrap and --mime)

/** Input bytes encoded per step of `encodeLines`: their text (64 KiB) stays in cache for the copy. */
const LINE_STEP: usize = 48 << 10;

/** Characters in the line being written when `encodeLines` returned (the next call continues it). */
let column: u32 = 0;

export function lineColumn(): u32 {
  return column;
}

/**
 * Cuts `len` characters at `text` into lines of `width` (> 0), each ended by "\n" or, with `crlf`,
 * "\r\n", the first line already holding `col` characters; writes them at `dst` and returns the
 * bytes written. Copies 16 bytes at a time and may read up to 15 bytes past the text and write up
 * to 15 bytes past what it returns (the next line, or the caller's slack, covers them).
 */
export function wrapLines(text: usize, len: usize, dst: usize, width: u32, col: u32, crlf: bool): usize {
  const start = dst;
  let left = len;
  while (left > 0) {
    const take = min(<usize>(width - col), left);
    for (let k: usize = 0; k < take; k += 16) v128.store(dst + k, v128.load(text + k));
    text += take;
    dst += take;
    left -= take;
    col += <u32>take;
    if (col == width) {
      if (crlf) store<u8>(dst++, 0x0d);
      store<u8>(dst++, 0x0a);
      col = 0;
    }
  }
  column = col;
  return dst - start;
}

/**
 * `encode` with the text cut into lines (see `wrapLines`): encodes LINE_STEP bytes at a time into
 * `scratch` (room for LINE_STEP / 3 * 4 + 16 bytes), then copies the lines to `dst` (room for the
 * text, (text / width + 1) * 2 line ends and 16 bytes). Returns the bytes written; `lineColumn()`
 * says where the last line stands. Without FINAL, `len` must be a multiple of 3.
 */
export function encodeLines(src: usize, len: usize, dst: usize, scratch: usize, flags: u32, width: u32, col: u32, crlf: bool): usize {
  const start = dst;
  column = col;
  for (let at: usize = 0; at < len; at += LINE_STEP) {
    const n = min(LINE_STEP, len - at);
    const last = at + n == len;
    const chars = encode(src + at, n, scratch, last ? flags : flags & ~FINAL);
    dst += wrapLines(scratch, chars, dst, width, column, crlf);
  }
  return dst - start;
}
