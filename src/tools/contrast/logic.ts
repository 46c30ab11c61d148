/**
 * Colour contrast (spec part 1, sections 2, 4, 5): WCAG 2.x relative luminance and contrast ratio,
 * levels and messages; beyond the spec: alpha compositing, WCAG 1.4.11 non-text contrast, nearest
 * passing colour keeping hue, colour-vision simulations and the APCA Lc value.
 */
import { misspeltParams, paramsDamaged } from '../../core/link-params';
import { paramNames } from '../../browser/link-left-out';

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

export const INITIAL_BACKGROUND = '#ffffff';
export const INITIAL_TEXT = '#000000';

type WcagLevel = 'AAA' | 'AA' | 'AA Large' | 'Fail';

export const LEVEL_MESSAGES: Record<WcagLevel, string> = {
  AAA: 'Passes all WCAG levels (AAA, AA, AA Large)',
  AA: 'Passes AA and AA Large (fails AAA)',
  'AA Large': 'Passes AA Large only (fails AA and AAA)',
  Fail: 'Fails all WCAG levels',
};

/** Spec: a 6-digit hex with an optional '#'; anything else is not a colour (ratio 1). */
export function parseHex(text: string): Rgb | null {
  const hex = /^#?([0-9a-f]{6})$/i.exec(text.trim())?.[1];
  if (!hex) return null;
  const n = parseInt(hex, 16);
  return { r: (n >> 16) & 255, g: (n >> 8) & 255, b: n & 255 };
}

export function toHex({ r, g, b }: Rgb): string {
  return '#' + [r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('');
}

/** sRGB channel (0..255) to linear light. */
function linear(c: number): number {
  const s = c / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
}

function unlinear(v: number): number {
  const s = v <= 0.0031308 ? v * 12.92 : 1.055 * v ** (1 / 2.4) - 0.055;
  return Math.min(255, Math.max(0, Math.round(s * 255)));
}

/** WCAG relative luminance. */
export function luminance({ r, g, b }: Rgb): number {
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

export function contrastOf(a: Rgb, b: Rgb): number {
  const la = luminance(a);
  const lb = luminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** Spec: the ratio of two colour texts; 1 when either is not a 6-digit hex. */
export function contrastRatio(background: string, text: string): number {
  const bg = parseHex(background);
  const fg = parseHex(text);
  return bg && fg ? contrastOf(bg, fg) : 1;
}

/** The WCAG thresholds (AA Large and non-text, AA, AAA). */
const THRESHOLDS = [3, 4.5, 7];

/**
 * Ratio shown to 2 decimals followed by ':1'. Rounding never shows a threshold the ratio misses:
 * 4.4969 is 4.49:1 (not 4.50:1 beside "fails AA"); every other ratio rounds as usual.
 */
export function formatRatio(ratio: number): string {
  const rounded = Number(ratio.toFixed(2));
  const crosses = THRESHOLDS.some((t) => ratio < t && rounded >= t);
  return `${(crosses ? Math.floor(ratio * 100) / 100 : rounded).toFixed(2)}:1`;
}

/** Levels by the unrounded ratio (WCAG forbids rounding up to pass): 7 AAA, 4.5 AA, 3 AA Large. */
export function wcagLevel(ratio: number): WcagLevel {
  if (ratio >= 7) return 'AAA';
  if (ratio >= 4.5) return 'AA';
  if (ratio >= 3) return 'AA Large';
  return 'Fail';
}

/**
 * Text colour with opacity `alpha` (0..1) composited over an opaque background. Channels are not
 * rounded (as DevTools measures): rounding first could lift a 4.497:1 colour to 4.51:1, a pass.
 */
export function composite(fg: Rgb, alpha: number, bg: Rgb): Rgb {
  const a = Math.min(1, Math.max(0, alpha));
  const mix = (f: number, b: number) => f * a + b * (1 - a);
  return { r: mix(fg.r, bg.r), g: mix(fg.g, bg.g), b: mix(fg.b, bg.b) };
}

interface CriterionResult {
  id: string;
  name: string;
  required: number;
  pass: boolean;
}

/** The WCAG success criteria checked against a ratio. */
export function criteria(ratio: number): CriterionResult[] {
  const rows: [string, string, number][] = [
    ['1.4.3', 'AA normal text', 4.5],
    ['1.4.3', 'AA large text (18pt, or 14pt bold)', 3],
    ['1.4.6', 'AAA normal text', 7],
    ['1.4.6', 'AAA large text', 4.5],
    ['1.4.11', 'Non-text contrast (UI components, graphics)', 3],
  ];
  return rows.map(([id, name, required]) => ({ id, name, required, pass: ratio >= required }));
}

// --- Nearest passing colour (same hue and saturation, lightness moved) ---

function rgbToHsl({ r, g, b }: Rgb): [number, number, number] {
  const [R, G, B] = [r / 255, g / 255, b / 255];
  const max = Math.max(R, G, B);
  const min = Math.min(R, G, B);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h = max === R ? (G - B) / d + (G < B ? 6 : 0) : max === G ? (B - R) / d + 2 : (R - G) / d + 4;
  return [h * 60, s, l];
}

function hslToRgb(h: number, s: number, l: number): Rgb {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return { r: Math.round(f(0) * 255), g: Math.round(f(8) * 255), b: Math.round(f(4) * 255) };
}

/**
 * The text colour closest in lightness to `text` (same hue and saturation) that reaches `target`
 * against `background`, or null when no lightness does. Searches darker and lighter, keeps the
 * smaller change.
 */
export function nearestPassing(unrounded: Rgb, background: Rgb, target: number): Rgb | null {
  // The suggestion is a hex colour to use: judge the one it would be (a composite has fractions).
  const text = parseHex(toHex(unrounded))!;
  if (contrastOf(text, background) >= target) return text;
  const [h, s, l] = rgbToHsl(text);
  const search = (towards: 0 | 1): { color: Rgb; delta: number } | null => {
    const end = hslToRgb(h, s, towards);
    if (contrastOf(end, background) < target) return null;
    let lo = l;
    let hi: number = towards; // invariant: lo fails, hi passes
    for (let i = 0; i < 30; i++) {
      const mid = (lo + hi) / 2;
      if (contrastOf(hslToRgb(h, s, mid), background) >= target) hi = mid;
      else lo = mid;
    }
    return { color: hslToRgb(h, s, hi), delta: Math.abs(hi - l) };
  };
  const options = [search(0), search(1)].filter((o): o is { color: Rgb; delta: number } => o !== null);
  const [best] = options.sort((a, b) => a.delta - b.delta);
  if (!best) return null;
  // Rounding to 8 bits can land a hair below the target: nudge until it passes.
  let { color } = best;
  for (let i = 0; i < 4 && contrastOf(color, background) < target; i++) {
    const [, , l2] = rgbToHsl(color);
    color = hslToRgb(h, s, Math.min(1, Math.max(0, l2 + (l2 < l ? -0.004 : 0.004))));
  }
  return contrastOf(color, background) >= target ? color : null;
}

// --- Colour-vision deficiency simulation (Machado, Oliveira & Fernandes 2009, severity 1) ---

export type VisionKind = 'protanopia' | 'deuteranopia' | 'tritanopia' | 'achromatopsia';

/** Row-major 3x3 matrices. */
type Matrix3 = [number, number, number, number, number, number, number, number, number];

const MACHADO: Record<Exclude<VisionKind, 'achromatopsia'>, Matrix3> = {
  protanopia: [0.152286, 1.052583, -0.204868, 0.114503, 0.786281, 0.099216, -0.003882, -0.048116, 1.051998],
  deuteranopia: [0.367322, 0.860646, -0.227968, 0.280085, 0.672501, 0.047413, -0.01182, 0.04294, 0.968881],
  tritanopia: [1.255528, -0.076749, -0.178779, -0.078411, 0.930809, 0.147602, 0.004733, 0.691367, 0.3039],
};

/** The colour as seen with the given deficiency (matrices applied in linear RGB). */
export function simulateVision(c: Rgb, kind: VisionKind): Rgb {
  const [lr, lg, lb] = [linear(c.r), linear(c.g), linear(c.b)];
  if (kind === 'achromatopsia') {
    const y = 0.2126 * lr + 0.7152 * lg + 0.0722 * lb;
    return { r: unlinear(y), g: unlinear(y), b: unlinear(y) };
  }
  const [m0, m1, m2, m3, m4, m5, m6, m7, m8] = MACHADO[kind];
  const row = (x: number, y: number, z: number) => Math.min(1, Math.max(0, x * lr + y * lg + z * lb));
  return { r: unlinear(row(m0, m1, m2)), g: unlinear(row(m3, m4, m5)), b: unlinear(row(m6, m7, m8)) };
}

// --- APCA (APCA-W3 0.0.98G-4g): perceptual lightness contrast Lc, signed by polarity ---

function apcaY({ r, g, b }: Rgb): number {
  const y = 0.2126729 * (r / 255) ** 2.4 + 0.7151522 * (g / 255) ** 2.4 + 0.072175 * (b / 255) ** 2.4;
  return y < 0.022 ? y + (0.022 - y) ** 1.414 : y;
}

/** APCA Lc of text on background: positive for dark text on light, negative for light on dark. */
export function apcaLc(text: Rgb, background: Rgb): number {
  const t = apcaY(text);
  const b = apcaY(background);
  if (Math.abs(b - t) < 0.0005) return 0;
  if (b > t) {
    const sapc = (b ** 0.56 - t ** 0.57) * 1.14;
    return sapc < 0.1 ? 0 : (sapc - 0.027) * 100;
  }
  const sapc = (b ** 0.65 - t ** 0.62) * 1.14;
  return sapc > -0.1 ? 0 : (sapc + 0.027) * 100;
}

/**
 * Reads `bg`/`fg` colours and the text opacity `a` (whole percent 0-100) from a URL query (e.g.
 * ?bg=ffffff&fg=333333&a=80); invalid ones are dropped.
 */
export function colorsFromQuery(search: string): { background?: string; text?: string; alpha?: number } {
  const q = new URLSearchParams(search);
  const pick = (k: string) => {
    const c = parseHex(q.get(k) ?? '');
    return c ? toHex(c) : undefined;
  };
  const percent = /^\d{1,3}$/.test(q.get('a') ?? '') ? Number(q.get('a')) : NaN;
  return { background: pick('bg'), text: pick('fg'), ...(percent <= 100 ? { alpha: percent / 100 } : {}) };
}

/**
 * Whether a link's colours or opacity cannot be read (`?bg=zzzzzz`, `?a=150`): such a link is
 * damaged, and the page opens none of it and says so, as every tool does.
 */
export function colorsLinkDamaged(search: string): boolean {
  const q = new URLSearchParams(search);
  const bad = (k: string) => q.has(k) && !parseHex(q.get(k)!);
  const a = q.get('a');
  return (
    bad('bg') ||
    bad('fg') ||
    (a !== null && !(/^\d{1,3}$/.test(a) && Number(a) <= 100)) ||
    paramsDamaged(paramNames(search), LINK_KEYS)
  );
}

/** The contrast page's settings in its link. */
export const LINK_KEYS = ['bg', 'fg', 'a'];

/**
 * The query string for the colours and opacity (other parameters kept; '' when none is left):
 * none of them when they are the defaults, so an untouched page's address is its bare route;
 * null (leave the link as it is) while a colour is not a valid one.
 */
export function colorsToQuery(
  search: string,
  { background, text, alpha }: { background: string; text: string; alpha: number },
): string | null {
  const bg = parseHex(background);
  const fg = parseHex(text);
  if (!bg || !fg) return null;
  const q = new URLSearchParams(search);
  for (const k of [...LINK_KEYS, ...misspeltParams(paramNames(search), LINK_KEYS)]) q.delete(k);
  if (toHex(bg) !== INITIAL_BACKGROUND || toHex(fg) !== INITIAL_TEXT || alpha < 1) {
    q.set('bg', toHex(bg).slice(1));
    q.set('fg', toHex(fg).slice(1));
    if (alpha < 1) q.set('a', String(Math.round(alpha * 100)));
  }
  const out = q.toString();
  return out ? `?${out}` : '';
}
