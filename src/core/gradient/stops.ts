/** Colour stop rules (spec part 2, sections 4 and 5). Pure: every function returns new arrays. */
import { normalizeHexInput } from './color';
import { MIN_STOPS, NEW_STOP_CAP, NEW_STOP_COLOR, NEW_STOP_FIRST, NEW_STOP_OFFSET, type ColorStop } from './model';

export function sortStops(stops: ColorStop[]): ColorStop[] {
  return [...stops].sort((a, b) => a.position - b.position);
}

/**
 * Appends #10b981 at the last stop's position + 10 (capped at 95; 50 when there are no stops),
 * id one above the largest, then sorts by position.
 */
export function addStop(stops: ColorStop[]): ColorStop[] {
  const last = stops[stops.length - 1];
  const position = last ? Math.min(last.position + NEW_STOP_OFFSET, NEW_STOP_CAP) : NEW_STOP_FIRST;
  const id = stops.reduce((m, s) => Math.max(m, s.id), 0) + 1;
  return sortStops([...stops, { id, color: NEW_STOP_COLOR, position }]);
}

export function canRemoveStop(stops: ColorStop[]): boolean {
  return stops.length > MIN_STOPS;
}

/** Removes a stop only while more than 2 remain; otherwise returns the stops unchanged. */
export function removeStop(stops: ColorStop[], id: number): ColorStop[] {
  if (!canRemoveStop(stops)) return stops;
  return stops.filter((s) => s.id !== id);
}

/** Parses a stop position: integer, non-numeric becomes 0, clamped to 0-100. */
export function parsePosition(input: string | number): number {
  const n = typeof input === 'number' ? Math.trunc(input) : parseInt(input, 10);
  if (!Number.isFinite(n)) return 0;
  return Math.min(100, Math.max(0, n));
}

export function setStopPosition(stops: ColorStop[], id: number, input: string | number): ColorStop[] {
  const position = parsePosition(input);
  return stops.map((s) => (s.id === id ? { ...s, position } : s));
}

/** Hex text box: valid input (with or without #) updates the colour; anything else is ignored. */
export function setStopColor(stops: ColorStop[], id: number, input: string): ColorStop[] {
  const color = normalizeHexInput(input);
  if (!color) return stops;
  return stops.map((s) => (s.id === id ? { ...s, color } : s));
}

/** Clamps a number to [min, max], with `fallback` for non-numbers (angle, position sliders). */
export function clampNumber(input: string | number, min: number, max: number, fallback = min): number {
  const n = typeof input === 'number' ? input : parseFloat(input);
  if (!Number.isFinite(n)) return fallback;
  return Math.min(max, Math.max(min, n));
}

/**
 * Export size: a positive integer, falling back (1920 / 1080) when not a number, capped at `max`.
 * Read as the number field's value is (`1e3` is 1000; parseInt read 1).
 */
export function parseExportSize(input: string | number, fallback: number, max: number): number {
  const n = typeof input === 'number' ? input : input.trim() === '' ? NaN : Number(input);
  if (!Number.isFinite(n)) return fallback;
  return Math.min(max, Math.max(1, Math.trunc(n)));
}
