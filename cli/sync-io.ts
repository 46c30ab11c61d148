/**
 * Synchronous file-descriptor I/O for the commands that move gigabytes (base64, json, crc check,
 * subnet --split): a reused read buffer and writes straight from WASM memory, with no stream
 * objects, no chunk allocations and no copy of the kernel's output. Pipes stay blocking as the shell
 * gave them (nothing here touches process.stdin or process.stdout, which would make them
 * non-blocking); one handed over non-blocking (EAGAIN) is waited on.
 */
import { closeSync, fstatSync, openSync, readSync, writeSync } from 'node:fs';
import { BadInput, Unreadable, readProblem } from './io';
import { OutputFile, writeProblem } from './output-file';

const pause = new Int32Array(new SharedArrayBuffer(4));
/** Blocks this thread for `ms` (a non-blocking pipe that is full or empty). */
const sleep = (ms: number) => Atomics.wait(pause, 0, 0, ms);

const isAgain = (e: unknown) => (e as NodeJS.ErrnoException).code === 'EAGAIN';

/** A file or stdin (`-`) read into a caller's buffer. */
export class SyncInput {
  readonly fd: number;
  /** Bytes of a regular file (for progress), undefined for stdin and pipes. */
  readonly size: number | undefined;

  /** Where the next read starts in a regular file after seek(); null: the file's own offset. */
  private position: number | null = null;

  constructor(private readonly path: string) {
    try {
      this.fd = path === '-' ? 0 : openSync(path, 'r');
      const st = fstatSync(this.fd);
      if (st.isDirectory()) throw Object.assign(new Error('is a directory'), { code: 'EISDIR' });
      this.size = st.isFile() && path !== '-' ? st.size : undefined;
    } catch (e) {
      throw new Unreadable(readProblem(path, e));
    }
  }

  /** The next read starts at byte `position` of a regular file. */
  seek(position: number): void {
    this.position = position;
  }

  /** Fills `buf` as far as the input allows; returns the bytes read (less than buf.length only at the end). */
  read(buf: Uint8Array): number {
    let n = 0;
    while (n < buf.length) {
      let got: number;
      try {
        got = readSync(this.fd, buf, n, buf.length - n, this.position);
      } catch (e) {
        if (isAgain(e)) {
          sleep(1);
          continue;
        }
        if ((e as NodeJS.ErrnoException).code === 'EOF') break;
        throw new Unreadable(readProblem(this.path, e));
      }
      if (got === 0) break;
      n += got;
      if (this.position !== null) this.position += got;
    }
    return n;
  }

  close(): void {
    if (this.fd !== 0) closeSync(this.fd);
  }
}

const STDIO_LINKS: Record<string, number | undefined> = { '/dev/stdout': 1, '/dev/stderr': 2 };

/**
 * The descriptor /dev/stdout, /dev/stderr, /dev/fd/N or /proc/self/fd/N names: written as it is, as
 * the shell does. Opened by name they fail when the descriptor is a socket (ENXIO), and their real
 * path is a pipe:[...] that is no file.
 */
function openFdOf(path: string): number | undefined {
  const std = STDIO_LINKS[path];
  const n = std ?? /^\/(?:dev|proc\/self)\/fd\/(\d+)$/.exec(path)?.[1];
  return n === undefined ? undefined : Number(n);
}

/**
 * `-o FILE` or stdout, written synchronously; a reader that closed the pipe (| head) ends the command
 * quietly. A file takes its target's place only at close(), after the command succeeded (./output-file.ts).
 */
export class SyncOutput {
  private readonly file: OutputFile | undefined;
  private readonly fd: number;

  constructor(private readonly path?: string) {
    const fd = path === undefined ? undefined : openFdOf(path);
    this.file = path && path !== '-' && fd === undefined ? new OutputFile(path) : undefined;
    this.fd = this.file?.fd ?? fd ?? 1;
  }

  write(bytes: Uint8Array): void {
    let at = 0;
    while (at < bytes.length) {
      try {
        at += writeSync(this.fd, bytes, at, bytes.length - at);
      } catch (e) {
        if (isAgain(e)) sleep(1);
        else if ((e as NodeJS.ErrnoException).code === 'EPIPE') process.exit(0);
        else throw new BadInput(writeProblem(this.path && this.path !== '-' ? this.path : 'stdout', e));
      }
    }
  }

  /** The end of a successful command: the file is put in place. */
  close(): void {
    this.file?.commit();
  }
}

/** Writes `text` whole to `-o FILE` or stdout. */
export function writeOutput(text: string, path: string | undefined): void {
  const out = new SyncOutput(path);
  out.write(Buffer.from(text));
  out.close();
}

/** Collects small writes into one buffer and hands it on in large writes (one syscall per `size` bytes). */
export class BufferedOutput {
  private readonly buf: Buffer;
  private at = 0;

  constructor(
    private readonly out: SyncOutput,
    size = 4 << 20,
  ) {
    this.buf = Buffer.allocUnsafe(size);
  }

  write(bytes: Uint8Array): void {
    if (this.at + bytes.length > this.buf.length) this.flush();
    if (bytes.length >= this.buf.length) return this.out.write(bytes);
    this.buf.set(bytes, this.at);
    this.at += bytes.length;
  }

  flush(): void {
    if (this.at) this.out.write(this.buf.subarray(0, this.at));
    this.at = 0;
  }
}
