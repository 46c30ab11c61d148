import { callback, createWorkerBridge, type ProgressOptions } from '../bridge';
import type { DataWorkerApi } from './data.worker';
import type { JobProgress, JobResult } from '../../core/data/jobs';
import type { DataOp } from '../../core/data/ops';
import type { NotUtf8 } from '../../core/data/utf8';

/** The JSON/YAML/CSV worker, started on first big input. */
const bridge = createWorkerBridge<DataWorkerApi>(
  () => new Worker(new URL('./data.worker.ts', import.meta.url), { type: 'module', name: 'data' }),
);

/**
 * Long text goes to the worker in pieces of this many characters, one message each: copying a
 * 30 MB string in one message measured a 76 ms task on the page's thread.
 */
const STAGE_CHARS = 1 << 20;

export const dataWorker = {
  /** Keeps the worker started while a page that uses it is shown; returns the release. */
  hold: bridge.hold,
  /** Runs one action on text or a File/Blob; `onProgress(permille)` as it goes. */
  run(op: DataOp, input: string | Blob, { onProgress, signal }: ProgressOptions<JobProgress> = {}): Promise<JobResult> {
    if (typeof input === 'string' && input.length > STAGE_CHARS) {
      return bridge.call(async (api) => {
        for (let i = 0; i < input.length; i += STAGE_CHARS) await api.stage(input.slice(i, i + STAGE_CHARS), i === 0);
        return api.runStaged(op, callback(onProgress));
      }, signal);
    }
    return bridge.call((api) => api.run(op, input, callback(onProgress)), signal);
  },
  /** Where a file stops being UTF-8 text, or null when it is. */
  firstNotUtf8(file: Blob): Promise<NotUtf8 | null> {
    return bridge.call((api) => api.firstNotUtf8(file));
  },
};
