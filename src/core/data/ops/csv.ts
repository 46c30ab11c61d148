/** CSV <-> JSON actions (`papaparse` for reading CSV). */
import { csvToJsonText, CsvError, isRowObject, rowsToCsv, type Delimiter } from '../formats/csv';
import { MSG, jsonFailure } from '../messages';
import type { JsonObject } from '../json/lossless';
import type { JsonExports } from '../json/kernel';
import type { DataOp, OpResult, ProgressFn } from './types';
import { isBlank, parseJson } from './shared';
import { duplicateKeysIn } from '../json/duplicates';

function csvToJson(
  text: string,
  op: { delimiter: Delimiter; header: boolean; detectTypes?: boolean },
  onProgress?: ProgressFn,
): OpResult {
  if (isBlank(text)) return { ok: false, status: MSG.enterCsv };
  try {
    const { json, rows } = csvToJsonText(text, { ...op, onProgress });
    const s = rows === 1 ? '' : 's';
    return { ok: true, output: json, status: `✅ Converted ${rows} row${s} to JSON` };
  } catch (e) {
    if (!(e instanceof CsvError)) throw e;
    return { ok: false, status: MSG.csvToJsonFailed(e.message), position: e.position };
  }
}

function jsonToCsv(
  text: string,
  {
    delimiter,
    neutraliseFormulas,
    header = true,
  }: { delimiter: Delimiter; neutraliseFormulas: boolean; header?: boolean },
  json?: JsonExports,
): OpResult {
  if (isBlank(text)) return { ok: false, status: MSG.enterJsonData };
  const r = parseJson(text, json);
  if (!r.ok) return { ok: false, status: jsonFailure(r, MSG.jsonToCsvFailed), position: r.position };
  const rows = r.value;
  if (!Array.isArray(rows) || rows.length === 0 || !rows.every(isRowObject))
    return { ok: false, status: MSG.notArrayOfObjects };
  // The header row is the first object's keys (spec): without any there is no column to write, and
  // the output was one empty line beside "✅ Converted 1 row to CSV".
  if ((rows[0] as JsonObject).size === 0) return { ok: false, status: MSG.firstObjectHasNoKeys };
  const s = rows.length === 1 ? '' : 's';
  return {
    ok: true,
    output: rowsToCsv(rows as JsonObject[], { delimiter, neutraliseFormulas, header }),
    status: `✅ Converted ${rows.length} row${s} to CSV`,
    note: [duplicateKeysIn(text, 'last'), leftOutKeysNote(rows as JsonObject[])].filter(Boolean).join(' ') || undefined,
  };
}

/** The columns are the first object's keys (spec): the keys only later objects have are named, not lost unsaid. */
function leftOutKeysNote(rows: JsonObject[]): string | undefined {
  const first = rows[0]!;
  const leftOut = new Set<string>();
  for (const row of rows) for (const key of row.keys()) if (!first.has(key)) leftOut.add(key);
  if (leftOut.size === 0) return undefined;
  const names = [...leftOut];
  const shown = names.length > 6 ? `${names.slice(0, 5).join(', ')} and ${names.length - 5} more` : names.join(', ');
  const one = names.length === 1;
  return `The columns are the first object's keys: ${names.length} key${one ? '' : 's'} only later objects have ${one ? 'was' : 'were'} left out (${shown}).`;
}

/** CSV -> JSON and JSON -> CSV; `json` (the kernel, in the worker) checks JSON input. */
export function runCsvOp(
  op: Extract<DataOp, { kind: 'csvToJson' | 'jsonToCsv' }>,
  text: string,
  onProgress?: ProgressFn,
  json?: JsonExports,
): OpResult {
  return op.kind === 'csvToJson' ? csvToJson(text, op, onProgress) : jsonToCsv(text, op, json);
}
