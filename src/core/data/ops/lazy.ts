/**
 * runDataOp for the browser: loads only the module of the action's family, in the page and in
 * the data worker alike, so the JSON formatter never downloads `yaml` or `papaparse`.
 */
import type { JsonExports } from '../json/kernel';
import type { DataOp, OpResult, ProgressFn } from './types';

export async function runDataOpLazily(
  op: DataOp,
  text: string,
  onProgress?: ProgressFn,
  json?: JsonExports,
): Promise<OpResult> {
  switch (op.kind) {
    case 'format':
    case 'minify':
    case 'validate':
      return (await import('./shared')).runJsonOp(op, text);
    case 'jsonToYaml':
    case 'yamlToJson':
      return (await import('./yaml')).runYamlOp(op, text, json);
    case 'csvToJson':
    case 'jsonToCsv':
      return (await import('./csv')).runCsvOp(op, text, onProgress, json);
  }
}
