/** CSV and JSON converter page logic (no React): the operation to run, messages, hints, usage names. */
import type { Delimiter } from '../../core/data/formats/csv';
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
    : { kind: 'jsonToCsv', delimiter, neutraliseFormulas };
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
