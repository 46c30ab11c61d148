/**
 * bitsmith crc check: checksums of files or stdin, apart from crc generate so that it loads no HDL or
 * software generator (start-up counts against Python's zlib.crc32 on a whole file).
 */
import { statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { paramsOf, type PredefinedAlgorithm } from '../src/core/crc/catalogue';
import { combineCrcs } from '../src/core/crc/combine';
import { findCatalogueAlgorithm, tooWideAlgorithm, tooWideText } from '../src/core/hdl/crc/algorithm';
import { BadInput, CHUNK_BYTES, Unreadable, inputName, progress, readAll } from './io';
import { SyncOutput } from './sync-io';
import { takeCrcHelper } from './crc-helper';
import { chunkBytes, crcOfClaimedChunks, crcOfStream, sharedChunks, type SharedChunks } from './crc-range';

const DEFAULT_CHECK_ALGORITHM = 'CRC-32/ISO-HDLC';

/** From this size on, a regular file's chunks are shared by two threads and their CRCs combined. */
const TWO_THREADS_FROM = 64 << 20;

/** A catalogue algorithm by name or alias (case, spaces, dashes and slashes ignored). */
export function findAlgorithm(name: string): PredefinedAlgorithm {
  const found = findCatalogueAlgorithm(name);
  const tooWide = found ? undefined : tooWideAlgorithm(name);
  if (tooWide) throw new BadInput(`${tooWideText(tooWide)} and checked.`);
  if (!found) throw new BadInput(`Unknown CRC algorithm "${name}": bitsmith crc list shows the catalogue.`);
  return found;
}

const hexOf = (v: bigint, width: number) => v.toString(16).padStart(Math.ceil(width / 4), '0');

/** The helper thread claiming chunks of `work` beside this one; resolves when it has no more to do. */
function helperThread(a: PredefinedAlgorithm, work: SharedChunks): Promise<void> {
  const worker = takeCrcHelper();
  worker.postMessage({ algorithm: a.name, work });
  return new Promise((resolve, reject) => {
    worker.once('message', () => resolve());
    // A read error on the helper thread is the same bad input as on the main one.
    worker.once('error', (e) => reject(new BadInput(e.message)));
  });
}

function fileSize(file: string): number | undefined {
  if (file === '-') return undefined;
  try {
    const st = statSync(file);
    return st.isFile() ? st.size : undefined;
  } catch {
    return undefined; // crcOfStream says what is wrong with it
  }
}

/**
 * A file's CRC as hex. A large regular file: its 4 MiB chunks shared by this thread and a helper
 * thread, their CRCs combined (src/core/crc/combine.ts), so reading and computing run on two cores.
 */
async function crcOfFile(a: PredefinedAlgorithm, file: string): Promise<string> {
  const size = fileSize(file);
  const bar = progress(file === '-' ? 'stdin' : file, size);
  try {
    if (size === undefined || size < TWO_THREADS_FROM || availableParallelism() < 2)
      return hexOf(await crcOfStream(a, file, (done) => bar.update(done)), a.width);
    const work = sharedChunks(file, size);
    const helper = helperThread(a, work);
    await crcOfClaimedChunks(a, work, () => bar.update(Math.min(size, Atomics.load(work.next, 0) * CHUNK_BYTES)));
    await helper;
    const parts = Array.from(work.values, (value, k) => ({ value, bytes: chunkBytes(size, k) }));
    return hexOf(combineCrcs(paramsOf(a), parts), a.width);
  } finally {
    bar.done();
  }
}

const UNREAD = 'FAILED open or read';

/** sha256sum's word for a listed file: OK, FAILED, or FAILED open or read (the check goes on with the rest). */
async function verdict(
  a: PredefinedAlgorithm,
  file: string,
  expected: string,
): Promise<'OK' | 'FAILED' | typeof UNREAD> {
  try {
    return (await crcOfFile(a, file)) === expected.toLowerCase() ? 'OK' : 'FAILED';
  } catch (e) {
    if (e instanceof Unreadable) return UNREAD;
    throw e;
  }
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

// As sha256sum: a name with a line break (on a checksum line, also a backslash) is written with
// \\, \n, \r and its line starts with a backslash, so that every line reads back as one file.
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r' };
const UNESCAPES: Record<string, string> = { '\\': '\\', n: '\n', r: '\r' };
const escapeName = (name: string) => name.replace(/[\\\n\r]/g, (c) => ESCAPES[c]!);
/** `text` prefixed by a backslash and with `name` escaped when `name` has one of `needs`. */
const escapedLine = (name: string, needs: RegExp, text: (name: string) => string) =>
  needs.test(name) ? `\\${text(escapeName(name))}` : text(name);
/** An escaped name read back, or undefined for an escape sha256sum does not write. */
const unescapeName = (name: string) =>
  /^(?:[^\\]|\\[\\nr])*$/.test(name) ? name.replace(/\\([\\nr])/g, (_, c: string) => UNESCAPES[c]!) : undefined;

/** A list's line form, as sha256sum tells them: GNU `value  name` / `value *name`, or BSD `value name`. */
type LineForm = 'gnu' | 'bsd' | undefined;

/**
 * A checksum line read as sha256sum --check reads it (coreutils' split_3): the value, a space or
 * a tab, then a mode (` ` or `*`) and the name, or the name straight after one separator (BSD
 * `md5 -r`, a name that starts with neither). The first such line decides the list's form, as in
 * coreutils: after a GNU line a BSD one is malformed; after a BSD line all that follows the
 * separator is the name.
 * Only `value  name` and `value *name` were read: `cbf43926 check.txt` was improperly formatted.
 */
function checksumLine(
  line: string,
  digits: number,
  form: { seen: LineForm },
): { value: string; name?: string } | undefined {
  const m = /^(\\?)([0-9a-fA-F]+)[ \t](.+)$/.exec(line);
  // As sha256sum: a value of another length than the algorithm's (8 digits for CRC-32) is no
  // checksum line of it (it was reported FAILED), and decides no form.
  if (!m || m[2]!.length !== digits) return undefined;
  const rest = m[3]!;
  let raw = rest;
  if (rest.length === 1 || (rest[0] !== ' ' && rest[0] !== '*')) {
    if (form.seen === 'gnu') return undefined;
    form.seen = 'bsd';
  } else if (form.seen !== 'bsd') {
    form.seen = 'gnu';
    raw = rest.slice(1); // the mode
  } // else a BSD list's name that starts with a space or a star, whole
  if (raw === '') return undefined;
  return { value: m[2]!, name: m[1] ? unescapeName(raw) : raw };
}

/** Lines `value  name` like sha256sum; with check, reads such lines back and says OK or FAILED. */
export async function crcCheck(
  files: string[],
  o: { algorithm?: string; check?: boolean; output?: string },
): Promise<number> {
  const a = findAlgorithm(o.algorithm ?? DEFAULT_CHECK_ALGORITHM);
  const inputs = files.length ? files : ['-'];
  const out = new SyncOutput(o.output);
  const say = (text: string) => out.write(Buffer.from(text));
  if (!o.check) {
    // As sha256sum: a file that cannot be read is told at the end, the others are still summed.
    const unreadable: string[] = [];
    for (const f of inputs) {
      let value: string;
      try {
        value = await crcOfFile(a, f);
      } catch (e) {
        if (!(e instanceof Unreadable)) throw e;
        unreadable.push(e.message);
        continue;
      }
      say(escapedLine(f, /[\\\n\r]/, (name) => `${value}  ${name}\n`));
    }
    // A failed command leaves -o FILE as it was (stdout has the other lines, as sha256sum's has).
    if (unreadable.length) throw new BadInput(unreadable.join('; '));
    out.close();
    return 0;
  }
  // As sha256sum --strict: every list and every listed file is checked, and what went wrong is told
  // at the end (here in one line): a list that cannot be read, malformed lines, unreadable files, mismatches.
  const problems: string[] = [];
  let failed = 0;
  let unread = 0;
  let improper = 0;
  const digits = Math.ceil(a.width / 4);
  for (const list of inputs) {
    let text: Buffer;
    try {
      // The list is read whole (lines, then names): guarded, so an endless input ends in one line.
      text = await readAll(list, { what: '--check', heapPerByte: 8 });
    } catch (e) {
      if (!(e instanceof BadInput)) throw e;
      problems.push(e.message);
      continue;
    }
    // Lines end in LF or CRLF (a list written on Windows).
    const lines = text.toString('utf8').split(/\r?\n/);
    let checked = 0;
    const form = { seen: undefined as LineForm };
    for (const line of lines) {
      // A line starting with # is a comment, as coreutils skips it (it was improperly formatted).
      if (line.trim() === '' || line.startsWith('#')) continue;
      const read = checksumLine(line, digits, form);
      const name = read?.name;
      if (name === undefined) {
        improper++;
        continue;
      }
      checked++;
      const word = await verdict(a, name, read!.value);
      if (word === UNREAD) unread++;
      if (word === 'FAILED') failed++;
      say(escapedLine(name, /[\n\r]/, (shown) => `${shown}: ${word}\n`));
    }
    if (!checked) problems.push(`${inputName(list)}: no properly formatted CRC lines found`);
  }
  out.close();
  if (improper) problems.push(`WARNING: ${count(improper, 'line is', 'lines are')} improperly formatted`);
  if (unread) problems.push(`WARNING: ${count(unread, 'listed file', 'listed files')} could not be read`);
  if (failed) problems.push(`WARNING: ${count(failed, 'computed checksum', 'computed checksums')} did NOT match`);
  if (problems.length) throw new BadInput(problems.join('; '));
  return 0;
}
