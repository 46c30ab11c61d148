/** The command's plumbing: bad input, reading files or stdin in chunks, writing to -o FILE or stdout. */
import { createReadStream, createWriteStream, existsSync, readFileSync, statSync, type WriteStream } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { instantiateKernel, type KernelExports } from '../src/core/wasm/instantiate';

/** Bad input: the command prints its message as one line on stderr and exits with 1. */
export class BadInput extends Error {}

/** Bytes read per step from a file or stdin. */
export const CHUNK_BYTES = 4 << 20;

/** The chunks of a file, or of stdin for `-`; never the whole input at once. */
export async function* readChunks(path: string): AsyncGenerator<Buffer> {
  const stream = path === '-' ? process.stdin : createReadStream(path, { highWaterMark: CHUNK_BYTES });
  try {
    for await (const chunk of stream) yield chunk as Buffer;
  } catch (e) {
    throw new BadInput(readProblem(path, e));
  }
}

export function readProblem(path: string, e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return `${path}: no such file`;
  if (code === 'EISDIR') return `${path}: is a directory`;
  if (code === 'EACCES') return `${path}: permission denied`;
  return `${path}: ${(e as Error).message}`;
}

/** The whole input as bytes (for inputs the page also takes whole: configurations, sorted JSON). */
export async function readAll(path: string): Promise<Buffer> {
  if (path !== '-') {
    try {
      return readFileSync(path);
    } catch (e) {
      throw new BadInput(readProblem(path, e));
    }
  }
  const parts: Buffer[] = [];
  for await (const c of readChunks(path)) parts.push(c);
  return Buffer.concat(parts);
}

/** Size of a regular file (for progress), undefined for stdin and pipes. */
export function inputSize(path: string): number | undefined {
  if (path === '-') return undefined;
  try {
    const st = statSync(path);
    return st.isFile() ? st.size : undefined;
  } catch {
    return undefined;
  }
}

/** Where output goes: a file (-o FILE) or stdout; write() waits when the stream is full. */
export class Output {
  private readonly stream: WriteStream | NodeJS.WriteStream;

  constructor(path?: string) {
    this.stream = path && path !== '-' ? createWriteStream(path) : process.stdout;
  }

  async write(bytes: Uint8Array | string): Promise<void> {
    if (!this.stream.write(bytes)) await new Promise<void>((resolve) => this.stream.once('drain', () => resolve()));
  }

  async close(): Promise<void> {
    if (this.stream === process.stdout) return;
    await new Promise<void>((resolve, reject) => {
      this.stream.once('error', reject);
      (this.stream as WriteStream).end(() => resolve());
    });
  }
}

/** A progress line on stderr, only when stderr is a terminal; cleared at the end. */
export function progress(label: string, total: number | undefined) {
  const tty = process.stderr.isTTY;
  let last = 0;
  return {
    update(done: number) {
      const now = Date.now();
      if (!tty || now - last < 200) return;
      last = now;
      const pct = total ? ` ${Math.floor((done / total) * 100)}%` : '';
      process.stderr.write(`\r${label}: ${(done / 2 ** 20).toFixed(0)} MiB${pct}`);
    },
    done() {
      if (tty && last) process.stderr.write('\r\x1b[K');
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
  return instantiateKernel<E>(readFileSync(wasmFile(name)));
}
