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
  /** linear: a, b, c of t = a x + b y + c; radial: cx, cy, 1/rx, 1/ry; conic: cx, cy, cos, sin. */
  p: [number, number, number, number];
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
    p = [dx / len, dy / len, 0.5 - ((width / 2) * dx + (height / 2) * dy) / len, 0];
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
    p = [cx, cy, rx > 0 ? 1 / rx : 0, ry > 0 ? 1 / ry : 0];
  } else {
    kind = 2;
    // Rotate so that `angle` (clockwise from up) maps to Skia's 0 (pointing along +x).
    const th = (g.angle - 90) * RAD;
    p = [cx, cy, Math.cos(th), Math.sin(th)];
  }
  return { kind, width, height, p, scale, bias, repeating, dither, stops };
}
