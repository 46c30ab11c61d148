/** Runs the search in the CRC worker with progress and Cancel; keeps the last report or the form's errors. */
import { useEffect, useRef, useState } from 'react';
import { crcWorker } from '../../../workers/crc/client';
import { isAbortError } from '../../../workers/bridge';
import { parseIdentify, type FieldError, type IdentifyReport } from '../../../core/crc/identify';
import { useIdentifyStore } from './store';
import { trackToolUsage } from '../../../telemetry';
import { tool } from '../tool';

/** A search as the analytics count it (spec: every tool action is reported): its shape, never the samples. */
function reportSearch(mode: string, samples: number, outcome: string, startedMs: number, matches = 0): void {
  trackToolUsage(
    tool.analyticsName,
    'identify_crc',
    { mode, samples, outcome, matches },
    Math.round(performance.now() - startedMs),
  );
}

export interface IdentifyRun {
  running: boolean;
  progress: { done: number; total: number };
  report: IdentifyReport | undefined;
  errors: FieldError[];
  /** Counts the presses of Identify: the same form errors again are announced again. */
  attempt: number;
  status: string;
  identify(): void;
  cancel(): void;
}

export function useIdentify(): IdentifyRun {
  const [running, setRunning] = useState(false);
  const [progress, setProgress] = useState({ done: 0, total: 0 });
  const [report, setReport] = useState<IdentifyReport>();
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [status, setStatus] = useState('');
  const [attempt, setAttempt] = useState(0);
  const abort = useRef<AbortController>(undefined);
  // Leaving the tab stops the search: it would hold the shared CRC worker, and the Generate tab's
  // live figures would wait for it.
  useEffect(() => () => abort.current?.abort(), []);

  const identify = () => {
    const { mode, rows, fixed } = useIdentifyStore.getState();
    const inputs = rows.map((r) => ({ format: r.format, message: r.message, crc: r.crc, file: r.file?.bytes }));
    // The byte order chosen for codewords stays in the store (and the link) when the mode becomes
    // message, where its field is hidden: it is not sent with a message search.
    const parsed = parseIdentify(mode, inputs, mode === 'codeword' ? fixed : { ...fixed, byteOrder: '' });
    setAttempt((a) => a + 1);
    if (!parsed.ok) {
      setErrors(parsed.errors);
      setReport(undefined);
      setStatus('');
      return;
    }
    setErrors([]);
    setReport(undefined);
    setStatus('');
    setProgress({ done: 0, total: 0 });
    setRunning(true);
    const controller = new AbortController();
    abort.current = controller;
    const started = performance.now();
    crcWorker
      .with({ signal: controller.signal, onProgress: (done, total) => setProgress({ done, total }) })
      .identify(parsed.request)
      .then((r) => {
        setReport(r);
        setStatus(r.remaining === 0n ? '' : `✓ Search finished: ${r.remaining.toLocaleString('en-US')} found.`);
        reportSearch(mode, inputs.length, r.remaining === 0n ? 'none' : 'found', started, r.matches.length);
      })
      .catch((e: unknown) => {
        setStatus(isAbortError(e) ? 'Search cancelled.' : `Search failed: ${String(e)}`);
        reportSearch(mode, inputs.length, isAbortError(e) ? 'cancelled' : 'failed', started);
      })
      .finally(() => {
        if (abort.current === controller) abort.current = undefined;
        setRunning(false);
      });
  };

  return { running, progress, report, errors, attempt, status, identify, cancel: () => abort.current?.abort() };
}
