/**
 * bitsmith yaml to-json|from-json and bitsmith csv to-json|from-json: the converter pages' actions
 * (src/core/data/ops: runYamlOp, runCsvOp), so the output is the page's for the same options. They
 * need the whole document, as the pages do; a final newline is added when the output has none.
 */
import type { Delimiter } from '../src/core/data/formats/delimiters';
import type { DataOp } from '../src/core/data/ops/types';
import { BadInput, UsageError, notUtf8Text, readAll, type WholeDocument } from './io';
import { writeOutput } from './sync-io';
import { decodeUtf8 } from '../src/core/data/utf8';

export type DataCommand = 'yaml to-json' | 'yaml from-json' | 'csv to-json' | 'csv from-json';

export interface DataOptions {
  indent?: string;
  sortKeys?: boolean;
  delimiter?: string;
  header?: boolean;
  detectTypes?: boolean;
  neutraliseFormulas?: boolean;
  output?: string;
}

/** The names a shell can pass for the page's four delimiters. */
const DELIMITER_NAMES: Record<string, Delimiter> = {
  ',': ',',
  comma: ',',
  ';': ';',
  semicolon: ';',
  tab: '\t',
  '\t': '\t',
  '|': '|',
  pipe: '|',
};

/** Heap bytes per input byte, measured on 20 MB of JSON records (YAML to JSON 117, from JSON 39; CSV 23 and 16), plus half. */
const WHOLE: Record<DataCommand, WholeDocument> = {
  'yaml to-json': { what: 'YAML to JSON', heapPerByte: 180 },
  'yaml from-json': { what: 'JSON to YAML', heapPerByte: 60 },
  'csv to-json': { what: 'CSV to JSON', heapPerByte: 35 },
  'csv from-json': { what: 'JSON to CSV', heapPerByte: 25 },
};

function delimiterOf(text = ','): Delimiter {
  const name = text.toLowerCase();
  // Own names only: `constructor` and `__proto__` are Object.prototype's, not delimiters.
  const d = Object.hasOwn(DELIMITER_NAMES, name) ? DELIMITER_NAMES[name] : undefined;
  if (d === undefined)
    throw new UsageError(`--delimiter must be comma, semicolon, tab or pipe (or , ; |), not "${text}".`);
  return d;
}

function opOf(command: DataCommand, o: DataOptions): DataOp {
  const indent = o.indent === '4' ? 4 : 2;
  const sortKeys = !!o.sortKeys;
  switch (command) {
    case 'yaml to-json':
      return { kind: 'yamlToJson', indent, sortKeys };
    case 'yaml from-json':
      return { kind: 'jsonToYaml', indent, sortKeys };
    case 'csv to-json':
      return {
        kind: 'csvToJson',
        delimiter: delimiterOf(o.delimiter),
        header: o.header ?? true,
        detectTypes: o.detectTypes ?? true,
      };
    case 'csv from-json':
      return {
        kind: 'jsonToCsv',
        delimiter: delimiterOf(o.delimiter),
        neutraliseFormulas: !!o.neutraliseFormulas,
        header: o.header ?? true,
      };
  }
}

/**
 * The input as text. TextDecoder drops a leading byte order mark, as the pages' file reading does
 * (Buffer keeps it). Bytes that are not UTF-8 (a Windows-1252 export) are refused with where the
 * first one is, as Python's csv and PyYAML refuse them: decoded, they would have become U+FFFD in
 * the output without a word.
 */
function utf8Text(bytes: Uint8Array, file: string): string {
  const r = decodeUtf8(bytes);
  if ('text' in r) return r.text;
  throw new BadInput(notUtf8Text(file, r.notUtf8));
}

export async function convertData(command: DataCommand, file: string, o: DataOptions): Promise<void> {
  const op = opOf(command, o);
  const text = utf8Text(await readAll(file, WHOLE[command]), file);
  const r = command.startsWith('yaml')
    ? (await import('../src/core/data/ops/yaml')).runYamlOp(op as Extract<DataOp, { kind: 'jsonToYaml' }>, text)
    : (await import('../src/core/data/ops/csv')).runCsvOp(op as Extract<DataOp, { kind: 'csvToJson' }>, text);
  if (!r.ok) throw new BadInput(r.status);
  if (op.kind === 'csvToJson') {
    // The page's hint: every line in one cell (a semicolon export) converts, but into nothing useful.
    const { delimiterHint, delimiterName } = await import('../src/tools/csv-json/logic');
    const other = delimiterHint('csvToJson', text, op.delimiter);
    if (other) {
      const name = delimiterName(other);
      process.stderr.write(
        `bitsmith: The input looks like ${name}-separated values: --delimiter ${name} reads its columns.\n`,
      );
    }
  }
  // The page's note (several YAML documents became one array) is worth a line on stderr.
  if (r.note) process.stderr.write(`bitsmith: ${r.note}\n`);
  writeOutput(r.output.endsWith('\n') ? r.output : r.output + '\n', o.output);
}
