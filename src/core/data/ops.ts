/**
 * The actions of the three data tools as pure functions from input text to a result: the pages
 * run them directly for small inputs and through workers/data.worker.ts for big ones.
 */
import { readJson } from './json-read';
import { writeJson } from './json-write';
import { readYaml, writeYaml } from './yaml';
import { csvToJsonText, CsvError, isRowObject, rowsToCsv, type Delimiter } from './csv';
import { MSG } from './messages';
import { describePosition, type TextPosition } from './position';
import type { JsonObject } from './lossless';
import type { JsonExports } from './json-kernel';
import { checkJson } from './json-job';

export type Indent = 0 | 2 | 4;

export type DataOp =
  | { kind: 'format'; indent: Indent; sortKeys: boolean }
  | { kind: 'minify'; sortKeys: boolean }
  | { kind: 'validate'; indent: Indent; sortKeys: boolean }
  | { kind: 'jsonToYaml'; indent: 2 | 4; sortKeys: boolean }
  | { kind: 'yamlToJson'; indent: 2 | 4; sortKeys: boolean }
  | { kind: 'csvToJson'; delimiter: Delimiter; header: boolean; detectTypes?: boolean }
  | { kind: 'jsonToCsv'; delimiter: Delimiter; neutraliseFormulas: boolean };

type OpResult =
  | { ok: true; output: string; status: string; note?: string }
  | { ok: false; status: string; position?: TextPosition };

type ProgressFn = (done: number, total: number) => void;

const isBlank = (text: string) => text.trim() === '';
const withPosition = (detail: string, p: TextPosition) => `${detail} (${describePosition(p)})`;

function jsonAction(text: string, indent: Indent, sortKeys: boolean, empty: string, invalid: (d: string) => string): OpResult {
  if (isBlank(text)) return { ok: false, status: empty };
  const r = readJson(text);
  if (!r.ok) return { ok: false, status: invalid(withPosition(r.detail, r.position)), position: r.position };
  return { ok: true, output: writeJson(r.value, { indent, sortKeys }), status: MSG.validJson };
}

/** The tree of JSON text; with the kernel, validity and the error position come from it (faster, same words). */
function parseJson(text: string, json?: JsonExports): ReturnType<typeof readJson> {
  const bad = json && checkJson(json, text);
  return bad ? { ok: false, ...bad } : readJson(text);
}

function jsonToYaml(text: string, indent: 2 | 4, sortKeys: boolean, json?: JsonExports): OpResult {
  if (isBlank(text)) return { ok: false, status: MSG.enterJsonToConvert };
  const r = parseJson(text, json);
  if (!r.ok) return { ok: false, status: MSG.invalidJson(withPosition(r.detail, r.position)), position: r.position };
  const value = sortKeys ? sortDeep(r.value) : r.value;
  return { ok: true, output: writeYaml(value, indent), status: '✅ Converted JSON to YAML' };
}

function yamlToJson(text: string, indent: 2 | 4, sortKeys: boolean): OpResult {
  if (isBlank(text)) return { ok: false, status: MSG.enterYamlToConvert };
  const r = readYaml(text);
  if (!r.ok) return { ok: false, status: MSG.invalidYaml(withPosition(r.detail, r.position)), position: r.position };
  const note = r.documents > 1
    ? `The input holds ${r.documents} YAML documents (separated by ---); the JSON is an array with one element per document.`
    : undefined;
  return { ok: true, output: writeJson(r.value, { indent, sortKeys }), status: '✅ Converted YAML to JSON', note };
}

function csvToJson(text: string, op: { delimiter: Delimiter; header: boolean; detectTypes?: boolean }, onProgress?: ProgressFn): OpResult {
  if (isBlank(text)) return { ok: false, status: MSG.enterCsv };
  try {
    const { json, rows } = csvToJsonText(text, { ...op, onProgress });
    const s = rows === 1 ? '' : 's';
    return { ok: true, output: json, status: `✅ Converted ${rows} row${s} to JSON` };
  } catch (e) {
    if (!(e instanceof CsvError)) throw e;
    return { ok: false, status: MSG.csvToJsonFailed(e.message) };
  }
}

function jsonToCsv(text: string, delimiter: Delimiter, neutraliseFormulas: boolean, json?: JsonExports): OpResult {
  if (isBlank(text)) return { ok: false, status: MSG.enterJsonData };
  const r = parseJson(text, json);
  if (!r.ok) return { ok: false, status: MSG.jsonToCsvFailed(withPosition(r.detail, r.position)), position: r.position };
  const rows = r.value;
  if (!Array.isArray(rows) || rows.length === 0 || !rows.every(isRowObject)) return { ok: false, status: MSG.notArrayOfObjects };
  const s = rows.length === 1 ? '' : 's';
  return { ok: true, output: rowsToCsv(rows as JsonObject[], { delimiter, neutraliseFormulas }), status: `✅ Converted ${rows.length} row${s} to CSV` };
}

/** Maps sorted by key at every level (YAML output has no sort option of its own for Maps). */
function sortDeep(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortDeep);
  if (v instanceof Map) return new Map([...v].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([k, x]) => [k, sortDeep(x)]));
  return v;
}

/**
 * Runs one action on the input text. Never throws for bad input: the result says what is wrong.
 * `json` (the JSON WASM kernel, in the worker) checks JSON for JSON -> YAML and JSON -> CSV.
 */
export function runDataOp(op: DataOp, text: string, onProgress?: ProgressFn, json?: JsonExports): OpResult {
  switch (op.kind) {
    case 'format': return jsonAction(text, op.indent, op.sortKeys, MSG.enterJsonToFormat, MSG.invalidJson);
    case 'minify': return jsonAction(text, 0, op.sortKeys, MSG.enterJsonToMinify, MSG.invalidJson);
    case 'validate': return jsonAction(text, op.indent, op.sortKeys, MSG.enterJsonToValidate, MSG.invalidJsonValidate);
    case 'jsonToYaml': return jsonToYaml(text, op.indent, op.sortKeys, json);
    case 'yamlToJson': return yamlToJson(text, op.indent, op.sortKeys);
    case 'csvToJson': return csvToJson(text, op, onProgress);
    case 'jsonToCsv': return jsonToCsv(text, op.delimiter, op.neutraliseFormulas, json);
  }
}
