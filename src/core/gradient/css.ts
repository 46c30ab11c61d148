/**
 * CSS text of a gradient (spec part 2, section 9):
 *   linear-gradient(90deg, #6366f1 0%, #8b5cf6 100%)
 *   radial-gradient(ellipse at 50% 50%, ...)   conic-gradient(from 90deg at 50% 50%, ...)
 * with `repeating-` in front when repeating. The code panel adds the blend mode.
 */
import { sortStops } from './stops';
import type { GradientSpec } from './model';

type Shape = Pick<GradientSpec, 'type' | 'angle' | 'shape' | 'position' | 'stops' | 'repeating'>;

function num(n: number): string {
  return String(Math.round(n * 100) / 100);
}

function stopList(g: Pick<GradientSpec, 'stops'>): string {
  return sortStops(g.stops)
    .map((s) => `${s.color} ${num(s.position)}%`)
    .join(', ');
}

/** The gradient function alone ("Gradient Only"). */
export function gradientFunction(g: Shape): string {
  const prefix = g.repeating ? 'repeating-' : '';
  const at = `at ${num(g.position.x)}% ${num(g.position.y)}%`;
  const stops = stopList(g);
  if (g.type === 'linear') return `${prefix}linear-gradient(${num(g.angle)}deg, ${stops})`;
  if (g.type === 'radial') return `${prefix}radial-gradient(${g.shape} ${at}, ${stops})`;
  return `${prefix}conic-gradient(from ${num(g.angle)}deg ${at}, ${stops})`;
}

/** The full CSS of the code panel ("Copy CSS"). */
export function cssCode(g: GradientSpec): string {
  const lines = [`background: ${gradientFunction(g)};`];
  if (g.blendMode !== 'normal') lines.push(`background-blend-mode: ${g.blendMode};`);
  return lines.join('\n');
}

/** Inline style for previews and cards. */
export function previewStyle(g: GradientSpec): { backgroundImage: string; backgroundBlendMode: string } {
  return { backgroundImage: gradientFunction(g), backgroundBlendMode: g.blendMode };
}
