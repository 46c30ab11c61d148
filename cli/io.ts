/** The command's plumbing: bad input and usage errors, reading files or stdin, progress, the WASM kernels (writing: ./sync-io.ts). */
import { createReadStream, existsSync, fstatSync, readFileSync, statSync } from 'node:fs';
import { isatty } from 'node:tty';
import { getHeapStatistics } from 'node:v8';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { instantiateKernel, type KernelExports } from '../src/core/wasm/instantiate';
import { kernelBuildPath } from '../server/wasm';
import { notUtf8Where, type NotUtf8 } from '../src/core/data/utf8';

/** Bad input: the command prints its message as one line on stderr and exits with 1. */
export class BadInput extends Error {}

/** A file that cannot be opened or read: bad input, which `crc check --check` reports and goes on past. */
export class Unreadable extends BadInput {}

/** Options that do not go together (or an option's value that is no value at all): exit 2, as commander's own. */
export class UsageError extends Error {}

/**
 * An input as the messages name it: `-` is stdin, and an empty name (an unset "$IN") is shown as
 * '', as GNU base64 shows it (it read ': no such file').
 */
export const inputName = (file: string) => (file === '-' ? 'stdin' : file === '' ? "''" : file);

/** The line every command says for input that is not UTF-8 text. */
export const notUtf8Text = (file: string, bad: NotUtf8) =>
  `${inputName(file)} is not UTF-8 text: ${notUtf8Where(bad)} (save it as UTF-8)`;

/** Bytes read per step from a file or stdin. */
export const CHUNK_BYTES = 4 << 20;

/** The chunks of a file, or of stdin for `-`; never the whole input at once. */
export async function* readChunks(path: string): AsyncGenerator<Buffer> {
  // process.stdin reads a directory (< dir) as empty input, which the commands would call blank.
  if (path === '-' && fstatSync(0).isDirectory()) throw new BadInput(readProblem(path, { code: 'EISDIR' }));
  const stream = path === '-' ? process.stdin : createReadStream(path, { highWaterMark: CHUNK_BYTES });
  try {
    for await (const chunk of stream) yield chunk as Buffer;
  } catch (e) {
    throw new BadInput(readProblem(path, e));
  }
}

export function readProblem(file: string, e: unknown): string {
  const path = inputName(file);
  const code = (e as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return `${path}: no such file`;
  if (code === 'EISDIR') return `${path}: is a directory`;
  if (code === 'EACCES') return `${path}: permission denied`;
  return `${path}: ${errnoText(e)}`;
}

/** The system's words in Node's `ENOTDIR: not a directory, open 'x'`: `not a directory` (the path is said once). */
export function errnoText(e: unknown): string {
  const message = (e as Error).message;
  return /^[A-Z0-9]+: (.+?), \w+(?: '.*')?$/s.exec(message)?.[1] ?? message;
}

/**
 * A conversion that holds the whole document (and its tree) in memory: what it is called and the
 * heap bytes it needs per input byte at most (measured, with half as much again to spare).
 */
export interface WholeDocument {
  what: string;
  heapPerByte: number;
}

/** "57 MB", "0.6 MB" */
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(bytes < 1e7 ? 1 : 0)} MB`;

/**
 * The whole input as bytes (for inputs the page also takes whole: configurations, YAML, CSV, sorted
 * JSON). With `whole`, an input too big for Node's heap is refused with one line instead of a crash.
 */
export async function readAll(path: string, whole?: WholeDocument): Promise<Buffer> {
  const max = whole ? Math.floor(getHeapStatistics().heap_size_limit / whole.heapPerByte) : Infinity;
  const tooBig = (bytes: number | undefined) =>
    new BadInput(
      `${bytes === undefined ? `${inputName(path)} holds more than ${mb(max)}` : `${path} is ${mb(bytes)}`}: ${whole!.what} reads the whole document, up to ${mb(max)} here (NODE_OPTIONS=--max-old-space-size=MB raises it)`,
    );
  if (path !== '-') {
    try {
      const st = statSync(path);
      if (st.size > max) throw tooBig(st.size);
      // A pipe or a device (<(command), a FIFO) has no size to check: it is counted as it is read, below.
      if (st.isFile()) return readFileSync(path);
    } catch (e) {
      if (e instanceof BadInput) throw e;
      throw new BadInput(readProblem(path, e));
    }
  }
  const parts: Buffer[] = [];
  let size = 0;
  for await (const c of readChunks(path)) {
    if ((size += c.length) > max) throw tooBig(undefined);
    parts.push(c);
  }
  return Buffer.concat(parts);
}

/** A progress line on stderr, only when stderr is a terminal and the work lasts: from 200 ms on; cleared at the end. */
export function progress(label: string, total: number | undefined) {
  // isatty, not process.stderr.isTTY: process.stderr would make a pipe it shares with stdout (2>&1)
  // non-blocking (see cli/sync-io.ts).
  const tty = isatty(2);
  let last = Date.now();
  let shown = false;
  return {
    update(done: number) {
      const now = Date.now();
      if (!tty || now - last < 200) return;
      last = now;
      shown = true;
      const pct = total ? ` ${Math.floor((done / total) * 100)}%` : '';
      process.stderr.write(`\r${label}: ${(done / 2 ** 20).toFixed(0)} MiB${pct}`);
    },
    done() {
      if (shown) process.stderr.write('\r\x1b[K');
    },
  };
}

/**
 * build/wasm/<name>.wasm: beside the bundle (dist/cli/wasm/, copied by scripts/build.mjs, and so in
 * the npm package), else found by walking up to the repository's build/wasm.
 */
function wasmFile(name: string): string {
  if (process.env.BITSMITH_WASM_DIR) return join(process.env.BITSMITH_WASM_DIR, `${name}.wasm`);
  // The bundle's chunks are in dist/cli/chunks: the first wasm/ up from here is dist/cli/wasm.
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    for (const candidate of [join(dir, 'wasm', `${name}.wasm`), join(dir, 'build', 'wasm', `${name}.wasm`)])
      if (existsSync(candidate)) return candidate;
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`${name}.wasm not found: run npm run build`);
    dir = parent;
  }
}

/** Compiles and instantiates one WASM kernel (only the commands that need it call this). */
export function loadKernel<E extends KernelExports>(name: string): Promise<E> {
  return instantiateKernel<E>(readFileSync(kernelBuildPath(wasmFile(name))));
}
