/**
 * Runs a data action in the data worker (with progress and cancel), where format, minify and
 * validate go through the JSON WASM kernel; only conversions and sort-keys runs of short text
 * (MAIN_THREAD_LIMIT) stay on the page's thread, which is so never busy for long. Kernel actions
 * always run in the worker so short and long inputs give the same output. Either way the page
 * gets a JobResult.
 */
import { useCallback, useRef, useState } from 'react';
import type { DataOp } from '../core/data/ops';
import { runDataOpLazily } from '../core/data/ops/lazy';
import { MAIN_THREAD_LIMIT } from '../core/data/limits';
import { MSG } from '../core/data/messages';
import type { JobResult } from '../core/data/jobs';
import { kernelPlan } from '../core/data/jobs/json';
import { dataWorker } from '../workers/data/client';
import { isAbortError } from '../workers/bridge';
import { useWarmWorker } from './useWarmWorker';

interface DataRunner {
  /** The result, or null when the run was discarded (Clear All, Swap) before it ended. */
  run(op: DataOp, input: string | File): Promise<JobResult | null>;
  busy: boolean;
  /** 0..1000 while busy. */
  progress: number;
  /** Stops the running job; its result says it was cancelled. */
  cancel(): void;
  /** Stops the running job and drops its result (the page has moved on). */
  discard(): void;
}

async function runHere(op: DataOp, text: string): Promise<JobResult> {
  const r = await runDataOpLazily(op, text);
  return r.ok
    ? { ok: true, status: r.status, note: r.note, output: r.output, preview: r.output, outputLength: r.output.length }
    : { ok: false, status: r.status, position: r.position, preview: '', outputLength: 0 };
}

const defaultCrashMessage = (detail: string) => `Error: ${detail}`;

/**
 * `crashMessage` words a failure that is not about the input (e.g. the worker ran out of
 * memory); keep it stable (module level or useCallback), it is a dependency of `run`.
 */
export function useDataRunner(crashMessage: (detail: string) => string = defaultCrashMessage): DataRunner {
  useWarmWorker(dataWorker);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState(0);
  const abort = useRef<AbortController | null>(null);
  const discarded = useRef(new WeakSet<AbortController>());

  const run = useCallback(
    async (op: DataOp, input: string | File): Promise<JobResult | null> => {
      if (typeof input === 'string' && input.length <= MAIN_THREAD_LIMIT && !kernelPlan(op)) return runHere(op, input);
      abort.current?.abort();
      const ctrl = new AbortController();
      abort.current = ctrl;
      setBusy(true);
      setProgress(0);
      try {
        return await dataWorker.run(op, input, { onProgress: setProgress, signal: ctrl.signal });
      } catch (e) {
        if (discarded.current.has(ctrl)) return null;
        if (isAbortError(e)) return { ok: false, status: MSG.cancelled, cancelled: true, preview: '', outputLength: 0 };
        return { ok: false, status: crashMessage((e as Error)?.message ?? String(e)), preview: '', outputLength: 0 };
      } finally {
        if (abort.current === ctrl) {
          abort.current = null;
          setBusy(false);
        }
      }
    },
    [crashMessage],
  );

  const cancel = useCallback(() => abort.current?.abort(), []);
  const discard = useCallback(() => {
    if (abort.current) discarded.current.add(abort.current);
    abort.current?.abort();
  }, []);
  return { run, busy, progress, cancel, discard };
}
