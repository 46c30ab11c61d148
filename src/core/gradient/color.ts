/** Hex colour helpers. */

const HEX6 = /^#[0-9a-fA-F]{6}$/;

export function isHexColor(s: string): boolean {
  return HEX6.test(s);
}

/**
 * Spec rule for the hex text box: a 6-digit hex with a leading # is accepted, a 6-digit hex
 * without # gets # prepended, anything else is ignored (returns null, no message).
 */
export function normalizeHexInput(input: string): string | null {
  const s = input.trim();
  if (HEX6.test(s)) return s.toLowerCase();
  if (/^[0-9a-fA-F]{6}$/.test(s)) return `#${s.toLowerCase()}`;
  return null;
}

export function hexToRgb(hex: string): { r: number; g: number; b: number } | null {
  if (!HEX6.test(hex)) return null;
  const n = parseInt(hex.slice(1), 16);
  return { r: (n >> 16) & 255, g: (n >> 8) & 255, b: n & 255 };
}

export function rgbToHex(r: number, g: number, b: number): string {
  return `#${((1 << 24) | (r << 16) | (g << 8) | b).toString(16).slice(1)}`;
}
