/**
 * SVG export sized to the CSS geometry of the same gradient at width x height:
 * - linear: a userSpaceOnUse <linearGradient> along the CSS gradient line;
 * - radial: a <radialGradient> with the farthest-corner radius (ellipse: scaled about the centre);
 * - conic: SVG has no conic gradient, so a fan of thin wedges (at most 0.5 degree, split exactly
 *   at every stop) each filled with the colour at its middle angle, drawn without anti-aliasing.
 * Repeating forms use spreadMethod="repeat" over the stops' span (conic: wedges per period).
 */
import { makePlan, planStops, type PlanStop, type RasterPlan } from './plan';
import { rgbToHex } from './color';
import type { GradientSpec } from './model';

const f = (n: number) => String(Math.round(n * 1000) / 1000);
const hex = (s: PlanStop) => rgbToHex(Math.round(s.r), Math.round(s.g), Math.round(s.b));

function stopElements(stops: PlanStop[]): string {
  return stops.map((s) => `<stop offset="${f(s.offset)}" stop-color="${hex(s)}"/>`).join('');
}

/** Colour (0-255 floats) at gradient parameter t of a plan, as the rasteriser computes it. */
function colorAt(plan: RasterPlan, t: number): [number, number, number] {
  let u = t * plan.scale + plan.bias;
  if (plan.repeating) u -= Math.floor(u);
  u = Math.min(1, Math.max(0, u));
  const s = plan.stops;
  let k = -1;
  for (const [i, stop] of s.entries()) if (stop.offset <= u) k = i;
  const a = s[k]; // the last stop at or before u: none when u is before the first stop
  const b = s[k + 1]; // the stop after it: none from the last stop on
  if (!a || !b) {
    const stop = a ?? b;
    if (!stop) throw new Error('A raster plan has at least one stop.');
    return [stop.r, stop.g, stop.b];
  }
  const w = (u - a.offset) / (b.offset - a.offset);
  return [a.r + (b.r - a.r) * w, a.g + (b.g - a.g) * w, a.b + (b.b - a.b) * w];
}

function linearDef(g: GradientSpec, plan: RasterPlan, w: number, h: number): string {
  const a = (g.angle * Math.PI) / 180;
  const dx = Math.sin(a);
  const dy = -Math.cos(a);
  const len = Math.abs(w * dx) + Math.abs(h * dy);
  // Gradient parameter t (0..1 along the CSS line) -> point; the plan's stops live in s = t*scale+bias.
  const at = (t: number): [number, number] => [w / 2 + dx * len * (t - 0.5), h / 2 + dy * len * (t - 0.5)];
  // Repeating: the plan's stops are normalised to the span [first, last] of the CSS stops.
  const css = planStops(g);
  const t0 = plan.repeating ? (css[0]?.offset ?? 0) : 0;
  const t1 = plan.repeating ? (css.at(-1)?.offset ?? 1) : 1;
  const [x1, y1] = at(t0);
  const [x2, y2] = at(t1);
  const spread = plan.repeating ? ' spreadMethod="repeat"' : '';
  return `<linearGradient id="g" gradientUnits="userSpaceOnUse" x1="${f(x1)}" y1="${f(y1)}" x2="${f(x2)}" y2="${f(y2)}"${spread}>${stopElements(plan.stops)}</linearGradient>`;
}

function radialDef(plan: RasterPlan): string {
  const [cx, cy, kx, ky] = plan.p;
  const rx = kx > 0 ? 1 / kx : 0;
  const ry = ky > 0 ? 1 / ky : 0;
  // Stops in s = t*scale+bias with t = distance / rx: s from 0 to 1 spans t in [t0, t1].
  const t0 = -plan.bias / plan.scale;
  const t1 = (1 - plan.bias) / plan.scale;
  const transform =
    rx > 0 && ry !== rx
      ? ` gradientTransform="translate(${f(cx)} ${f(cy)}) scale(1 ${f(ry / rx)}) translate(${f(-cx)} ${f(-cy)})"`
      : '';
  const spread = plan.repeating ? ' spreadMethod="repeat"' : '';
  const fr = t0 > 0 ? ` fr="${f(rx * t0)}"` : '';
  return `<radialGradient id="g" gradientUnits="userSpaceOnUse" cx="${f(cx)}" cy="${f(cy)}" r="${f(rx * t1)}"${fr} fx="${f(cx)}" fy="${f(cy)}"${transform}${spread}>${stopElements(plan.stops)}</radialGradient>`;
}

/** Turn values in [0, 1) where the plan's parameter meets a stop (exact wedge splits). */
function stopTurns(plan: RasterPlan): number[] {
  const out: number[] = [];
  for (const s of plan.stops) {
    // u = t*scale + bias = offset + n  ->  t = (offset + n - bias) / scale
    if (plan.repeating) {
      for (let n = Math.floor(plan.bias) - 1; ; n++) {
        const t = (s.offset + n - plan.bias) / plan.scale;
        if (t >= 1) break;
        if (t > 0) out.push(t);
      }
    } else {
      const t = (s.offset - plan.bias) / plan.scale;
      if (t > 0 && t < 1) out.push(t);
    }
  }
  return out;
}

function conicBody(g: GradientSpec, plan: RasterPlan, w: number, h: number): string {
  const cx = (g.position.x / 100) * w;
  const cy = (g.position.y / 100) * h;
  const radius = Math.hypot(Math.max(cx, w - cx), Math.max(cy, h - cy)) + 2;
  const STEP = 1 / 720;
  const cuts = new Set<number>([0, 1, ...stopTurns(plan)]);
  for (let i = 1; i < 720; i++) cuts.add(i * STEP);
  const turns = [...cuts].sort((a, b) => a - b);
  const from = (g.angle * Math.PI) / 180;
  // Each wedge's two edges are pushed out by OVERLAP px (parallel, not rotated): a rotated overlap
  // vanishes near the apex, where Skia's 1/64 px vertex snapping then left pixels whose centres lie
  // on an edge (the diagonals through an integer centre) in no wedge, transparent holes.
  const OVERLAP = 1 / 16;
  const point = (t: number, distance: number, side: number) => {
    const a = from + t * 2 * Math.PI;
    const [ux, uy, nx, ny] = [Math.sin(a), -Math.cos(a), Math.cos(a) * side, Math.sin(a) * side];
    return `${f(cx + ux * distance + nx * OVERLAP)} ${f(cy + uy * distance + ny * OVERLAP)}`;
  };
  const parts: string[] = [];
  for (let i = 0; i + 1 < turns.length; i++) {
    const a = turns[i]!;
    const b = turns[i + 1]!;
    if (b - a < 1e-9) continue;
    const [r, gg, bb] = colorAt(plan, (a + b) / 2);
    parts.push(
      `<path d="M${point(a, 0, -1)}L${point(a, radius, -1)}L${point(b, radius, 1)}L${point(b, 0, 1)}Z" fill="${rgbToHex(Math.round(r), Math.round(gg), Math.round(bb))}"/>`,
    );
  }
  // Aliased edges, as the browser paints a conic gradient (per-pixel colours, no coverage blending
  // between wedges, so no seams).
  return `<g clip-path="url(#c)" shape-rendering="crispEdges">${parts.join('')}</g>`;
}

/** The SVG document of the gradient at width x height. */
export function gradientSvg(g: GradientSpec, width: number, height: number): string {
  const plan = makePlan(g, width, height);
  const head = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`;
  if (g.type === 'conic') {
    return `${head}<defs><clipPath id="c"><rect width="${width}" height="${height}"/></clipPath></defs>${conicBody(g, plan, width, height)}</svg>`;
  }
  const def = g.type === 'linear' ? linearDef(g, plan, width, height) : radialDef(plan);
  return `${head}<defs>${def}</defs><rect width="${width}" height="${height}" fill="url(#g)"/></svg>`;
}
