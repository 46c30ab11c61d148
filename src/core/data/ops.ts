/**
 * The actions of the three data tools as pure functions from input text to a result: the pages
 * run them directly for small inputs (loading only their own family, ops-lazy.ts) and through
 * workers/data.worker.ts for big ones.
 */
import type { Delimiter } from './csv';
import type { JsonExports } from './json-kernel';
import { runJsonOp, type OpResult, type ProgressFn } from './ops-shared';
import { runYamlOp } from './ops-yaml';
import { runCsvOp } from './ops-csv';

export type { OpResult, ProgressFn };

/** Spaces per level, a tab, or 0 for one line (the spec's minify choice). */
export type Indent = 0 | 2 | 4 | 'tab';

export type DataOp =
  | { kind: 'format'; indent: Indent; sortKeys: boolean }
  | { kind: 'minify'; sortKeys: boolean }
  | { kind: 'validate'; indent: Indent; sortKeys: boolean }
  | { kind: 'jsonToYaml'; indent: 2 | 4; sortKeys: boolean }
  | { kind: 'yamlToJson'; indent: 2 | 4; sortKeys: boolean }
  | { kind: 'csvToJson'; delimiter: Delimiter; header: boolean; detectTypes?: boolean }
  | { kind: 'jsonToCsv'; delimiter: Delimiter; neutraliseFormulas: boolean };

/**
 * Runs one action on the input text. Never throws for bad input: the result says what is wrong.
 * `json` (the JSON WASM kernel, in the worker) checks JSON for JSON -> YAML and JSON -> CSV.
 */
export function runDataOp(op: DataOp, text: string, onProgress?: ProgressFn, json?: JsonExports): OpResult {
  switch (op.kind) {
    case 'format':
    case 'minify':
    case 'validate':
      return runJsonOp(op, text);
    case 'jsonToYaml':
    case 'yamlToJson':
      return runYamlOp(op, text, json);
    case 'csvToJson':
    case 'jsonToCsv':
      return runCsvOp(op, text, onProgress, json);
  }
}
