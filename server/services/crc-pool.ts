/**
 * HDL generation off the event loop: a pool of worker threads (piscina), one per core by default,
 * with a bounded queue. A full queue or a task that waited too long is answered 503 with
 * Retry-After rather than piling up, so /healthz, static files and analytics stay responsive
 * while a 1024-bit CRC-64 takes its ~100 ms of CPU elsewhere.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { HdlFile } from '../../src/core/hdl/contract';
import { HttpError } from '../errors';
import type { GenerateTask } from './crc-worker';

export interface GeneratePoolOptions {
  threads: number;
  /** Tasks waiting for a thread; one more is refused with 503. */
  queueLimit: number;
  /** Longest a task may wait and run before it is given up with 503. */
  timeoutMs: number;
}

/** Seconds a refused client is asked to wait before retrying. */
export const RETRY_AFTER_SECONDS = 2;

export class GenerateBusyError extends HttpError {
  readonly retryAfterSeconds = RETRY_AFTER_SECONDS;
  constructor(reason: string) {
    super(503, `Code generation is busy (${reason}); retry in ${RETRY_AFTER_SECONDS} s`);
  }
}

export interface GeneratePool {
  run(task: GenerateTask): Promise<HdlFile>;
  close(): Promise<void>;
}

/** The bundled worker beside the bundled server (dist/server/crc-worker.mjs, see scripts/build.mjs). */
function workerFile(): string {
  const file = fileURLToPath(new URL('./crc-worker.mjs', import.meta.url));
  if (!existsSync(file)) throw new Error(`The generation worker ${file} is missing: run npm run build`);
  return file;
}

export function createGeneratePool({ threads, queueLimit, timeoutMs }: GeneratePoolOptions): GeneratePool {
  const pool = new Piscina({ filename: workerFile(), minThreads: 1, maxThreads: threads, maxQueue: queueLimit });
  return {
    async run(task) {
      if (pool.queueSize >= queueLimit) throw new GenerateBusyError('queue full');
      try {
        return (await pool.run(task, { signal: AbortSignal.timeout(timeoutMs) })) as HdlFile;
      } catch (e) {
        const name = (e as { name?: string }).name;
        if (name === 'AbortError' || name === 'TimeoutError') throw new GenerateBusyError('timed out in the queue');
        if ((e as Error).message === 'Task queue is at limit') throw new GenerateBusyError('queue full');
        throw e;
      }
    },
    close: () => pool.destroy(),
  };
}
