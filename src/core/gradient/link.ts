/**
 * A gradient as permalink settings: flat, readable values (`stops=6366f1-0_8b5cf6-100`), and back
 * through the same checks a saved gradient passes, so a hand-edited link cannot break the editor.
 */
import { BLEND_MODES, defaultGradient, GRADIENT_TYPES, MIN_STOPS, RADIAL_SHAPES, type GradientSpec } from './model';
import { gradientFromSaved } from './saved';
import { isHexColor } from './color';

export interface GradientSettings {
  type: string;
  angle: number;
  shape: string;
  x: number;
  y: number;
  stops: string;
  blend: string;
  repeating: boolean;
}

export function gradientSettings(g: GradientSpec): GradientSettings {
  return {
    type: g.type,
    angle: g.angle,
    shape: g.shape,
    x: g.position.x,
    y: g.position.y,
    stops: g.stops.map((s) => `${s.color.slice(1)}-${s.position}`).join('_'),
    blend: g.blendMode,
    repeating: g.repeating,
  };
}

export const GRADIENT_LINK_DEFAULTS = gradientSettings(defaultGradient());

/** The gradient a link describes (missing settings take the defaults), or null when its stops are unusable. */
export function gradientFromSettings(s: Partial<GradientSettings>): GradientSpec | null {
  const d = { ...GRADIENT_LINK_DEFAULTS, ...s };
  // `hex-position` with a plain decimal position: a stop without one (`ff0000-`, a link cut short)
  // was a stop at 0%, as Number('') is 0, and `0x10` one at 16%.
  const colors = d.stops.split('_').map((part, i) => {
    const [hex = '', pos = '', ...rest] = part.split('-');
    const position = rest.length === 0 && /^\d+(?:\.\d+)?$/.test(pos) ? Number(pos) : NaN;
    return { id: i + 1, color: `#${hex.toLowerCase()}`, position };
  });
  const ok = colors.every((c) => isHexColor(c.color) && pos(c.position));
  if (!ok || colors.length < MIN_STOPS) return null;
  return gradientFromSaved({
    type: d.type as GradientSpec['type'],
    angle: d.angle,
    shape: d.shape as GradientSpec['shape'],
    position: { x: d.x, y: d.y },
    colors,
    blendMode: d.blend as GradientSpec['blendMode'],
    repeating: d.repeating,
  });
}

/**
 * Whether a link's settings are a gradient the editor can show as they are: usable stops, a centre
 * inside the box (`x=150` is another gradient, not the one at 100%), and a type, shape and blend
 * mode its controls offer (`?type=zzz` is a damaged link, not a linear one).
 */
export function linkSettingsOk(s: Partial<GradientSettings>): boolean {
  const oneOf = (v: string | undefined, allowed: readonly string[]) => v === undefined || allowed.includes(v);
  const inBox = (v: number | undefined) => v === undefined || pos(v);
  return (
    oneOf(s.type, GRADIENT_TYPES) &&
    oneOf(s.shape, RADIAL_SHAPES) &&
    oneOf(s.blend, BLEND_MODES) &&
    inBox(s.x) &&
    inBox(s.y) &&
    gradientFromSettings(s) !== null
  );
}

const pos = (n: number) => Number.isFinite(n) && n >= 0 && n <= 100;
