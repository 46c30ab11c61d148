import { callback, createWorkerBridge, type ProgressOptions } from './bridge';
import type { DataWorkerApi } from '../../workers/data.worker';
import type { JobProgress, JobResult } from '../core/data/job';
import type { DataOp } from '../core/data/ops';

/** The JSON/YAML/CSV worker, started on first big input. */
const bridge = createWorkerBridge<DataWorkerApi>(
  () => new Worker(new URL('../../workers/data.worker.ts', import.meta.url), { type: 'module', name: 'data' }),
);

export const dataWorker = {
  /** Runs one action on text or a File/Blob; `onProgress(permille)` as it goes. */
  run(op: DataOp, input: string | Blob, { onProgress, signal }: ProgressOptions<JobProgress> = {}): Promise<JobResult> {
    return bridge.call((api) => api.run(op, input, callback(onProgress)), signal);
  },
};
