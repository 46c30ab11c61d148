/**
 * The helper thread of `bitsmith crc check` (./crc-part-worker.ts) on a large file. The command's entry
 * (./bitsmith.cjs) starts it before the bundle loads: a thread takes about 60 ms to boot here, so it is
 * ready with the command. It waits for its work; a command that does not need it (a small file,
 * stdin) leaves it unreferenced and the process exits as if it were not there.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

const STARTED = Symbol.for('bitsmith.crcHelper');

/** The worker's entry beside the bundle's entry (this module is in a chunk in dist/cli/chunks). */
function workerFile(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const beside = join(here, 'crc-part-worker.mjs');
  return existsSync(beside) ? beside : join(here, '..', 'crc-part-worker.mjs');
}

/** The helper the entry started, or a new one; from now on it keeps the process alive until it is done. */
export function takeCrcHelper(): Worker {
  const started = (globalThis as Record<symbol, Worker | undefined>)[STARTED];
  (globalThis as Record<symbol, Worker | undefined>)[STARTED] = undefined;
  const worker = started ?? new Worker(workerFile());
  worker.ref();
  return worker;
}
