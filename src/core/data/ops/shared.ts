/**
 * What every data action shares: its result type, the blank-input and position helpers, JSON
 * reading (through the WASM kernel when the worker has it) and the JSON formatter's own actions.
 * Each family of actions lives in its own module (./yaml.ts, ./csv.ts) so that a page loads
 * only the libraries its tool uses; ./index.ts puts them together for the worker.
 */
import { readJson } from '../json/read';
import { writeJson } from '../json/write';
import { MSG, jsonFailure } from '../messages';
import { describePosition, type TextPosition } from '../position';
import type { JsonExports } from '../json/kernel';
import { checkJson } from '../jobs/json';
import { duplicateKeysIn, type DuplicateOutcome } from '../json/duplicates';
import type { DataOp, Indent, OpResult } from './types';

export const isBlank = (text: string) => text.trim() === '';
export const withPosition = (detail: string, p: TextPosition) => `${detail} (${describePosition(p)})`;

function jsonAction(
  text: string,
  indent: Indent,
  sortKeys: boolean,
  empty: string,
  invalid: (d: string) => string,
  duplicates: DuplicateOutcome = 'last',
): OpResult {
  if (isBlank(text)) return { ok: false, status: empty };
  const r = readJson(text);
  if (!r.ok) return { ok: false, status: jsonFailure(r, invalid), position: r.position };
  const output = writeJson(r.value, { indent, sortKeys });
  return { ok: true, output, status: MSG.validJson, note: duplicateKeysIn(text, duplicates) };
}

/** The tree of JSON text; with the kernel, validity and the error position come from it (faster, same words). */
export function parseJson(text: string, json?: JsonExports): ReturnType<typeof readJson> {
  const bad = json && checkJson(json, text);
  return bad ? { ok: false, ...bad } : readJson(text);
}

/** The JSON formatter's actions (format, minify, validate). */
export function runJsonOp(op: Extract<DataOp, { kind: 'format' | 'minify' | 'validate' }>, text: string): OpResult {
  switch (op.kind) {
    case 'format':
      return jsonAction(text, op.indent, op.sortKeys, MSG.enterJsonToFormat, MSG.invalidJson);
    case 'minify':
      return jsonAction(text, 0, op.sortKeys, MSG.enterJsonToMinify, MSG.invalidJson);
    case 'validate':
      // It writes no JSON: the note on a repeated key says what readers of it will do.
      return jsonAction(text, op.indent, op.sortKeys, MSG.enterJsonToValidate, MSG.invalidJsonValidate, 'asWritten');
  }
}
