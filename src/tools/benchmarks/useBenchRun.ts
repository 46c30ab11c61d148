import { useEffect, useRef, useState } from 'react';
import { isAbortError } from '../../workers/bridge';
import { benchWorker } from '../../workers/bench/client';
import type { ComparisonId, ComparisonResult } from '../../workers/bench/catalogue';
import type { RunInfo, RunStatus } from './logic';

export interface RunningState {
  /** The comparison running now, its place in the run and its steps done. */
  id: ComparisonId;
  index: number;
  count: number;
  done: number;
  total: number;
}

/**
 * Runs the chosen comparisons one by one in the benchmark worker (one call each, so results show
 * as they come) with progress; `cancel` aborts the call, which terminates the worker at once.
 */
export function useBenchRun() {
  const [status, setStatus] = useState<RunStatus>('idle');
  const [results, setResults] = useState<ComparisonResult[]>([]);
  const [running, setRunning] = useState<RunningState | null>(null);
  const [error, setError] = useState('');
  const [info, setInfo] = useState<RunInfo | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []); // leaving the page stops the run

  const start = async (ids: ComparisonId[], sizeBytes: number) => {
    const ctrl = new AbortController();
    abort.current = ctrl;
    setStatus('running');
    setResults([]);
    setError('');
    setInfo({ userAgent: navigator.userAgent, date: new Date().toISOString(), sizeBytes });
    let finished = 0;
    try {
      for (const [index, id] of ids.entries()) {
        setRunning({ id, index, count: ids.length, done: 0, total: 1 });
        // Progress messages already on their way when Cancel terminates the worker still arrive: drop them.
        const onProgress = (done: number, total: number) => {
          if (!ctrl.signal.aborted) setRunning({ id, index, count: ids.length, done, total });
        };
        const result = await benchWorker.with({ onProgress, signal: ctrl.signal }).run(id, sizeBytes);
        setResults((rs) => [...rs, result]);
        finished++;
      }
      setStatus('done');
    } catch (e) {
      if (isAbortError(e)) {
        setStatus('cancelled');
        // "Copy results" says which comparisons are missing: a shared table must not look whole.
        const notRun = ids.slice(finished);
        setInfo((i) => i && { ...i, notRun });
      } else {
        const message = (e as Error).message;
        setStatus('failed');
        setError(message);
        // As after Cancel: a shared table names the comparison that failed and those not run.
        const notRun = ids.slice(finished);
        if (notRun[0]) setInfo((i) => i && { ...i, notRun, failed: { id: notRun[0]!, error: message } });
      }
    } finally {
      setRunning(null);
      abort.current = null;
    }
  };

  const cancel = () => abort.current?.abort();
  return { status, results, running, error, info, start, cancel };
}
