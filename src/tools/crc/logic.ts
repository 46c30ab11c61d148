/** CRC generator page logic: grouping, search, parameters and messages (no React). */
import type { PredefinedAlgorithm } from '../../core/crc/catalogue';
import {
  MAX_DATA_WIDTH_UI, MIN_DATA_WIDTH_UI, POLY_BITS, mask, parseHex, polyFromBits, type CrcParams, type HdlLanguage,
} from '../../core/crc/params';

export const NO_POLYNOMIAL = 'No polynomial selected';
export const CUSTOM_OPTION = 'Custom Polynomial';
export const LOAD_ERROR = 'Failed to load predefined algorithms';
export const VALIDATION_ALERT = 'Validation error: Please check your polynomial and parameters';
export const BITS_PER_ROW = 17;

export const generateErrorAlert = (language: HdlLanguage) => `Error generating ${language.toUpperCase()} code. Please check your parameters.`;

/** Spec: a 68-element array with element 0 set by default. */
export function defaultBits(): number[] {
  const bits = new Array<number>(POLY_BITS).fill(0);
  bits[0] = 1;
  return bits;
}

export interface AlgorithmGroup {
  label: string;
  items: PredefinedAlgorithm[];
}

export function matchesSearch(a: PredefinedAlgorithm, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return [a.name, ...a.aliases].some((n) => n.toLowerCase().includes(q));
}

/**
 * Groups by CRC width, widest first; widths with a single algorithm go to 'Other', which comes
 * last. Only algorithms matching `query` are kept; empty groups are dropped.
 */
export function groupAlgorithms(list: PredefinedAlgorithm[], query = ''): AlgorithmGroup[] {
  const count = new Map<number, number>();
  for (const a of list) count.set(a.width, (count.get(a.width) ?? 0) + 1);
  const groups = new Map<number, PredefinedAlgorithm[]>();
  const other: PredefinedAlgorithm[] = [];
  for (const a of list) {
    if (!matchesSearch(a, query)) continue;
    if (count.get(a.width)! > 1) groups.set(a.width, [...(groups.get(a.width) ?? []), a]);
    else other.push(a);
  }
  const out = [...groups.entries()].sort(([a], [b]) => b - a).map(([w, items]) => ({ label: `${w}-bit`, items }));
  if (other.length) out.push({ label: 'Other', items: other.sort((a, b) => b.width - a.width) });
  return out;
}

export interface CustomFields {
  init: string;
  xorout: string;
  refin: boolean;
  refout: boolean;
}

export function fieldsOf(a: PredefinedAlgorithm): CustomFields {
  return { init: a.init, xorout: a.xorout, refin: a.refin, refout: a.refout };
}

export type Checked<T> = { ok: true; value: T } | { ok: false; error: string };

export function checkDataWidth(text: string): Checked<number> {
  const n = Number(text);
  if (text.trim() === '' || !Number.isInteger(n) || n < MIN_DATA_WIDTH_UI || n > MAX_DATA_WIDTH_UI) {
    return { ok: false, error: `Data width must be a whole number from ${MIN_DATA_WIDTH_UI} to ${MAX_DATA_WIDTH_UI}.` };
  }
  return { ok: true, value: n };
}

/** The parameters the bits and fields describe, or why they do not. */
export function checkParams(bits: number[], fields: CustomFields): Checked<CrcParams> {
  const { width, poly } = polyFromBits(bits);
  if (width < 1) return { ok: false, error: 'Select at least one term above x0 (the CRC width is the highest set power).' };
  const values: Record<'init' | 'xorout', bigint> = { init: 0n, xorout: 0n };
  for (const key of ['init', 'xorout'] as const) {
    const v = parseHex(fields[key]);
    if (v === undefined || fields[key].length > 40) return { ok: false, error: `${key === 'init' ? 'Init' : 'XorOut'} must be a hexadecimal value such as 0xFFFF.` };
    if (v > mask(width)) return { ok: false, error: `${key === 'init' ? 'Init' : 'XorOut'} does not fit in ${width} bits (the CRC width).` };
    values[key] = v;
  }
  return { ok: true, value: { width, poly, init: values.init, xorout: values.xorout, refin: fields.refin, refout: fields.refout } };
}

/** The POST /api/generate body: the spec's three fields plus the full parameters. */
export function generateBody(bits: number[], dataWidth: number, language: HdlLanguage, fields: CustomFields) {
  return {
    poly: bits,
    data_width: dataWidth,
    language,
    init: fields.init.trim() || '0',
    refin: fields.refin,
    refout: fields.refout,
    xorout: fields.xorout.trim() || '0',
  };
}
