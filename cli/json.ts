/**
 * bitsmith json format|minify|validate: the JSON page's actions. Without --sort-keys the input is read
 * straight into the page's WASM kernel's memory and its output written straight from there (numbers and
 * strings copied byte for byte; no chunk allocations, no copies); --sort-keys needs the whole tree, as on
 * the page (src/core/data/ops).
 */
import { BytePosition, JsonKernelError, JsonStream, type JsonExports } from '../src/core/data/json/kernel';
import { DuplicateKeyScan, duplicateKeyNote } from '../src/core/data/json/duplicates';
import { runJsonOp } from '../src/core/data/ops/shared';
import { MSG, jsonFailure } from '../src/core/data/messages';
import { isUtf8 } from 'node:buffer';
import { decodeUtf8, firstNotUtf8InChunks, notUtf8InPiece, type NotUtf8 } from '../src/core/data/utf8';
import { BadInput, loadKernel, notUtf8Text, progress, readAll, readChunks } from './io';
import { SyncInput, SyncOutput, writeOutput } from './sync-io';

export type JsonMode = 'format' | 'minify' | 'validate';

export interface JsonOptions {
  indent?: string;
  sortKeys?: boolean;
  output?: string;
}

const EMPTY: Record<JsonMode, string> = {
  format: MSG.enterJsonToFormat,
  minify: MSG.enterJsonToMinify,
  validate: MSG.enterJsonToValidate,
};

const invalid = (mode: JsonMode, detail: string) =>
  mode === 'validate' ? MSG.invalidJsonValidate(detail) : MSG.invalidJson(detail);

function indentOf(text: string | undefined): 2 | 4 | 'tab' {
  if (text === undefined || text === '2') return 2;
  if (text === '4') return 4;
  if (text === 'tab') return 'tab';
  throw new BadInput('--indent must be 2, 4 or tab.');
}

/**
 * The page's refusal (bad or no JSON) as bad input. For validate it is the verdict, so -o FILE gets
 * it too (stdout has only the valid mark): left as it was, FILE kept the '✅ Valid JSON!' of an earlier run.
 */
function refused(mode: JsonMode, message: string, o: JsonOptions): BadInput {
  if (mode === 'validate' && o.output !== undefined && o.output !== '-') writeOutput(`${message}\n`, o.output);
  return new BadInput(message);
}

/** JSON whitespace: what may come before a document (an input of nothing else asks for JSON). */
const isWs = (b: number) => b === 32 || b === 10 || b === 13 || b === 9;

/** 3 when the input's first piece starts with a UTF-8 byte order mark, else 0. */
const bomLength = (piece: Uint8Array, n: number) =>
  n >= 3 && piece[0] === 0xef && piece[1] === 0xbb && piece[2] === 0xbf ? 3 : 0;

/** Where the last character of `piece` starts when it is cut short at the end, else the piece's length. */
function cutCharacterStart(piece: Uint8Array): number {
  for (let i = piece.length - 1; i >= Math.max(0, piece.length - 3); i--) {
    const b = piece[i]!;
    if ((b & 0xc0) === 0x80) continue; // a continuation byte
    const length = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
    return piece.length - i < length ? i : piece.length;
  }
  return piece.length;
}

/**
 * stdin's first byte that is not UTF-8, looked for in each piece as it passes (stdin cannot be read
 * again after an error, and a bad byte inside a string is no error to the kernel): Node's isUtf8
 * (about 4 ms for 200 MiB), and the byte-by-byte scan only in the piece that fails. A character cut
 * by a piece's end is carried to the next piece.
 */
class StdinUtf8 {
  bad: NotUtf8 | null = null;
  /** The character cut short at the last piece's end. */
  private carry = new Uint8Array(0);

  /** `start`: where the piece's first byte is (undefined for the input's first piece). */
  check(piece: Uint8Array, start: { line: number; column: number } | undefined, last: boolean): void {
    if (this.bad) return;
    let skip = 0; // the carried character's continuation bytes
    while (skip < 3 && skip < piece.length && (piece[skip]! & 0xc0) === 0x80) skip++;
    const end = last ? piece.length : Math.max(skip, cutCharacterStart(piece));
    if (isUtf8(Buffer.concat([this.carry, piece.subarray(0, skip)])) && isUtf8(piece.subarray(skip, end))) {
      this.carry = piece.slice(end);
      return;
    }
    // Lines and columns (BytePosition) count a character at its first byte: 2 columns for 4 bytes.
    const lead = this.carry[0];
    const carryStart =
      lead === undefined ? start : { line: start!.line, column: start!.column - (lead >= 0xf0 ? 2 : 1) };
    this.bad = notUtf8InPiece(Buffer.concat([this.carry, piece]), carryStart, last);
  }
}

export async function json(mode: JsonMode, file: string, o: JsonOptions): Promise<void> {
  const indent = indentOf(o.indent);
  if (o.sortKeys) {
    // Measured: 30 heap bytes per input byte (20 MB of JSON records), plus half.
    // TextDecoder drops a leading byte order mark, as the streamed kernel skips it (Buffer keeps it).
    // Bytes that are not UTF-8 are refused, as yaml and csv refuse them: decoded, they would become
    // U+FFFD without a word, where the streamed commands copy them as they are.
    const decoded = decodeUtf8(await readAll(file, { what: '--sort-keys', heapPerByte: 45 }));
    if (!('text' in decoded)) throw refused(mode, notUtf8Text(file, decoded.notUtf8), o);
    const text = decoded.text;
    const r = runJsonOp(
      mode === 'minify' ? { kind: 'minify', sortKeys: true } : { kind: mode, indent, sortKeys: true },
      text,
    );
    if (!r.ok) throw refused(mode, r.status, o);
    warn(r.note);
    return writeOutput(`${mode === 'validate' ? MSG.validJson : r.output}\n`, o.output);
  }
  const input = new SyncInput(file);
  const kernel = await loadKernel<JsonExports>('json');
  // 1 MiB pieces read straight into the kernel's memory. Small regions: fresh memory costs a page
  // fault per 4 KiB (about 17 us each on this VM; 16 MiB of regions cost 70 ms), and 1 MiB pieces
  // measured as fast as 4 MiB ones. Reading the next piece on libuv's threads while the kernel runs
  // measured no faster either (page-cache reads are about 30 ms of the 0.45 s for 200 MB).
  const stream = new JsonStream(kernel, mode, indent);
  const keys = new DuplicateKeyScan();
  stream.watch = (piece) => keys.feed(piece);
  // validate writes only its verdict, at the end (refused() writes a bad one).
  const out = mode === 'validate' ? undefined : new SyncOutput(o.output);
  const emit = out && ((b: Uint8Array) => out.write(b));
  // stdin and pipes cannot be read again to place an error: each piece's lines are counted as it passes.
  const once = input.size === undefined ? new BytePosition(Infinity) : undefined;
  const bar = progress(mode, input.size);
  let read = 0;
  let blank = true;
  // stdin: where the last piece starts (after the first) and whether the input ended there.
  let pieceStart: { line: number; column: number } | undefined;
  let ended = false;
  const stdinUtf8 = once && new StdinUtf8();
  // stdin: where the first repeated key is, placed while its piece is there.
  let keyAt: { line: number; column: number } | undefined;
  try {
    for (;;) {
      const region = stream.inputRegion();
      const n = input.read(region);
      ended = n < region.length;
      if (n === 0) {
        stdinUtf8?.check(region.subarray(0, 0), once!.position, true); // a character cut by the end
        break;
      }
      if (once && read > 0) pieceStart = once.position;
      read += n;
      // Whitespace alone asks for JSON; it goes to the kernel too, so error offsets count it. So does
      // a leading byte order mark, which the kernel skips (it was 'Unexpected end of JSON input').
      if (blank) blank = region.subarray(read === n ? bomLength(region, n) : 0, n).every(isWs);
      stdinUtf8?.check(region.subarray(0, n), pieceStart, ended);
      stream.pushInPlace(n, emit);
      if (once && keys.first && !keyAt) keyAt = once.copy().placeIn(region.subarray(0, n), keys.first.byteOffset);
      once?.skip(kernel, region.byteOffset, n);
      bar.update(read);
      if (n < region.length) break;
    }
    if (blank) throw refused(mode, EMPTY[mode], o);
    stream.finish();
  } catch (e) {
    if (!(e instanceof JsonKernelError)) throw e;
    // Bytes that are not UTF-8 (UTF-16 from PowerShell, a Windows-1252 export) are said to be so, as
    // --sort-keys, yaml and csv say it, not as a JSON token '\uFFFD'. A file is looked at only here,
    // after an error, so valid input pays nothing; stdin, which cannot be read again, as it passed.
    const bad = stdinUtf8 ? stdinUtf8.bad : await firstNotUtf8InChunks(() => readChunks(file));
    if (bad) throw refused(mode, notUtf8Text(file, bad), o);
    const at = once ? once.placeIn(stream.inputRegion(), e.byteOffset) : await positionIn(file, e.byteOffset);
    throw refused(
      mode,
      jsonFailure({ detail: e.detail, position: at, tooDeep: e.tooDeep }, (d) => invalid(mode, d)),
      o,
    );
  } finally {
    bar.done();
    input.close();
  }
  if (keys.first) warn(duplicateKeyNote(keys, keyAt ?? (await positionIn(file, keys.first.byteOffset)), 'asWritten'));
  if (mode === 'validate') writeOutput(MSG.validJson + '\n', o.output);
  else {
    out!.write(NEWLINE);
    out!.close();
  }
}

const NEWLINE = new Uint8Array([10]);

/** The page's note (repeated keys) as a line on stderr: the output and the verdict stay as they are. */
const warn = (note: string | undefined) => note && process.stderr.write(`bitsmith: ${note}\n`);

/** Line and column of a byte offset, read again from the file (only after an error). */
async function positionIn(file: string, byteOffset: number) {
  const p = new BytePosition(byteOffset);
  for await (const c of readChunks(file)) if (!p.feed(c)) break;
  return p.position;
}
