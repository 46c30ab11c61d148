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

/** What a gradient without stops is painted with. */
const NO_STOPS_COLOR: Readonly<PlanStop> = { offset: 0, r: 0x63, g: 0x66, b: 0xf1 };

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
  if (stops.length === 0) stops = [NO_STOPS_COLOR];
  let scale = 1;
  let bias = 0;
  let repeating = false;
  const firstStop = stops[0] ?? NO_STOPS_COLOR;
  const lastStop = stops.at(-1) ?? NO_STOPS_COLOR;
  const firstOffset = firstStop.offset;
  const lastOffset = lastStop.offset;
  if (g.repeating && stops.length > 1) {
    const first = firstOffset;
    const span = lastOffset - first;
    if (span > 0) {
      repeating = true;
      scale = 1 / span;
      bias = -first / span;
      stops = stops.map((s) => ({ ...s, offset: (s.offset - first) / span }));
    } else {
      // All stops coincide: a repeating gradient is the last stop's colour (as Chromium does).
      stops = [{ ...lastStop, offset: 0 }];
    }
  }
  const cx = (g.position.x / 100) * width;
  const cy = (g.position.y / 100) * height;
  let kind: RasterPlan['kind'];
  let p: RasterPlan['p'];
  if (g.type === 'linear') {
    kind = 0;
    // Chromium moves the end points to the stops' span and repeats [0, 1]; fold that in here.
    p = linearMatrix(g.angle, width, height, repeating ? firstOffset : 0, repeating ? lastOffset : 1);
    scale = 1;
    bias = 0;
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
function conicMatrix(angle: number, cx: number, cy: number): RasterPlan['p'] {
  const rad = f32(f32(angle - 90) * f32(f32(3.14159265) / 180));
  let s = f32(Math.sin(rad));
  let c = f32(Math.cos(rad));
  if (Math.abs(s) <= 1 / 4096) s = 0;
  if (Math.abs(c) <= 1 / 4096) c = 0;
  const px = f32(cx);
  const py = f32(cy);
  const omc = f32(1 - c);
  const sx = c,
    kx = f32(-s),
    tx = f32(f32(s * py) + f32(omc * px));
  const ky = s,
    sy = c,
    ty = f32(f32(f32(-s) * px) + f32(omc * py));
  const inv = 1 / (sx * sy - kx * ky);
  const itx = f32((kx * ty - sy * tx) * inv);
  const ity = f32((ky * tx - sx * ty) * inv);
  return [f32(sy * inv), f32(-kx * inv), f32(itx - px), f32(-ky * inv), f32(sx * inv), f32(ity - py)];
}

/**
 * Linear gradient parameters as Blink and Skia compute them in single precision: Blink's end
 * points for the angle (exact for 0/90/180/270, else through the perpendicular of the slope),
 * moved to the repeat span, then Skia's points-to-unit matrix. Returns (a, b, c) of
 * t = fma(x, a, fma(y, b, c)). Matching their rounding matters for pixel centres that fall
 * exactly on a hard stop or on a repeat boundary.
 */
function linearMatrix(angle: number, width: number, height: number, first: number, last: number): RasterPlan['p'] {
  const w = f32(width);
  const h = f32(height);
  let deg = f32(angle % 360);
  if (deg < 0) deg = f32(deg + 360);
  let x0: number, y0: number, x1: number, y1: number;
  if (deg === 0) [x0, y0, x1, y1] = [0, h, 0, 0];
  else if (deg === 90) [x0, y0, x1, y1] = [0, 0, w, 0];
  else if (deg === 180) [x0, y0, x1, y1] = [0, 0, 0, h];
  else if (deg === 270) [x0, y0, x1, y1] = [w, 0, 0, 0];
  else {
    const slope = f32(Math.tan(f32(f32(90 - deg) * f32(f32(Math.PI) / 180))));
    const perp = f32(-1 / slope);
    const hh = f32(h / 2);
    const hw = f32(w / 2);
    const [cx, cy] = deg < 90 ? [hw, hh] : deg < 180 ? [hw, -hh] : deg < 270 ? [-hw, -hh] : [-hw, hh];
    const c = f32(cy - f32(perp * cx));
    const ex = f32(c / f32(slope - perp));
    const ey = f32(f32(perp * ex) + c);
    [x1, y1] = [f32(hw + ex), f32(hh - ey)];
    [x0, y0] = [f32(hw - ex), f32(hh + ey)];
  }
  if (first !== 0 || last !== 1) {
    const dx = f32(x1 - x0);
    const dy = f32(y1 - y0);
    const f = f32(first);
    const l = f32(last);
    // Both from the first point, as Blink's AdjustGradientPointsForOffsetRange does.
    [x1, y1] = [f32(x0 + f32(dx * l)), f32(y0 + f32(dy * l))];
    [x0, y0] = [f32(x0 + f32(dx * f)), f32(y0 + f32(dy * f))];
  }
  // Skia pts_to_unit_matrix: rotate the unit direction onto +x about p0, move p0 to 0, scale.
  let vx = f32(x1 - x0);
  let vy = f32(y1 - y0);
  const mag = f32(Math.sqrt(f32(f32(vx * vx) + f32(vy * vy))));
  const inv = mag ? f32(1 / mag) : 0;
  vx = f32(vx * inv);
  vy = f32(vy * inv);
  const sin = f32(-vy);
  const cos = vx;
  const a = cos;
  const b = f32(-sin);
  let c = f32(f32(sin * y0) + f32(f32(1 - cos) * x0));
  c = f32(c - x0);
  return [f32(a * inv), f32(b * inv), f32(c * inv), 0, 0, 0];
}
