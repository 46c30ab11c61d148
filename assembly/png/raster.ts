// Gradient rasteriser: every pixel centre gets a gradient parameter t (linear: a dot product;
// radial: an elliptical distance; conic: a turn angle), optionally wrapped (repeating), then a
// colour from piecewise-linear stop segments, computed as Skia does (t * slope + base in f32,
// rounded to 8 bits). Four pixels per SIMD step.

const MAX_STOPS = 1024;
const MAX_SEGS = MAX_STOPS + 2;
const LUT_N: i32 = 4096;

let kind: i32 = 0; // 0 linear, 1 radial, 2 conic
export let width: i32 = 0;
export let height: i32 = 0;
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

/** Rasterises row `y` as RGB (the PNG encoder's rows). */
export function rasterRowRGB(y: i32, out: usize): void {
  rasterRowT(y, out, true);
}

function rasterRowRGBA(y: i32, out: usize): void {
  rasterRowT(y, out, false);
}

/** Rasterises `rows` rows from `y0` as RGBA into `out` (width * rows * 4 bytes + 16 spare). */
export function rasterRGBA(y0: i32, rows: i32, out: usize): void {
  for (let r = 0; r < rows; r++) rasterRowRGBA(y0 + r, out + <usize>r * <usize>width * 4);
}
