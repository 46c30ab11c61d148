/** The vocabulary of the data actions, apart from their code so that every module can name it. */
import type { Delimiter } from '../formats/csv';
import type { TextPosition } from '../position';

/** Spaces per level, a tab, or 0 for one line (the spec's minify choice). */
export type Indent = 0 | 2 | 4 | 'tab';

export type DataOp =
  | { kind: 'format'; indent: Indent; sortKeys: boolean }
  | { kind: 'minify'; sortKeys: boolean }
  | { kind: 'validate'; indent: Indent; sortKeys: boolean }
  | { kind: 'jsonToYaml'; indent: 2 | 4; sortKeys: boolean }
  | { kind: 'yamlToJson'; indent: 2 | 4; sortKeys: boolean }
  | { kind: 'csvToJson'; delimiter: Delimiter; header: boolean; detectTypes?: boolean }
  /** `header` (default true): the first row is the first object's keys ("First row contains headers"). */
  | { kind: 'jsonToCsv'; delimiter: Delimiter; neutraliseFormulas: boolean; header?: boolean };

export type OpResult =
  { ok: true; output: string; status: string; note?: string } | { ok: false; status: string; position?: TextPosition };

export type ProgressFn = (done: number, total: number) => void;
