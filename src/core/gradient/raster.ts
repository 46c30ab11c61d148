/**
 * The rasteriser of assembly/png.ts written again in TypeScript, loop for loop. It is the
 * benchmark baseline for the WASM kernel and an independent check of it in tests.
 */
import type { RasterPlan } from './plan';

const LUT_N = 4096;
const BAYER = [0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5];

interface Segments {
  start: Float32Array;
  base: Float32Array;
  slope: Float32Array;
  lut: Uint16Array;
}

function buildSegments(plan: RasterPlan): Segments {
  const starts: number[] = [];
  const base: number[] = [];
  const slope: number[] = [];
  const add = (start: number, r: number, g: number, b: number, sr: number, sg: number, sb: number) => {
    starts.push(start);
    base.push(r + 0.5, g + 0.5, b + 0.5);
    slope.push(sr, sg, sb);
  };
  const s = plan.stops;
  const first = s[0];
  const last = s.at(-1);
  if (!first || !last) throw new Error('A raster plan has at least one stop.');
  add(-Infinity, first.r, first.g, first.b, 0, 0, 0);
  for (let k = 0; k < s.length - 1; k++) {
    const a = s[k]!;
    const b = s[k + 1]!;
    if (!(b.offset > a.offset)) continue;
    const d = b.offset - a.offset;
    const sr = (b.r - a.r) / d;
    const sg = (b.g - a.g) / d;
    const sb = (b.b - a.b) / d;
    add(a.offset, a.r - a.offset * sr, a.g - a.offset * sg, a.b - a.offset * sb, sr, sg, sb);
  }
  add(last.offset, last.r, last.g, last.b, 0, 0, 0);
  starts.push(Infinity); // the sentinel that stops every segment search below
  const start = Float32Array.from(starts);
  const lut = new Uint16Array(LUT_N + 1);
  let seg = 0;
  for (let i = 0; i <= LUT_N; i++) {
    const t = i / LUT_N;
    while (t >= start[seg + 1]!) seg++;
    lut[i] = seg;
  }
  return { start, base: Float32Array.from(base), slope: Float32Array.from(slope), lut };
}

/** Skia's polynomial unit angle (turns, clockwise from +x with y down). */
function unitAngle(x: number, y: number): number {
  const f = Math.fround;
  const xa = Math.abs(x);
  const ya = Math.abs(y);
  const slope = f(Math.min(xa, ya) / Math.max(xa, ya));
  const s = f(slope * slope);
  let phi = f(
    slope *
      f(0.15912117063999176 + s * f(-5.18539696931839e-2 + s * f(2.47610192745924e-2 + s * -7.0547382347285748e-3))),
  );
  if (xa < ya) phi = f(0.25 - phi);
  if (x < 0) phi = f(0.5 - phi);
  if (y < 0) phi = f(1 - phi);
  if (phi !== phi) phi = 0;
  return phi;
}

/** RGBA pixels of the whole plan. */
export function rasterizeRGBAts(plan: RasterPlan): Uint8ClampedArray {
  const { width: w, height: h, kind, scale, bias, repeating, dither } = plan;
  const [p0, p1, p2, p3, p4, p5] = plan.p.map(Math.fround) as RasterPlan['p']; // map keeps the six
  const { start, base, slope, lut } = buildSegments(plan);
  const out = new Uint8ClampedArray(w * h * 4);
  const f = Math.fround;
  let o = 0;
  for (let y = 0; y < h; y++) {
    const fy = y + 0.5;
    for (let x = 0; x < w; x++) {
      const fx = x + 0.5;
      let t: number;
      if (kind === 0) t = f(fx * p0 + f(fy * p1 + p2));
      else if (kind === 1) {
        const dx = f((fx - p0) * p2);
        const dy = f((fy - p1) * p3);
        t = f(Math.sqrt(dx * dx + dy * dy));
      } else {
        // Doubles hold f32 products exactly: one rounding per multiply-add, like FMA.
        t = unitAngle(f(fx * p0 + f(fy * p1 + p2)), f(fx * p3 + f(fy * p4 + p5)));
      }
      t = f(t * scale + bias);
      if (repeating) t = t - Math.floor(t);
      const tc = Math.min(Math.max(t, 0), 1);
      // In range by construction: tc in [0, 1] picks one of the LUT_N + 1 entries, `start` ends
      // with the Infinity sentinel, and each segment has three base and slope values.
      let s = lut[(tc * LUT_N) | 0]!;
      while (tc >= start[s + 1]!) s++;
      const d = dither ? (BAYER[((y & 3) << 2) | (x & 3)]! + 0.5) / 16 - 0.5 : 0;
      const i = s * 3;
      out[o] = Math.trunc(base[i]! + slope[i]! * tc + d);
      out[o + 1] = Math.trunc(base[i + 1]! + slope[i + 1]! * tc + d);
      out[o + 2] = Math.trunc(base[i + 2]! + slope[i + 2]! * tc + d);
      out[o + 3] = 255;
      o += 4;
    }
  }
  return out;
}
