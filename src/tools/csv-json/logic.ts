/** CSV and JSON converter page logic (no React): the operation to run, messages, hints, usage names. */
import { DELIMITERS, type Delimiter } from '../../core/data/formats/delimiters';
import { looksLikeCsv, looksLikeJson } from '../../core/data/detect';
import { MSG } from '../../core/data/messages';
import type { DataOp } from '../../core/data/ops';

export type CsvDirection = 'csvToJson' | 'jsonToCsv';

export interface CsvOptions {
  direction: CsvDirection;
  delimiter: Delimiter;
  /** Spec: 'First row contains headers'. */
  header: boolean;
  /** CSV to JSON, "Detect numbers": numbers, booleans and null become JSON values (else all text). */
  detectTypes: boolean;
  neutraliseFormulas: boolean;
}

/** Each direction takes only its own options. */
export function conversionOp({ direction, delimiter, header, detectTypes, neutraliseFormulas }: CsvOptions): DataOp {
  return direction === 'csvToJson'
    ? { kind: 'csvToJson', delimiter, header, detectTypes }
    : { kind: 'jsonToCsv', delimiter, header, neutraliseFormulas };
}

/** Spec error catalogue: "Error converting CSV to JSON: {detail}" and the reverse. */
export function failureMessage(direction: CsvDirection, detail: string): string {
  return direction === 'csvToJson' ? MSG.csvToJsonFailed(detail) : MSG.jsonToCsvFailed(detail);
}

export const usageAction = (direction: CsvDirection) => (direction === 'csvToJson' ? 'csv_to_json' : 'json_to_csv');

/** The other format when the input looks like it, for the "Switch to ..." hint. */
export function otherFormatHint(direction: CsvDirection, text: string, delimiter: Delimiter): 'JSON' | 'CSV' | null {
  if (direction === 'csvToJson') return looksLikeJson(text) ? 'JSON' : null;
  return looksLikeCsv(text, delimiter) ? 'CSV' : null;
}

/**
 * The delimiter CSV input is written with, when the chosen one is in none of its first line and
 * another splits its first lines evenly (a semicolon export from a European spreadsheet, cells
 * copied from a sheet, which are tab-separated): converted as it was, every line was one cell.
 */
export function delimiterHint(direction: CsvDirection, text: string, delimiter: Delimiter): Delimiter | null {
  if (direction !== 'csvToJson') return null;
  const first = /^[^\r\n]*\S[^\r\n]*/m.exec(text.slice(0, 4096))?.[0];
  if (first === undefined || first.includes(delimiter)) return null;
  return DELIMITERS.find(({ value }) => value !== delimiter && looksLikeCsv(text, value))?.value ?? null;
}

/** How the page names a delimiter in its hint ("semicolon-separated"). */
export const delimiterName = (d: Delimiter) => ({ ',': 'comma', ';': 'semicolon', '\t': 'tab', '|': 'pipe' })[d];
