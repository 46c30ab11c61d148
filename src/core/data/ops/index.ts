/**
 * The actions of the three data tools as pure functions from input text to a result: the pages
 * run them directly for small inputs (loading only their own family, ./lazy.ts) and through
 * src/workers/data/data.worker.ts for big ones.
 */
import type { JsonExports } from '../json/kernel';
import { runJsonOp } from './shared';
import type { DataOp, OpResult, ProgressFn } from './types';
import { runYamlOp } from './yaml';
import { runCsvOp } from './csv';

export type { DataOp, Indent, OpResult, ProgressFn } from './types';

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
