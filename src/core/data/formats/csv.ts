/**
 * CSV <-> JSON rules of the spec (part 1, section 5). Reading goes through papaparse (RFC 4180:
 * quoted delimiters, doubled quotes, quoted line breaks, CRLF); writing follows the spec's
 * quoting rule exactly (papaparse would also quote cells with edge spaces), so it is done here.
 */
import Papa from 'papaparse';
import {
  JSON_NUMBER,
  LosslessNumber,
  numberFromLiteral,
  plainNumber,
  type JsonObject,
  type JsonValue,
} from '../json/lossless';
import { keyText, writeJson } from '../json/write';
import { neutraliseFormula } from './formula';
import { positionAt, type TextPosition } from '../position';

export { DELIMITERS, type Delimiter } from './delimiters';
import type { Delimiter } from './delimiters';

/** "02134", "0049...", "-007": a leading zero before more digits (ZIP codes, phone numbers, IDs). */
const LEADING_ZERO = /^[+-]?0\d/;

/**
 * Spec typing: values that are numbers become numbers, true/false booleans, 'null' null; anything
 * else (including '') stays text. "Is a number" is JavaScript's reading (`Number(v)`, so ` 30`
 * counts) without hex/octal/binary prefixes, and except numbers written with a leading zero
 * (`02134`, `0049...`: ZIP codes, phone numbers, IDs), which stay text so no digit is lost.
 * JSON number literals are kept exactly (`1.50`, `12345678901234567890`); other spellings are
 * written in their plain form, digit for digit (`+5` -> 5, `.5` -> 0.5). `detectTypes: false`
 * keeps every value as text.
 */
export function typeCsvValue(cell: string, detectTypes = true): JsonValue {
  const json = detectTypes ? typedJson(cell) : undefined;
  if (json === undefined) return cell;
  if (json === 'true' || json === 'false') return json === 'true';
  return json === 'null' ? null : numberFromLiteral(json);
}

/**
 * The JSON text of the value a cell types to under the rules above (a JSON number literal as it
 * is written), or undefined when the cell stays text. Rows are written to JSON from this text.
 */
function typedJson(cell: string): string | undefined {
  const t = cell.length && (cell.charCodeAt(0) <= 32 || cell.charCodeAt(cell.length - 1) <= 32) ? cell.trim() : cell;
  if (t === 'true' || t === 'false' || t === 'null') return t;
  // A finite number starts with a digit, a sign or a point: most text is decided here, without a regex.
  const first = t.charCodeAt(0);
  if (!((first >= 48 && first <= 57) || first === 43 || first === 45 || first === 46)) return undefined;
  if (LEADING_ZERO.test(t)) return undefined;
  if (JSON_NUMBER.test(t)) return t;
  return plainNumber(t);
}

/** A CSV the reader stops on (a broken quote); `position`: the start of its record, when read as one text. */
export class CsvError extends Error {
  constructor(
    message: string,
    readonly position?: TextPosition,
  ) {
    super(message);
  }
}

interface CsvReadOptions {
  delimiter: Delimiter;
  header: boolean;
  /** "Detect numbers": type values (the default), or keep every value as text. */
  detectTypes?: boolean;
  /** Called every ~1 MB of input with the characters read so far. */
  onProgress?: (done: number, total: number) => void;
}

/**
 * Header names: empty ones become column_N, repeated ones get _2, _3 ... so no column is lost. A
 * generated name skips every name the header spells itself (`a,a,a_2` -> a, a_3, a_2).
 */
function uniqueHeaders(row: string[]): string[] {
  const spelled = new Set(row);
  const used = new Set<string>();
  /** Per repeated name, the suffix to try next: every one below it is taken for good. */
  const nextSuffix = new Map<string, number>();
  return row.map((raw, i) => {
    let name = raw === '' ? `column_${i + 1}` : raw;
    if (used.has(name) || (raw === '' && spelled.has(name))) {
      // From the last suffix given, not from 2: 40,000 columns named `c` took 60 s.
      const base = name;
      const taken = (n: number) => used.has(`${base}_${n}`) || spelled.has(`${base}_${n}`);
      let n = nextSuffix.get(base) ?? 2;
      while (taken(n)) n++;
      name = `${base}_${n}`;
      nextSuffix.set(base, n + 1);
    }
    used.add(name);
    return name;
  });
}

/** The key of a cell beyond the header: column_N, with _2, _3 ... if the header has that name. */
function extraName(names: readonly string[], i: number): string {
  let name = `column_${i + 1}`;
  for (let n = 2; names.includes(name); n++) name = `column_${i + 1}_${n}`;
  return name;
}

/** A data record: its cells and the header names (cells beyond them are named column_N). */
type RecordHandler = (cells: string[], names: readonly string[]) => void;

/**
 * The spec's reading of CSV records, one papaparse step at a time: the header row (unless
 * `header` is off), blank rows skipped, records handed to `onRecord` one by one (so callers can
 * write them out at once instead of keeping millions of objects alive). A quote error stops the
 * parse and is kept in `error`, with the line its record starts on.
 */
function csvRecordReader({ header }: CsvReadOptions, onRecord: RecordHandler, text?: string) {
  let names: string[] | undefined = header ? undefined : [];
  /**
   * The line the next record starts on: each record takes one line and the line breaks quoted in
   * its cells (a multi-line cell from a spreadsheet). Counting records instead ("row 4") named a
   * line above the broken quote once a quoted line break came before it.
   */
  let line = 1;
  /** Where the last record ended (papaparse's cursor is past the record and its line break). */
  let end = 0;
  /**
   * A blank line (skipped): one cell of spaces at most, not quoted. A quoted `""` or `" "` is a
   * value, as Python's csv keeps it; papaparse gives both as the same cell, but a quoted one's
   * source is 2 longer (the quotes) than the cell and its line break. A file read in pieces has
   * \n line ends (lineEndsToLf), which are 1 long; text read whole may keep \r\n ones (2).
   */
  const isBlankLine = (cells: string[], start: number, cursor: number) => {
    const [cell, more] = cells;
    if (more !== undefined || cell === undefined || cell.trim() !== '') return false;
    const lineBreak = text?.startsWith('\r\n', cursor - 2) ? 2 : 0;
    return cursor - start - cell.length - lineBreak < 2;
  };
  const reader = {
    error: undefined as CsvError | undefined,
    config: { header: false, skipEmptyLines: false, dynamicTyping: false } as const,
    step(r: Papa.ParseStepResult<string[]>, parser: Papa.Parser) {
      const quotes = r.errors.find((e) => e.type === 'Quotes');
      if (quotes) {
        // papaparse's index is just past the broken cell's opening quote (offsets into the whole
        // text, read in one piece): the position is that quote, where the line's start said column 1.
        const quote = (quotes.index ?? 0) - 1;
        const position =
          text === undefined
            ? undefined
            : quote >= end && text[quote] === '"'
              ? positionAt(text, quote)
              : { offset: end, line, column: 1 };
        reader.error = new CsvError(`${quotes.message} (line ${line})`, position);
        return parser.abort();
      }
      const cells = r.data;
      line++;
      for (const cell of cells) for (let i = cell.indexOf('\n'); i >= 0; i = cell.indexOf('\n', i + 1)) line++;
      const start = end;
      end = r.meta.cursor;
      if (isBlankLine(cells, start, end)) return;
      if (!names) {
        names = uniqueHeaders(cells);
        return;
      }
      // Without a header row the first record's width is the table's, as the header's is: a short
      // row gets "" for its missing cells (it came out with fewer keys, and JSON -> CSV then lost
      // the cells of any longer row).
      if (!header && names.length === 0) names = cells.map((_, i) => extraName([], i));
      onRecord(cells, names);
    },
  };
  return reader;
}

/** A record as a row object: keys from the header (column_N beyond it), values typed. */
export function rowObject(cells: string[], names: readonly string[], detectTypes = true): JsonObject {
  const obj: JsonObject = new Map();
  const width = Math.max(cells.length, names.length);
  for (let i = 0; i < width; i++) obj.set(names[i] ?? extraName(names, i), typeCsvValue(cells[i] ?? '', detectTypes));
  return obj;
}

/**
 * A function that rewrites the line ends outside quoted cells as \n, piece after piece. Papaparse
 * takes one kind of line end (guessed from the first) and reads the others as cell text, so a
 * file mixing \r\n and \n merged rows; Python's csv and spreadsheets take all three.
 *
 * A quote opens a quoted cell only at the start of a cell (RFC 4180, papaparse, Python's csv), or
 * right after the quote that closed it (a doubled quote); elsewhere (`5" pipe`) it is text. Every
 * quote used to flip the state, so after an inch mark the \r\n of a Windows file were kept and
 * every cell up to the next quote ended in \r.
 */
function lineEndsToLf(delimiter: string): (text: string) => string {
  let quoted = false;
  /** The last piece ended in a \r outside quotes: a \n starting this one belongs to it. */
  let cr = false;
  /** The last piece ended where a cell starts (the file's start, a delimiter, a line end). */
  let cellStart = true;
  /** The last piece ended with the quote that closed a quoted cell. */
  let closed = false;
  const startsCell = (text: string, i: number) => {
    if (i === 0) return cellStart;
    const c = text[i - 1];
    return c === delimiter || c === '\n' || c === '\r';
  };
  /** Where the quote that closed a quoted cell is in this piece (-1: at the end of the last one). */
  let closedAt = -2;
  const quote = (text: string, i: number) => {
    if (quoted) {
      quoted = false;
      closedAt = i;
    } else if (closedAt === i - 1 || startsCell(text, i)) quoted = true;
  };
  const toLf = (text: string): string => {
    closedAt = closed ? -1 : -2;
    if (!text.includes('\r')) {
      for (let i = text.indexOf('"'); i >= 0; i = text.indexOf('"', i + 1)) quote(text, i);
      return text;
    }
    if (!quoted && !text.includes('"')) return text.replace(/\r\n?/g, '\n');
    const parts: string[] = [];
    let last = 0;
    const re = /["\r]/g;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      if (m[0] === '"') quote(text, m.index);
      else if (!quoted) {
        parts.push(text.slice(last, m.index));
        last = re.lastIndex = text.charCodeAt(m.index + 1) === 10 ? m.index + 2 : m.index + 1;
      }
    }
    parts.push(text.slice(last));
    return parts.join('\n');
  };
  return (piece) => {
    const text = cr && piece.charCodeAt(0) === 10 ? piece.slice(1) : piece;
    const out = toLf(text);
    cr = !quoted && text.endsWith('\r');
    if (text !== '') {
      closed = closedAt === text.length - 1;
      cellStart = !quoted && startsCell(text, text.length);
    }
    return out;
  };
}

/** Reads CSV text through papaparse, calling `onRecord` with each data record (see csvRecordReader). */
function readCsv(text: string, options: CsvReadOptions, onRecord: RecordHandler): void {
  let steps = 0;
  const t = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  // Only \r\n or only \n (the usual files) is papaparse's own reading: nothing to rewrite.
  const input =
    /\r(?!\n)/.test(t) || (t.includes('\r') && /(?<!\r)\n/.test(t)) ? lineEndsToLf(options.delimiter)(t) : t;
  const reader = csvRecordReader(options, onRecord, input);
  Papa.parse<string[]>(input, {
    ...reader.config,
    delimiter: options.delimiter,
    step: (r, parser) => {
      if (options.onProgress && ++steps % 20_000 === 0) options.onProgress(r.meta.cursor, input.length);
      reader.step(r, parser);
    },
  });
  if (reader.error) throw reader.error;
}

/**
 * The smallest readable stream papaparse accepts (its Node stream input, duck-typed): text is
 * pushed in as it is decoded, and papaparse carries a record cut in two by a piece boundary over
 * to the next piece. Its File input would decode every slice on its own and break the UTF-8
 * characters that straddle two slices.
 */
class TextPieces {
  readonly readable = true;
  private readonly listeners = new Map<string, (arg?: unknown) => void>();
  read(): void {}
  pause(): void {}
  resume(): void {}
  on(event: string, listener: (arg?: unknown) => void): this {
    this.listeners.set(event, listener);
    return this;
  }
  removeListener(event: string): this {
    this.listeners.delete(event);
    return this;
  }
  push(text: string): void {
    this.listeners.get('data')?.(text);
  }
  end(): void {
    this.listeners.get('end')?.();
  }
}

/** Reads CSV arriving in pieces (a file decoded slice by slice), with the rules of readCsv. */
export async function readCsvPieces(
  pieces: AsyncIterable<string>,
  options: CsvReadOptions,
  onRecord: RecordHandler,
): Promise<void> {
  const reader = csvRecordReader(options, onRecord);
  const source = new TextPieces();
  Papa.parse<string[], Papa.LocalFile>(source as unknown as Papa.LocalFile, {
    ...reader.config,
    delimiter: options.delimiter,
    step: (r, parser) => reader.step(r, parser),
  });
  const toLf = lineEndsToLf(options.delimiter);
  for await (const piece of pieces) {
    source.push(toLf(piece));
    if (reader.error) throw reader.error;
  }
  source.end();
  if (reader.error) throw reader.error;
}

/** Parses CSV text into rows of typed values (objects keyed by header or column_N). */
export function csvToRows(text: string, options: CsvReadOptions): JsonObject[] {
  const rows: JsonObject[] = [];
  readCsv(text, options, (cells, names) => rows.push(rowObject(cells, names, options.detectTypes)));
  return rows;
}

/** JSON text of a cell: what writeJson writes for typeCsvValue(cell). */
function cellJson(cell: string, detectTypes: boolean): string {
  return (detectTypes ? typedJson(cell) : undefined) ?? JSON.stringify(cell);
}

/** Rows per piece handed on (about 100 KB of JSON for short rows). */
const BATCH_ROWS = 1024;

/**
 * Writes records as the elements of a JSON array (2-space indent), piece by piece, to `emit`:
 * the text writeJson gives for the rows' objects, written straight from the cells (no object per
 * row, each key quoted once: 3x faster on a 50 MB file).
 */
export class JsonRowsWriter {
  rows = 0;
  private names: readonly string[] = [];
  /** `\n    "name": ` per column, for the current header. */
  private keys: string[] = [];

  constructor(
    private readonly emit: (text: string) => void,
    private readonly detectTypes = true,
  ) {}

  add(cells: string[], names: readonly string[]): void {
    this.batch.push((this.rows++ ? ',\n  ' : '[\n  ') + this.rowJson(cells, names));
    if (this.batch.length === BATCH_ROWS) this.flush();
  }

  end(): void {
    this.flush();
    this.emit(this.rows ? '\n]' : '[]');
  }

  /**
   * Rows leave in batches joined into one flat string: the pieces of each row's text then die
   * young, where a million rows kept as pieces until the end spent most of the time in the GC.
   */
  private batch: string[] = [];
  private flush(): void {
    if (this.batch.length) this.emit(this.batch.join(''));
    this.batch = [];
  }

  private rowJson(cells: string[], names: readonly string[]): string {
    if (names !== this.names) [this.names, this.keys] = [names, []];
    const width = Math.max(cells.length, names.length);
    let out = '{';
    for (let i = 0; i < width; i++) {
      const key = (this.keys[i] ??= `\n    ${JSON.stringify(names[i] ?? extraName(names, i))}: `);
      out += (i ? ',' : '') + key + cellJson(cells[i] ?? '', this.detectTypes);
    }
    return out + '\n  }';
  }
}

/** CSV text to JSON text (2-space indent), written row by row; same text as writeJson(csvToRows()). */
export function csvToJsonText(text: string, options: CsvReadOptions): { json: string; rows: number } {
  const parts: string[] = [];
  const writer = new JsonRowsWriter((piece) => parts.push(piece), options.detectTypes);
  readCsv(text, options, (cells, names) => writer.add(cells, names));
  writer.end();
  return { json: parts.join(''), rows: writer.rows };
}

interface CsvWriteOptions {
  delimiter: Delimiter;
  /** Prefix cells that a spreadsheet would run as a formula with an apostrophe (see ./formula.ts). */
  neutraliseFormulas?: boolean;
  /** Write the header row (the default); off, the rows alone, in the first object's key order. */
  header?: boolean;
}

/** Spec quoting: a cell with the delimiter or a quote (or a line break) is quoted, quotes doubled. */
export function quoteCell(text: string, delimiter: string): string {
  return text.includes(delimiter) || /["\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Cell text of a JSON value: null -> empty, nested objects and arrays -> JSON text. */
export function cellText(value: unknown, neutraliseFormulas = false): string {
  if (value === null || value === undefined) return '';
  if (value instanceof LosslessNumber) return value.text;
  if (typeof value === 'object') return writeJson(value, { indent: 0 });
  const text = String(value);
  // Only text can be a formula; a negative number such as -5 is data.
  return neutraliseFormulas && typeof value === 'string' ? neutraliseFormula(text) : text;
}

export function isRowObject(v: unknown): v is JsonObject {
  return v instanceof Map;
}

/** CSV of an array of objects; the header row (unless `header` is off) is the first object's keys (spec). */
export function rowsToCsv(
  rows: JsonObject[],
  { delimiter, neutraliseFormulas = false, header = true }: CsvWriteOptions,
): string {
  const [first] = rows;
  if (!first) throw new RangeError('CSV needs at least one row: its keys are the header.');
  const keys = [...first.keys()];
  // One empty cell alone would be a blank line, which readers (papaparse, Python's csv, ours) skip:
  // it is written "", as Python's csv writer does. So is one of whitespace alone (" ", a tab, a
  // no-break space), which ours and papaparse's greedy skip take for a blank line too.
  const line = (cells: string[]) =>
    cells.length === 1 && cells[0]!.trim() === ''
      ? `"${cells[0]}"`
      : cells.map((c) => quoteCell(c, delimiter)).join(delimiter);
  const out = header ? [line(keys.map((k) => cellText(keyText(k), neutraliseFormulas)))] : [];
  for (const row of rows) out.push(line(keys.map((k) => cellText(row.get(k), neutraliseFormulas))));
  return out.join('\n');
}
