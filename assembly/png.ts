// Gradient rasteriser and PNG encoder.
//
// Rasteriser: every pixel centre gets a gradient parameter t (linear: a dot product; radial: an
// elliptical distance; conic: a turn angle), optionally wrapped (repeating), then a colour from
// piecewise-linear stop segments, computed as Skia does (t * slope + base in f32, rounded to 8 bits).
// Encoder: rows are rasterised, Up-filtered and compressed band by band, so memory stays small even
// at 8192 x 8192. Deflate: run-length matches (distance 1 or 3) and one dynamic Huffman block per
// band; zlib stream with Adler-32; each band becomes one IDAT chunk with its CRC-32.

export { reserve } from "./shared/memory";

// ---------------------------------------------------------------- CRC-32 (slicing-by-8)

const CRC_TABLES = new StaticArray<u32>(8 * 256);

function buildCrcTables(): void {
  for (let n: u32 = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    unchecked((CRC_TABLES[n] = c));
  }
  for (let n = 0; n < 256; n++) {
    let c = unchecked(CRC_TABLES[n]);
    for (let t = 1; t < 8; t++) {
      c = unchecked(CRC_TABLES[c & 0xff]) ^ (c >>> 8);
      unchecked((CRC_TABLES[t * 256 + n] = c));
    }
  }
}
buildCrcTables();

@inline function crcTab(t: u32, i: u32): u32 {
  return load<u32>(changetype<usize>(CRC_TABLES) + (((t << 8) + i) << 2));
}

/** Continues a CRC-32 over `len` bytes at `ptr` (start with 0). */
export function crc32(crc: u32, ptr: usize, len: usize): u32 {
  let c = ~crc;
  const end = ptr + len;
  while (ptr + 8 <= end) {
    const lo = load<u32>(ptr) ^ c;
    const hi = load<u32>(ptr, 4);
    c = crcTab(7, lo & 0xff) ^ crcTab(6, (lo >>> 8) & 0xff) ^ crcTab(5, (lo >>> 16) & 0xff) ^ crcTab(4, lo >>> 24) ^
        crcTab(3, hi & 0xff) ^ crcTab(2, (hi >>> 8) & 0xff) ^ crcTab(1, (hi >>> 16) & 0xff) ^ crcTab(0, hi >>> 24);
    ptr += 8;
  }
  while (ptr < end) {
    c = crcTab(0, (c ^ load<u8>(ptr)) & 0xff) ^ (c >>> 8);
    ptr++;
  }
  return ~c;
}

// ---------------------------------------------------------------- Adler-32 (SIMD)

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

// ---------------------------------------------------------------- gradient state

const MAX_STOPS = 1024;
const MAX_SEGS = MAX_STOPS + 2;
const LUT_N: i32 = 4096;

let kind: i32 = 0; // 0 linear, 1 radial, 2 conic
let width: i32 = 0;
let height: i32 = 0;
let p0: f32 = 0, p1: f32 = 0, p2: f32 = 0, p3: f32 = 0, p4: f32 = 0, p5: f32 = 0;
let tScale: f32 = 1, tBias: f32 = 0;
let repeating = false;
let dithering = false;
/** Hard stops or a repeat: a pixel centre can fall exactly on a colour jump (ties must round as Skia). */
let discontinuous = false;

const segStart = new StaticArray<f32>(MAX_SEGS + 1);
const segBase = new StaticArray<f32>(MAX_SEGS * 4); // per segment r, g, b, a (+0.5 for rounding)
const segSlope = new StaticArray<f32>(MAX_SEGS * 4);
const lut = new StaticArray<u16>(LUT_N + 1);
let segCount: i32 = 0;

const BAYER = StaticArray.fromArray<f32>([0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5]);

function addSegment(start: f32, r: f64, g: f64, b: f64, sr: f64, sg: f64, sb: f64): void {
  const s = segCount++;
  unchecked((segStart[s] = start));
  const o = s << 2;
  unchecked((segBase[o] = <f32>(r + 0.5)));
  unchecked((segBase[o + 1] = <f32>(g + 0.5)));
  unchecked((segBase[o + 2] = <f32>(b + 0.5)));
  unchecked((segBase[o + 3] = 255.5));
  unchecked((segSlope[o] = <f32>sr));
  unchecked((segSlope[o + 1] = <f32>sg));
  unchecked((segSlope[o + 2] = <f32>sb));
  unchecked((segSlope[o + 3] = 0));
}

/**
 * Sets the gradient to rasterise. `ptr` holds f64 values: kind, width, height, p0..p5, scale, bias,
 * repeating, dithering, then `nStops` x (offset, r, g, b) with offsets sorted ascending and colours
 * 0..255. Parameters (pixel centres at x + 0.5): linear t = p0 x + p1 y + p2 (fused); radial
 * t = |((x - p0) p2, (y - p1) p3)|; conic t = turn angle of the point mapped by the affine matrix
 * (X = p0 x + p1 y + p2, Y = p3 x + p4 y + p5, fused multiply-adds as Skia's pipeline does);
 * then t = t * scale + bias, wrapped to [0, 1) when repeating. Returns 0, or -1 if the parameters
 * are out of range.
 */
export function setGradient(ptr: usize, nStops: i32): i32 {
  if (nStops < 1 || nStops > MAX_STOPS) return -1;
  kind = <i32>load<f64>(ptr);
  width = <i32>load<f64>(ptr, 8);
  height = <i32>load<f64>(ptr, 16);
  if (width < 1 || height < 1 || width > 16384 || height > 16384 || kind < 0 || kind > 2) return -1;
  p0 = <f32>load<f64>(ptr, 24);
  p1 = <f32>load<f64>(ptr, 32);
  p2 = <f32>load<f64>(ptr, 40);
  p3 = <f32>load<f64>(ptr, 48);
  p4 = <f32>load<f64>(ptr, 56);
  p5 = <f32>load<f64>(ptr, 64);
  tScale = <f32>load<f64>(ptr, 72);
  tBias = <f32>load<f64>(ptr, 80);
  repeating = load<f64>(ptr, 88) != 0;
  dithering = load<f64>(ptr, 96) != 0;
  const stops = ptr + 112;
  segCount = 0;
  discontinuous = repeating;
  // Before the first stop: its colour. Between stops: linear. After the last: the last colour.
  addSegment(-Infinity, load<f64>(stops, 8), load<f64>(stops, 16), load<f64>(stops, 24), 0, 0, 0);
  for (let k = 0; k < nStops - 1; k++) {
    const a = stops + (<usize>k << 5);
    const b = a + 32;
    const oa = load<f64>(a), ob = load<f64>(b);
    if (!(ob > oa)) {
      // Hard stop: the next segment starts at the same offset.
      if (load<f64>(a, 8) != load<f64>(b, 8) || load<f64>(a, 16) != load<f64>(b, 16) || load<f64>(a, 24) != load<f64>(b, 24)) discontinuous = true;
      continue;
    }
    const d = ob - oa;
    const sr = (load<f64>(b, 8) - load<f64>(a, 8)) / d;
    const sg = (load<f64>(b, 16) - load<f64>(a, 16)) / d;
    const sb = (load<f64>(b, 24) - load<f64>(a, 24)) / d;
    addSegment(<f32>oa, load<f64>(a, 8) - oa * sr, load<f64>(a, 16) - oa * sg, load<f64>(a, 24) - oa * sb, sr, sg, sb);
  }
  const last = stops + (<usize>(nStops - 1) << 5);
  addSegment(<f32>load<f64>(last), load<f64>(last, 8), load<f64>(last, 16), load<f64>(last, 24), 0, 0, 0);
  unchecked((segStart[segCount] = Infinity));
  buildVectorTables();
  // LUT: for each cell of [0, 1], the last segment starting at or before the cell's start.
  let s = 0;
  for (let i = 0; i <= LUT_N; i++) {
    const t = <f32>i / <f32>LUT_N;
    while (t >= unchecked(segStart[s + 1])) s++;
    unchecked((lut[i] = <u16>s));
  }
  return 0;
}

// Per-segment colours as splatted vectors (base r, slope r, base g, slope g, base b, slope b) for
// the 4-pixel path, splatted segment starts for the vector segment search, Bayer dither rows.
const SEG_VEC_BYTES: usize = 96;
const segVec = new StaticArray<f32>(MAX_SEGS * 24);
const startVec = new StaticArray<f32>((MAX_SEGS + 1) * 4);
const ditherRow = new StaticArray<f32>(16); // 4 rows x 4 lanes
const ditherLane = new StaticArray<f32>(64); // [row][lane] as (d, d, d, 0)
const VECTOR_SEARCH_MAX = 16;

function buildVectorTables(): void {
  for (let s = 0; s < segCount; s++) {
    for (let c = 0; c < 3; c++) {
      const b = unchecked(segBase[(s << 2) + c]);
      const k = unchecked(segSlope[(s << 2) + c]);
      for (let l = 0; l < 4; l++) {
        unchecked((segVec[s * 24 + c * 8 + l] = b));
        unchecked((segVec[s * 24 + c * 8 + 4 + l] = k));
      }
    }
  }
  for (let s = 0; s <= segCount; s++) {
    for (let l = 0; l < 4; l++) unchecked((startVec[(s << 2) + l] = segStart[s]));
  }
  for (let r = 0; r < 4; r++) {
    for (let l = 0; l < 4; l++) {
      const d = dithering ? (unchecked(BAYER[(r << 2) | l]) + <f32>0.5) / <f32>16 - <f32>0.5 : <f32>0;
      unchecked((ditherRow[(r << 2) + l] = d));
      for (let c = 0; c < 3; c++) unchecked((ditherLane[(r << 4) + (l << 2) + c] = d));
      unchecked((ditherLane[(r << 4) + (l << 2) + 3] = 0));
    }
  }
}

// Unit angle in turns [0, 1), clockwise from +x with y down; Skia's polynomial (xy_to_unit_angle).
@inline function unitAngle4(x: v128, y: v128): v128 {
  const xa = f32x4.abs(x), ya = f32x4.abs(y);
  const slope = f32x4.div(f32x4.min(xa, ya), f32x4.max(xa, ya));
  const s = f32x4.mul(slope, slope);
  let phi = f32x4.add(f32x4.splat(2.476101927459239959716796875e-2), f32x4.mul(s, f32x4.splat(-7.0547382347285747528076171875e-3)));
  phi = f32x4.add(f32x4.splat(-5.185396969318389892578125e-2), f32x4.mul(s, phi));
  phi = f32x4.add(f32x4.splat(0.15912117063999176025390625), f32x4.mul(s, phi));
  phi = f32x4.mul(slope, phi);
  const zero = f32x4.splat(0);
  phi = v128.bitselect(f32x4.sub(f32x4.splat(0.25), phi), phi, f32x4.lt(xa, ya));
  phi = v128.bitselect(f32x4.sub(f32x4.splat(0.5), phi), phi, f32x4.lt(x, zero));
  phi = v128.bitselect(f32x4.sub(f32x4.splat(1.0), phi), phi, f32x4.lt(y, zero));
  return v128.and(phi, f32x4.eq(phi, phi)); // NaN (the centre itself) -> 0
}

@inline function lutSegment(tc: f32): i32 {
  let s = <i32>unchecked(lut[<i32>(tc * <f32>LUT_N)]);
  while (tc >= unchecked(segStart[s + 1])) s++;
  return s;
}

/** Segment index per lane: the last segment whose start is <= t. */
@inline function segments4(tc: v128): v128 {
  if (segCount <= VECTOR_SEARCH_MAX) {
    let s = i32x4.splat(0);
    const base = changetype<usize>(startVec);
    for (let j = 1; j < segCount; j++) s = i32x4.sub(s, f32x4.ge(tc, v128.load(base + (<usize>j << 4))));
    return s;
  }
  let s = i32x4.splat(lutSegment(f32x4.extract_lane(tc, 0)));
  s = i32x4.replace_lane(s, 1, lutSegment(f32x4.extract_lane(tc, 1)));
  s = i32x4.replace_lane(s, 2, lutSegment(f32x4.extract_lane(tc, 2)));
  return i32x4.replace_lane(s, 3, lutSegment(f32x4.extract_lane(tc, 3)));
}

/** RGBA floats (+0.5, dithered) of one lane. */
@inline function laneColor(s: i32, t: f32, dither: usize): v128 {
  const o = <usize>s << 4;
  const c = f32x4.add(v128.load(changetype<usize>(segBase) + o), f32x4.mul(v128.load(changetype<usize>(segSlope) + o), f32x4.splat(t)));
  return dithering ? f32x4.add(c, v128.load(dither)) : c;
}

/**
 * Shades 4 pixels with parameters `t` (before scale/bias/wrap) on row `y`, returning their bytes:
 * RGBA interleaved, or RGB in the first 12 bytes when `rgb`.
 */
@inline function shade4(t: v128, y: i32, rgb: bool): v128 {
  t = f32x4.add(f32x4.mul(t, f32x4.splat(tScale)), f32x4.splat(tBias));
  if (repeating) t = f32x4.sub(t, f32x4.floor(t));
  const tc = f32x4.min(f32x4.max(t, f32x4.splat(0)), f32x4.splat(1));
  const s = segments4(tc);
  const s0 = i32x4.extract_lane(s, 0);
  if (i32x4.all_true(i32x4.eq(s, i32x4.splat(s0)))) {
    // Common case: one segment for all four pixels, channels as planar vectors.
    const seg = changetype<usize>(segVec) + <usize>s0 * SEG_VEC_BYTES;
    let r = f32x4.add(v128.load(seg), f32x4.mul(v128.load(seg, 16), tc));
    let g = f32x4.add(v128.load(seg, 32), f32x4.mul(v128.load(seg, 48), tc));
    let b = f32x4.add(v128.load(seg, 64), f32x4.mul(v128.load(seg, 80), tc));
    if (dithering) {
      const d = v128.load(changetype<usize>(ditherRow) + (<usize>(y & 3) << 4));
      r = f32x4.add(r, d);
      g = f32x4.add(g, d);
      b = f32x4.add(b, d);
    }
    const rg = i16x8.narrow_i32x4_u(i32x4.trunc_sat_f32x4_s(r), i32x4.trunc_sat_f32x4_s(g));
    const ba = i16x8.narrow_i32x4_u(i32x4.trunc_sat_f32x4_s(b), i32x4.splat(255));
    const planar = i8x16.narrow_i16x8_u(rg, ba);
    return rgb
      ? i8x16.shuffle(planar, planar, 0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11, 12, 13, 14, 15)
      : i8x16.shuffle(planar, planar, 0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15);
  }
  // Pixels straddle a stop: one RGBA vector per lane.
  const dither = changetype<usize>(ditherLane) + (<usize>(y & 3) << 6);
  const c0 = laneColor(s0, f32x4.extract_lane(tc, 0), dither);
  const c1 = laneColor(i32x4.extract_lane(s, 1), f32x4.extract_lane(tc, 1), dither + 16);
  const c2 = laneColor(i32x4.extract_lane(s, 2), f32x4.extract_lane(tc, 2), dither + 32);
  const c3 = laneColor(i32x4.extract_lane(s, 3), f32x4.extract_lane(tc, 3), dither + 48);
  const lo = i16x8.narrow_i32x4_u(i32x4.trunc_sat_f32x4_s(c0), i32x4.trunc_sat_f32x4_s(c1));
  const hi = i16x8.narrow_i32x4_u(i32x4.trunc_sat_f32x4_s(c2), i32x4.trunc_sat_f32x4_s(c3));
  const rgba = i8x16.narrow_i16x8_u(lo, hi);
  return rgb ? i8x16.shuffle(rgba, rgba, 0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, 3, 7, 11, 15) : rgba;
}

/**
 * Rasterises row `y` into `out`, 4 pixels per step: RGB (3 bytes per pixel) or RGBA. Writes up
 * to 16 bytes past the row's end, so buffers keep that much spare room.
 */
@inline function rasterRowT(y: i32, out: usize, rgb: bool): void {
  const step: usize = rgb ? 12 : 16;
  const w = width;
  const fy = <f32>y + <f32>0.5;
  let fx = f32x4(0.5, 1.5, 2.5, 3.5);
  const four = f32x4.splat(4);
  if (kind == 0) {
    // Skia computes t = fma(x, p0, fma(y, p1, p2)) in f32. The rounding only decides which colour a
    // pixel centre exactly on a jump gets, so the exact (f64) form runs only when there are jumps.
    const rowC = <f64><f32>(<f64>fy * <f64>p1 + <f64>p2);
    if (!discontinuous) {
      const a = f32x4.splat(p0), rowV = f32x4.splat(<f32>rowC);
      for (let x = 0; x < w; x += 4) {
        v128.store(out, shade4(f32x4.add(f32x4.mul(a, fx), rowV), y, rgb));
        fx = f32x4.add(fx, four);
        out += step;
      }
    } else {
      for (let x = 0; x < w; x += 4) {
        v128.store(out, shade4(exactPair(x, <f64>p0, rowC), y, rgb));
        out += step;
      }
    }
  } else if (kind == 1) {
    const dy = (fy - p1) * p3;
    const dy2 = f32x4.splat(dy * dy);
    const cx = f32x4.splat(p0), kx = f32x4.splat(p2);
    for (let x = 0; x < w; x += 4) {
      const dx = f32x4.mul(f32x4.sub(fx, cx), kx);
      v128.store(out, shade4(f32x4.sqrt(f32x4.add(f32x4.mul(dx, dx), dy2)), y, rgb));
      fx = f32x4.add(fx, four);
      out += step;
    }
  } else {
    // Skia evaluates the matrix with fused multiply-adds. Only on the seam (Y ~ 0, X > 0) and at the
    // centre does the last bit matter, so those groups are redone exactly: f64 products of
    // f32 values are exact, so x * a + rowTerm rounded once equals the fused result.
    const rowX = <f64><f32>(<f64>fy * <f64>p1 + <f64>p2);
    const rowY = <f64><f32>(<f64>fy * <f64>p4 + <f64>p5);
    const rowXv = f32x4.splat(<f32>rowX), rowYv = f32x4.splat(<f32>rowY);
    const ax = f32x4.splat(p0), ay = f32x4.splat(p3);
    const tiny = f32x4.splat(<f32>0.0009765625);
    const zero = f32x4.splat(0);
    const near = f32x4.splat(<f32>0.03125); // at the centre every angle is rounding noise
    for (let x = 0; x < w; x += 4) {
      let xs = f32x4.add(f32x4.mul(fx, ax), rowXv);
      let ys = f32x4.add(f32x4.mul(fx, ay), rowYv);
      const seam = v128.and(f32x4.gt(xs, zero), f32x4.le(f32x4.abs(ys), f32x4.mul(xs, tiny)));
      const centre = f32x4.lt(f32x4.add(f32x4.abs(xs), f32x4.abs(ys)), near);
      if (v128.any_true(v128.or(seam, centre))) {
        xs = exactPair(x, <f64>p0, rowX);
        ys = exactPair(x, <f64>p3, rowY);
      }
      v128.store(out, shade4(unitAngle4(xs, ys), y, rgb));
      fx = f32x4.add(fx, four);
      out += step;
    }
  }
}

/** f32(fx * a + row) for the 4 pixel centres from x, rounded once (a fused multiply-add). */
function exactPair(x: i32, a: f64, row: f64): v128 {
  const fx = <f64>x + 0.5;
  const av = f64x2.splat(a), rv = f64x2.splat(row);
  return i8x16.shuffle(
    f32x4.demote_f64x2_zero(f64x2.add(f64x2.mul(f64x2(fx, fx + 1), av), rv)),
    f32x4.demote_f64x2_zero(f64x2.add(f64x2.mul(f64x2(fx + 2, fx + 3), av), rv)),
    0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 18, 19, 20, 21, 22, 23,
  );
}

function rasterRowRGB(y: i32, out: usize): void {
  rasterRowT(y, out, true);
}

function rasterRowRGBA(y: i32, out: usize): void {
  rasterRowT(y, out, false);
}

/** Rasterises `rows` rows from `y0` as RGBA into `out` (width * rows * 4 bytes + 16 spare). */
export function rasterRGBA(y0: i32, rows: i32, out: usize): void {
  for (let r = 0; r < rows; r++) rasterRowRGBA(y0 + r, out + <usize>r * <usize>width * 4);
}

// ---------------------------------------------------------------- bit writer

let outBase: usize = 0;
let outPos: usize = 0;
let bitBuf: u64 = 0;
let bitCnt: u32 = 0;

@inline function putBits(code: u32, n: u32): void {
  bitBuf |= <u64>code << bitCnt;
  bitCnt += n;
  if (bitCnt >= 32) {
    store<u32>(outPos, <u32>bitBuf);
    outPos += 4;
    bitBuf >>= 32;
    bitCnt -= 32;
  }
}

function flushWholeBytes(): void {
  while (bitCnt >= 8) {
    store<u8>(outPos, <u8>bitBuf);
    outPos++;
    bitBuf >>= 8;
    bitCnt -= 8;
  }
}

function alignToByte(): void {
  if (bitCnt & 7) putBits(0, 8 - (bitCnt & 7));
  flushWholeBytes();
}

@inline function putBE32(p: usize, v: u32): void {
  store<u32>(p, bswap<u32>(v));
}

// ---------------------------------------------------------------- Huffman codes

const LIT_N = 288;
const DIST_N = 30;
const CL_N = 19;
const litFreq = new StaticArray<u32>(LIT_N);
const distFreq = new StaticArray<u32>(32);
const clFreq = new StaticArray<u32>(CL_N);
const litLen = new StaticArray<u8>(LIT_N);
const distLen = new StaticArray<u8>(32);
const clLen = new StaticArray<u8>(CL_N);
const litCode = new StaticArray<u16>(LIT_N);
const distCode = new StaticArray<u16>(32);
const clCode = new StaticArray<u16>(CL_N);

// Scratch for building codes.
const hSym = new StaticArray<i32>(LIT_N);
const hWeight = new StaticArray<u32>(2 * LIT_N);
const hParent = new StaticArray<i32>(2 * LIT_N);
const hDepth = new StaticArray<i32>(2 * LIT_N);
const blCount = new StaticArray<i32>(17);
const nextCode = new StaticArray<u32>(17);

/** Length-limited Huffman code lengths and (bit-reversed) canonical codes for `n` symbols. */
function buildCode(freq: StaticArray<u32>, n: i32, maxBits: i32, lens: StaticArray<u8>, codes: StaticArray<u16>): void {
  let m = 0;
  for (let i = 0; i < n; i++) {
    unchecked((lens[i] = 0));
    if (unchecked(freq[i]) > 0) unchecked((hSym[m++] = i));
  }
  if (m == 1) {
    // A lone symbol still needs a complete code: pair it with a dummy symbol.
    const other = unchecked(hSym[0]) == 0 ? 1 : 0;
    unchecked((lens[unchecked(hSym[0])] = 1));
    unchecked((lens[other] = 1));
  } else if (m > 1) {
    // Sort symbols by ascending frequency (insertion sort: at most 288 symbols).
    for (let i = 1; i < m; i++) {
      const s = unchecked(hSym[i]);
      const f = unchecked(freq[s]);
      let j = i - 1;
      while (j >= 0 && unchecked(freq[unchecked(hSym[j])]) > f) {
        unchecked((hSym[j + 1] = hSym[j]));
        j--;
      }
      unchecked((hSym[j + 1] = s));
    }
    // Two-queue Huffman construction: leaves 0..m-1, internal nodes m..2m-2.
    for (let i = 0; i < m; i++) unchecked((hWeight[i] = freq[unchecked(hSym[i])]));
    let li = 0, ii = m, nx = m;
    while (nx < 2 * m - 1) {
      let a: i32, b: i32;
      if (li < m && (ii >= nx || unchecked(hWeight[li]) <= unchecked(hWeight[ii]))) a = li++; else a = ii++;
      if (li < m && (ii >= nx || unchecked(hWeight[li]) <= unchecked(hWeight[ii]))) b = li++; else b = ii++;
      unchecked((hWeight[nx] = hWeight[a] + hWeight[b]));
      unchecked((hParent[a] = nx));
      unchecked((hParent[b] = nx));
      nx++;
    }
    unchecked((hDepth[2 * m - 2] = 0));
    for (let k = 2 * m - 3; k >= 0; k--) unchecked((hDepth[k] = hDepth[unchecked(hParent[k])] + 1));
    for (let i = 0; i <= 16; i++) unchecked((blCount[i] = 0));
    for (let i = 0; i < m; i++) {
      const d = min<i32>(unchecked(hDepth[i]), maxBits);
      unchecked((blCount[d] = blCount[d] + 1));
    }
    // Repair the Kraft sum after clamping (the miniz method).
    let total: u32 = 0;
    for (let i = 1; i <= maxBits; i++) total += <u32>unchecked(blCount[i]) << <u32>(maxBits - i);
    while (total != (<u32>1 << <u32>maxBits)) {
      unchecked((blCount[maxBits] = blCount[maxBits] - 1));
      for (let i = maxBits - 1; i > 0; i--) {
        if (unchecked(blCount[i]) != 0) {
          unchecked((blCount[i] = blCount[i] - 1));
          unchecked((blCount[i + 1] = blCount[i + 1] + 2));
          break;
        }
      }
      total--;
    }
    // Least frequent symbols get the longest codes.
    let k = 0;
    for (let len = maxBits; len >= 1; len--) {
      for (let c = unchecked(blCount[len]); c > 0; c--) unchecked((lens[unchecked(hSym[k++])] = <u8>len));
    }
  }
  // Canonical codes, bit-reversed for the LSB-first writer.
  for (let i = 0; i <= 16; i++) unchecked((blCount[i] = 0));
  for (let i = 0; i < n; i++) {
    const l = <i32>unchecked(lens[i]);
    unchecked((blCount[l] = blCount[l] + 1));
  }
  unchecked((blCount[0] = 0));
  let code: u32 = 0;
  for (let bits = 1; bits <= 16; bits++) {
    code = (code + <u32>unchecked(blCount[bits - 1])) << 1;
    unchecked((nextCode[bits] = code));
  }
  for (let i = 0; i < n; i++) {
    const l = <i32>unchecked(lens[i]);
    if (l == 0) { unchecked((codes[i] = 0)); continue; }
    const c = unchecked(nextCode[l]);
    unchecked((nextCode[l] = c + 1));
    unchecked((codes[i] = <u16>(bitReverse(c, l))));
  }
}

@inline function bitReverse(c: u32, len: i32): u32 {
  return <u32>(bitrev16(<u32>c) >>> <u32>(16 - len));
}

function bitrev16(x: u32): u32 {
  x = ((x & 0x5555) << 1) | ((x >>> 1) & 0x5555);
  x = ((x & 0x3333) << 2) | ((x >>> 2) & 0x3333);
  x = ((x & 0x0f0f) << 4) | ((x >>> 4) & 0x0f0f);
  return ((x & 0x00ff) << 8) | ((x >>> 8) & 0x00ff);
}

// Length symbols: for match length 3..258, the symbol (257..285), extra bit count and extra value.
const lenSym = new StaticArray<u16>(259);
const lenExtraBits = new StaticArray<u8>(259);
const lenExtraVal = new StaticArray<u16>(259);
const LEN_BASE = StaticArray.fromArray<u16>([3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]);
const LEN_BITS = StaticArray.fromArray<u8>([0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]);
const CL_ORDER = StaticArray.fromArray<u8>([16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]);

function buildLengthTables(): void {
  for (let s = 0; s < 29; s++) {
    const base = <i32>unchecked(LEN_BASE[s]);
    const bits = <i32>unchecked(LEN_BITS[s]);
    const count = s == 28 ? 1 : 1 << bits;
    for (let k = 0; k < count; k++) {
      const len = base + k;
      if (len > 258) break;
      unchecked((lenSym[len] = <u16>(257 + s)));
      unchecked((lenExtraBits[len] = <u8>bits));
      unchecked((lenExtraVal[len] = <u16>k));
    }
  }
}
buildLengthTables();

// ---------------------------------------------------------------- deflate block

// Token: < 256 literal; else 256 + (len - 3), + 256 more when the distance is 3 (else 1).
let tokens: usize = 0;
const clSeq = new StaticArray<u16>(LIT_N + 32); // code-length symbols with extra value << 5

@inline function matchLen(a: usize, b: usize, maxLen: usize): usize {
  let n: usize = 0;
  while (n + 8 <= maxLen) {
    const x = load<u64>(a + n) ^ load<u64>(b + n);
    if (x) return n + <usize>(ctz<u64>(x) >> 3);
    n += 8;
  }
  while (n < maxLen && load<u8>(a + n) == load<u8>(b + n)) n++;
  return n;
}

/** Tokenises [start, end) (history available `hist` bytes before `start`); returns the token count. */
function tokenize(start: usize, end: usize, hist: usize): i32 {
  for (let i = 0; i < LIT_N; i++) unchecked((litFreq[i] = 0));
  for (let i = 0; i < 32; i++) unchecked((distFreq[i] = 0));
  let t = tokens;
  let p = start;
  const minP1 = start + (hist >= 1 ? 0 : 1);
  const minP3 = start + (hist >= 3 ? 0 : 3 - hist);
  while (p < end) {
    const maxLen = min<usize>(258, end - p);
    let best: usize = 0;
    let d3 = false;
    if (maxLen >= 3) {
      const here = load<u32>(p) & 0xffffff;
      if (p >= minP3 && (load<u32>(p - 3) & 0xffffff) == here) {
        best = matchLen(p, p - 3, maxLen);
        d3 = true;
      }
      // A byte run is also a distance-3 match (it can only start up to 2 bytes later), so the
      // distance-1 search only runs when there is no distance-3 match.
      if (best < 3 && p >= minP1 && here == (<u32>load<u8>(p) * 0x010101)) {
        const l1 = matchLen(p, p - 1, maxLen);
        if (l1 > best) { best = l1; d3 = false; }
      }
    }
    if (best >= 3) {
      const tok = <u32>(256 + <u32>(best - 3)) + (d3 ? 256 : 0);
      store<u16>(t, <u16>tok);
      const sym = <i32>unchecked(lenSym[<i32>best]);
      unchecked((litFreq[sym] = litFreq[sym] + 1));
      const dsym = d3 ? 2 : 0;
      unchecked((distFreq[dsym] = distFreq[dsym] + 1));
      p += best;
    } else {
      const lit = <i32>load<u8>(p);
      store<u16>(t, <u16>lit);
      unchecked((litFreq[lit] = litFreq[lit] + 1));
      p++;
    }
    t += 2;
  }
  return <i32>((t - tokens) >> 1);
}

@inline function emitLit(sym: i32): void {
  putBits(<u32>unchecked(litCode[sym]), <u32>unchecked(litLen[sym]));
}

/** Writes one dynamic-Huffman block holding `count` tokens. */
function writeBlock(count: i32, final: bool): void {
  unchecked((litFreq[256] = 1));
  // Both used distance codes always get a code: the tree stays complete for every decoder.
  unchecked((distFreq[0] = distFreq[0] + 1));
  unchecked((distFreq[2] = distFreq[2] + 1));
  buildCode(litFreq, 286, 15, litLen, litCode);
  buildCode(distFreq, DIST_N, 15, distLen, distCode);
  let hlit = 286;
  while (hlit > 257 && unchecked(litLen[hlit - 1]) == 0) hlit--;
  let hdist = DIST_N;
  while (hdist > 1 && unchecked(distLen[hdist - 1]) == 0) hdist--;
  // Run-length code the concatenated code lengths.
  for (let i = 0; i < CL_N; i++) unchecked((clFreq[i] = 0));
  const total = hlit + hdist;
  let nSeq = 0;
  let i = 0;
  while (i < total) {
    const v = codeLenAt(i, hlit);
    let run = 1;
    while (i + run < total && codeLenAt(i + run, hlit) == v) run++;
    i += run;
    if (v == 0) {
      while (run >= 11) {
        const r = min<i32>(run, 138);
        unchecked((clSeq[nSeq++] = <u16>(18 | ((r - 11) << 5))));
        run -= r;
      }
      if (run >= 3) {
        unchecked((clSeq[nSeq++] = <u16>(17 | ((run - 3) << 5))));
        run = 0;
      }
    } else {
      unchecked((clSeq[nSeq++] = <u16>v));
      run--;
      while (run >= 3) {
        const r = min<i32>(run, 6);
        unchecked((clSeq[nSeq++] = <u16>(16 | ((r - 3) << 5))));
        run -= r;
      }
    }
    while (run > 0) {
      unchecked((clSeq[nSeq++] = <u16>v));
      run--;
    }
  }
  for (let k = 0; k < nSeq; k++) {
    const s = <i32>(unchecked(clSeq[k]) & 31);
    unchecked((clFreq[s] = clFreq[s] + 1));
  }
  buildCode(clFreq, CL_N, 7, clLen, clCode);
  let hclen = CL_N;
  while (hclen > 4 && unchecked(clLen[unchecked(CL_ORDER[hclen - 1])]) == 0) hclen--;

  putBits(final ? 1 : 0, 1);
  putBits(2, 2);
  putBits(<u32>(hlit - 257), 5);
  putBits(<u32>(hdist - 1), 5);
  putBits(<u32>(hclen - 4), 4);
  for (let k = 0; k < hclen; k++) putBits(<u32>unchecked(clLen[unchecked(CL_ORDER[k])]), 3);
  for (let k = 0; k < nSeq; k++) {
    const e = <u32>unchecked(clSeq[k]);
    const s = <i32>(e & 31);
    putBits(<u32>unchecked(clCode[s]), <u32>unchecked(clLen[s]));
    if (s == 16) putBits(e >>> 5, 2);
    else if (s == 17) putBits(e >>> 5, 3);
    else if (s == 18) putBits(e >>> 5, 7);
  }
  // Tokens.
  const d1code = <u32>unchecked(distCode[0]), d1len = <u32>unchecked(distLen[0]);
  const d3code = <u32>unchecked(distCode[2]), d3len = <u32>unchecked(distLen[2]);
  let t = tokens;
  const end = tokens + (<usize>count << 1);
  while (t < end) {
    const tok = <i32>load<u16>(t);
    t += 2;
    if (tok < 256) {
      emitLit(tok);
    } else {
      const len = ((tok - 256) & 255) + 3;
      const sym = <i32>unchecked(lenSym[len]);
      const eb = <u32>unchecked(lenExtraBits[len]);
      putBits(<u32>unchecked(litCode[sym]) | (<u32>unchecked(lenExtraVal[len]) << <u32>unchecked(litLen[sym])), <u32>unchecked(litLen[sym]) + eb);
      if (tok >= 512) putBits(d3code, d3len); else putBits(d1code, d1len);
    }
  }
  emitLit(256);
}

@inline function codeLenAt(i: i32, hlit: i32): i32 {
  return i < hlit ? <i32>unchecked(litLen[i]) : <i32>unchecked(distLen[i - hlit]);
}

// ---------------------------------------------------------------- PNG stream

const HISTORY: usize = 16;
let rowBytes: usize = 0; // 3 * width
let prevRow: usize = 0;
let curRow: usize = 0;
let band: usize = 0; // HISTORY bytes of history, then the filtered rows of the current band
let bandRowsMax: i32 = 0;
let nextRow: i32 = 0;
let adler: u32 = 1;
let histAvail: usize = 0;
let capacity: usize = 0; // bytes allocated per row-dependent buffer (grown only)
let bandCap: usize = 0;

function ensureBuffers(rowCap: usize, bandBytes: usize): void {
  if (rowCap > capacity) {
    prevRow = heap.alloc(rowCap);
    curRow = heap.alloc(rowCap);
    capacity = rowCap;
  }
  if (bandBytes > bandCap) {
    band = heap.alloc(bandBytes + HISTORY + 64);
    tokens = heap.alloc((bandBytes + 64) << 1);
    // Worst case: every byte a literal of at most 15 bits, plus block and chunk headers.
    outBase = heap.alloc(bandBytes * 2 + 4096);
    bandCap = bandBytes;
  }
}

/** Pointer to the bytes produced by the last pngBegin / pngEncodeRows call. */
export function outPtr(): usize {
  return outBase;
}

/**
 * Starts a PNG of the current gradient (8-bit RGB). `rowsPerCall` bounds the rows of each
 * pngEncodeRows call. Writes the signature, IHDR and zlib header; returns the byte count at outPtr().
 */
export function pngBegin(rowsPerCall: i32): i32 {
  if (width < 1 || height < 1 || rowsPerCall < 1) return -1;
  rowBytes = <usize>width * 3;
  bandRowsMax = rowsPerCall;
  ensureBuffers(rowBytes + 64, (rowBytes + 1) * <usize>rowsPerCall);
  memory.fill(prevRow, 0, rowBytes + 64);
  memory.fill(band, 0, HISTORY);
  nextRow = 0;
  adler = 1;
  histAvail = 0;
  bitBuf = 0;
  bitCnt = 0;
  let p = outBase;
  store<u64>(p, 0x0a1a0a0d474e5089); // \x89PNG\r\n\x1a\n
  p += 8;
  putBE32(p, 13);
  store<u32>(p + 4, 0x52444849); // IHDR
  putBE32(p + 8, <u32>width);
  putBE32(p + 12, <u32>height);
  store<u8>(p + 16, 8); // bit depth
  store<u8>(p + 17, 2); // colour type: RGB
  store<u8>(p + 18, 0);
  store<u8>(p + 19, 0);
  store<u8>(p + 20, 0);
  putBE32(p + 21, crc32(0, p + 4, 17));
  p += 25;
  // zlib header: deflate, 32 KiB window, fastest level; (0x78 * 256 + 0x01) % 31 == 0.
  outPos = outBase + 8; // body of the first IDAT chunk; the header bits wait in bitBuf
  putBits(0x78, 8);
  putBits(0x01, 8);
  return <i32>(p - outBase);
}

/**
 * Encodes the next rows (at most rowsPerCall) as one deflate block and returns the byte count of
 * the IDAT chunk written at outPtr() (plus IEND after the last row), or 0 when all rows are done.
 */
export function pngEncodeRows(rows: i32): i32 {
  if (nextRow >= height) return 0;
  rows = min<i32>(min<i32>(rows, bandRowsMax), height - nextRow);
  const start = band + HISTORY;
  let p = start;
  const w = rowBytes;
  for (let r = 0; r < rows; r++) {
    rasterRowRGB(nextRow, curRow);
    nextRow++;
    store<u8>(p, 2); // filter type: Up
    p++;
    // Up filter with SIMD; the buffers have room for the 16-byte overrun.
    for (let i: usize = 0; i < w; i += 16) {
      v128.store(p + i, i8x16.sub(v128.load(curRow + i), v128.load(prevRow + i)));
    }
    p += w;
    const tmp = prevRow;
    prevRow = curRow;
    curRow = tmp;
  }
  const len = p - start;
  adler = adler32(adler, start, len);
  // Pending bits (zlib header, the previous block's tail) are still in bitBuf.
  const dataStart = outBase + 8;
  outPos = dataStart;
  const count = tokenize(start, p, histAvail);
  const final = nextRow >= height;
  writeBlock(count, final);
  if (final) {
    alignToByte();
    flushWholeBytes();
    putBE32(outPos, adler);
    outPos += 4;
  } else {
    flushWholeBytes();
  }
  // History for the next band's matches.
  memory.copy(band, p - HISTORY, HISTORY);
  histAvail = min<usize>(HISTORY, histAvail + len);
  // Frame the chunk: length, "IDAT", data, CRC.
  const dataLen = outPos - dataStart;
  putBE32(outBase, <u32>dataLen);
  store<u32>(outBase + 4, 0x54414449); // IDAT
  putBE32(outPos, crc32(0, outBase + 4, dataLen + 4));
  outPos += 4;
  if (final) {
    putBE32(outPos, 0);
    store<u32>(outPos + 4, 0x444e4549); // IEND
    putBE32(outPos + 8, 0xae426082);
    outPos += 12;
  }
  const produced = <i32>(outPos - outBase);
  outPos = dataStart; // the next chunk's body
  return produced;
}

/** Rows encoded so far (progress). */
export function pngRowsDone(): i32 {
  return nextRow;
}
