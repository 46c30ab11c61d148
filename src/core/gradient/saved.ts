/**
 * Saved gradients: the stored form of spec part 2 section 3, kept in localStorage under
 * `savedGradients` (newest first, at most 50). Parsing is defensive: a damaged entry is dropped,
 * missing fields take the load defaults (angle 90, ellipse, 50/50, normal, not repeating).
 */
import { isHexColor } from './color';
import { clampNumber } from './stops';
import {
  BLEND_MODES,
  GRADIENT_TYPES,
  MAX_SAVED,
  RADIAL_SHAPES,
  type BlendMode,
  type ColorStop,
  type GradientSpec,
  type GradientType,
  type Point,
  type RadialShape,
} from './model';

export const STORAGE_KEY = 'savedGradients';

export interface SavedGradient {
  id: number;
  name: string;
  type: GradientType;
  angle: number;
  shape: RadialShape;
  position: Point;
  colors: ColorStop[];
  blendMode: BlendMode;
  repeating: boolean;
  /** ISO date string. */
  timestamp: string;
}

/** A saved gradient from the editor's current gradient. `now` is injectable for tests. */
export function makeSaved(name: string, g: GradientSpec, now = new Date(), id = now.getTime()): SavedGradient {
  return {
    id,
    name: name.trim(),
    type: g.type,
    angle: g.angle,
    shape: g.shape,
    position: { ...g.position },
    colors: g.stops.map((s) => ({ ...s })),
    blendMode: g.blendMode,
    repeating: g.repeating,
    timestamp: now.toISOString(),
  };
}

/** New gradient in front; older ones beyond 50 dropped. Ids stay unique. */
export function addSaved(list: SavedGradient[], item: SavedGradient): SavedGradient[] {
  let id = item.id;
  while (list.some((s) => s.id === id)) id++;
  return [{ ...item, id }, ...list].slice(0, MAX_SAVED);
}

export function deleteSaved(list: SavedGradient[], id: number): SavedGradient[] {
  return list.filter((s) => s.id !== id);
}

/** An angle as the 0-360 slider can show it: -90 is 270, 450 is 90 (the same CSS gradient). */
const sliderAngle = (a: number) => (a >= 0 && a <= 360 ? a : ((a % 360) + 360) % 360);
const percent = (n: number) => clampNumber(n, 0, 100);

/**
 * The editor gradient a saved one (or a link) restores, with the spec's defaults for missing
 * fields, and within the editor's ranges: a hand-edited angle of -90 or a position of 150% showed
 * sliders that disagreed with the preview.
 */
export function gradientFromSaved(s: Partial<SavedGradient>): GradientSpec {
  return {
    type: GRADIENT_TYPES.includes(s.type as GradientType) ? (s.type as GradientType) : 'linear',
    // 1e400 in the file is Infinity to JSON.parse: no angle (it became NaN, and the CSS NaNdeg).
    angle: typeof s.angle === 'number' && Number.isFinite(s.angle) ? sliderAngle(s.angle) : 90,
    shape: RADIAL_SHAPES.includes(s.shape as RadialShape) ? (s.shape as RadialShape) : 'ellipse',
    position:
      s.position && typeof s.position.x === 'number' && typeof s.position.y === 'number'
        ? { x: percent(s.position.x), y: percent(s.position.y) }
        : { x: 50, y: 50 },
    stops: uniqueIds((s.colors ?? []).map((c) => ({ ...c, position: percent(c.position) }))),
    blendMode: BLEND_MODES.includes(s.blendMode as BlendMode) ? (s.blendMode as BlendMode) : 'normal',
    repeating: s.repeating === true,
  };
}

/**
 * Stops that share an id (a hand-edited entry) are numbered by order from 1, as a preset's are:
 * Remove took every stop with the id, two at once and down to one stop, and the rows shared a key.
 */
function uniqueIds(stops: ColorStop[]): ColorStop[] {
  if (new Set(stops.map((c) => c.id)).size === stops.length) return stops;
  return stops.map((c, i) => ({ ...c, id: i + 1 }));
}

function validStop(c: unknown): c is ColorStop {
  const s = c as ColorStop;
  return (
    !!s &&
    typeof s.id === 'number' &&
    typeof s.color === 'string' &&
    isHexColor(s.color) &&
    typeof s.position === 'number'
  );
}

/** Parses the stored JSON; anything unusable becomes an empty list or is skipped. */
export function parseSaved(json: string | null): SavedGradient[] {
  if (!json) return [];
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch {
    return [];
  }
  if (!Array.isArray(data)) return [];
  const out: SavedGradient[] = [];
  for (const item of data) {
    if (!item || typeof item !== 'object') continue;
    const s = item as Partial<SavedGradient>;
    if (
      typeof s.id !== 'number' ||
      typeof s.name !== 'string' ||
      !Array.isArray(s.colors) ||
      s.colors.length < 2 ||
      !s.colors.every(validStop)
    )
      continue;
    const g = gradientFromSaved(s);
    out.push({
      id: s.id,
      name: s.name,
      type: g.type,
      angle: g.angle,
      shape: g.shape,
      position: g.position,
      colors: g.stops,
      blendMode: g.blendMode,
      repeating: g.repeating,
      timestamp: typeof s.timestamp === 'string' ? s.timestamp : dateFromId(s.id),
    });
  }
  return out.slice(0, MAX_SAVED);
}

/** The part of the Web Storage API used here (the page passes localStorage). */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export function loadSaved(storage: Pick<KeyValueStorage, 'getItem'> | undefined): SavedGradient[] {
  try {
    return parseSaved(storage?.getItem(STORAGE_KEY) ?? null);
  } catch {
    return [];
  }
}

/** Writes the list; returns false when storage is unavailable or full (the list stays in memory). */
export function storeSaved(list: SavedGradient[], storage: Pick<KeyValueStorage, 'setItem'> | undefined): boolean {
  try {
    storage?.setItem(STORAGE_KEY, JSON.stringify(list));
    return !!storage;
  } catch {
    return false;
  }
}

/** An entry without a timestamp was saved at its id (Date.now()); an id that is no date gives ''. */
function dateFromId(id: number): string {
  const date = new Date(id);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString();
}

/** "type • local date" line of a saved card; just the type when the date cannot be read. */
export function savedSubtitle(s: SavedGradient, locale?: string): string {
  const date = new Date(s.timestamp);
  return Number.isNaN(date.getTime()) ? s.type : `${s.type} • ${date.toLocaleDateString(locale)}`;
}
