/**
 * HDL generation off the event loop: a pool of worker threads (piscina), one per core by default,
 * with a bounded queue. A full queue or a task that waited too long is answered 503 with
 * Retry-After rather than piling up, so /healthz, static files and analytics stay responsive
 * while a 1024-bit CRC-64 takes its ~100 ms of CPU elsewhere. Every generator runs here (a job
 * names it: server/services/hdl-jobs.ts), for POST /api/generate and POST /api/hdl/<generator>,
 * and so does POST /api/crc/identify (server/services/crc-identify.ts).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { HttpError } from '../errors';
import type { IdentifyJob, IdentifyJobResult } from './crc-identify';
import type { HdlJob, HdlJobResult } from './hdl-jobs';

export type PoolJob = HdlJob | IdentifyJob;

export interface GeneratePoolOptions {
  threads: number;
  /** Tasks waiting for a thread; one more is refused with 503. */
  queueLimit: number;
  /** Longest a task may wait and run before it is given up with 503. */
  timeoutMs: number;
  /** The thread's module; by default the bundled one beside the bundled server. */
  workerFile?: string;
}

/** Seconds a refused client is asked to wait before retrying. */
export const RETRY_AFTER_SECONDS = 2;

export class GenerateBusyError extends HttpError {
  readonly retryAfterSeconds = RETRY_AFTER_SECONDS;
  constructor(reason: string) {
    super(503, `Code generation is busy (${reason}); retry in ${RETRY_AFTER_SECONDS} s`);
  }
}

/**
 * A job that had started when its time ran out (an identification: see IdentifyJob.started); its
 * thread was terminated and is replaced. Not "busy": the same request would run out again.
 */
export class DeadlineError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`did not finish within ${timeoutMs} ms`);
  }
}

export interface GeneratePool {
  run(job: HdlJob): Promise<HdlJobResult>;
  run(job: IdentifyJob): Promise<IdentifyJobResult>;
  close(): Promise<void>;
}

/** The bundled worker beside the bundled server (dist/server/hdl-worker.mjs, see scripts/build.mjs). */
function bundledWorker(): string {
  const file = fileURLToPath(new URL('./hdl-worker.mjs', import.meta.url));
  if (!existsSync(file)) throw new Error(`The generation worker ${file} is missing: run npm run build`);
  return file;
}

/**
 * The threads load the worker module with import(), not require(): Node 20's require() of an ES
 * module aborts the whole process (V8 fatal "IsGraphAsync must be used on an instantiated module",
 * SIGABRT) when the thread is terminated while loading it, as a server stopped right after it
 * started does (seen in CI). Without require(esm), piscina falls back to import().
 */
const WORKER_EXEC_ARGV = process.allowedNodeEnvironmentFlags.has('--experimental-require-module')
  ? [...process.execArgv, '--no-experimental-require-module']
  : undefined;

export function createGeneratePool({ threads, queueLimit, timeoutMs, workerFile }: GeneratePoolOptions): GeneratePool {
  const filename = workerFile ?? bundledWorker();
  const pool = new Piscina({
    filename,
    minThreads: 1,
    maxThreads: threads,
    maxQueue: queueLimit,
    execArgv: WORKER_EXEC_ARGV,
  });
  return {
    async run(job: PoolJob) {
      if (pool.queueSize >= queueLimit) throw new GenerateBusyError('queue full');
      try {
        // Aborting a running task terminates its thread (piscina), which the pool then replaces.
        return await pool.run(job, { signal: AbortSignal.timeout(timeoutMs) });
      } catch (e) {
        const name = (e as { name?: string }).name;
        if (name === 'AbortError' || name === 'TimeoutError') {
          if ('started' in job && Atomics.load(job.started, 0) === 1) throw new DeadlineError(timeoutMs);
          throw new GenerateBusyError('timed out in the queue');
        }
        if ((e as Error).message === 'Task queue is at limit') throw new GenerateBusyError('queue full');
        throw e;
      }
    },
    close: () => pool.destroy(),
  };
}
