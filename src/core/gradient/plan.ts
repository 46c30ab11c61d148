/**
 * Turns a gradient and an image size into the rasteriser's parameters, following CSS Images 3/4
 * geometry (the same numbers Chromium hands to Skia):
 * - linear: gradient line through the box centre at `angle` (0deg = up, clockwise), length
 *   |w sin a| + |h cos a|;
 * - radial: centre at position %, default size farthest-corner; a circle reaches the farthest
 *   corner, an ellipse keeps the farthest-side aspect ratio (radii = sqrt 2 x farthest sides);
 * - conic: turn angle from `angle` (clockwise from up) around the position;
 * - repeating: the stops' span [first, last] becomes one period.
 */
import { hexToRgb } from './color';
import type { GradientSpec } from './model';

export const KIND = { linear: 0, radial: 1, conic: 2 } as const;

export interface PlanStop {
  offset: number;
  r: number;
  g: number;
  b: number;
}

export interface RasterPlan {
  kind: 0 | 1 | 2;
  width: number;
  height: number;
  /**
   * linear: a, b, c of t = a x + b y + c; radial: cx, cy, 1/rx, 1/ry; conic: the affine map from a
   * pixel centre to the rotated, centred point (X = p0 x + p1 y + p2, Y = p3 x + p4 y + p5).
   */
  p: [number, number, number, number, number, number];
  scale: number;
  bias: number;
  repeating: boolean;
  dither: boolean;
  stops: PlanStop[];
}

const RAD = Math.PI / 180;


/** CSS stop fix-up for our stops: clamp to 0-100 and sort (a stop never precedes an earlier one). */
export function planStops(g: GradientSpec): PlanStop[] {
  const sorted = [...g.stops].sort((a, b) => a.position - b.position);
  return sorted.map((s) => {
    const { r, g: gg, b } = hexToRgb(s.color) ?? { r: 0, g: 0, b: 0 };
    return { offset: Math.min(100, Math.max(0, s.position)) / 100, r, g: gg, b };
  });
}

export function makePlan(g: GradientSpec, width: number, height: number, dither = false): RasterPlan {
  let stops = planStops(g);
  if (stops.length === 0) stops = [{ offset: 0, r: 0x63, g: 0x66, b: 0xf1 }];
  let scale = 1;
  let bias = 0;
  let repeating = false;
  if (g.repeating && stops.length > 1) {
    const first = stops[0].offset;
    const span = stops[stops.length - 1].offset - first;
    if (span > 0) {
      repeating = true;
      scale = 1 / span;
      bias = -first / span;
      stops = stops.map((s) => ({ ...s, offset: (s.offset - first) / span }));
    } else {
      // All stops coincide: a repeating gradient is the last stop's colour (as Chromium does).
      stops = [{ ...stops[stops.length - 1], offset: 0 }];
    }
  }
  const cx = (g.position.x / 100) * width;
  const cy = (g.position.y / 100) * height;
  let kind: RasterPlan['kind'];
  let p: RasterPlan['p'];
  if (g.type === 'linear') {
    kind = 0;
    const a = g.angle * RAD;
    const dx = Math.sin(a);
    const dy = -Math.cos(a);
    const len = Math.abs(width * dx) + Math.abs(height * dy);
    // t = ((x, y) - centre) . dir / len + 0.5
    p = [dx / len, dy / len, 0.5 - ((width / 2) * dx + (height / 2) * dy) / len, 0, 0, 0];
  } else if (g.type === 'radial') {
    kind = 1;
    const fx = Math.max(cx, width - cx);
    const fy = Math.max(cy, height - cy);
    let rx: number;
    let ry: number;
    if (g.shape === 'circle') {
      rx = ry = Math.hypot(fx, fy);
    } else {
      rx = Math.SQRT2 * fx;
      ry = Math.SQRT2 * fy;
    }
    p = [cx, cy, rx > 0 ? 1 / rx : 0, ry > 0 ? 1 / ry : 0, 0, 0];
  } else {
    kind = 2;
    p = conicMatrix(g.angle, cx, cy);
  }
  return { kind, width, height, p, scale, bias, repeating, dither, stops };
}

const f32 = Math.fround;

/**
 * The device-to-gradient matrix of a conic gradient computed as Chromium and Skia compute it, in
 * single precision step by step: a rotation by (angle - 90) degrees about the centre (sin/cos
 * snapped to zero below 1/4096), inverted with a double determinant, then the centre subtracted.
 * Matching their rounding matters on the seam ray, where a pixel centre lying exactly on the
 * start angle is given the first or the last colour depending on the sign of a rounding error.
 */
export function conicMatrix(angle: number, cx: number, cy: number): RasterPlan['p'] {
  const rad = f32(f32(angle - 90) * f32(f32(3.14159265) / 180));
  let s = f32(Math.sin(rad));
  let c = f32(Math.cos(rad));
  if (Math.abs(s) <= 1 / 4096) s = 0;
  if (Math.abs(c) <= 1 / 4096) c = 0;
  const px = f32(cx);
  const py = f32(cy);
  const omc = f32(1 - c);
  const sx = c, kx = f32(-s), tx = f32(f32(s * py) + f32(omc * px));
  const ky = s, sy = c, ty = f32(f32(f32(-s) * px) + f32(omc * py));
  const inv = 1 / (sx * sy - kx * ky);
  const itx = f32((kx * ty - sy * tx) * inv);
  const ity = f32((ky * tx - sx * ty) * inv);
  return [f32(sy * inv), f32(-kx * inv), f32(itx - px), f32(-ky * inv), f32(sx * inv), f32(ity - py)];
}
