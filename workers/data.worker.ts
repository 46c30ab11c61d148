// Data worker: JSON/YAML/CSV actions on big inputs (no WASM: the work is parsing and writing text).
import * as Comlink from 'comlink';
import { runJob, type JobProgress } from '../src/core/data/job';
import type { DataOp } from '../src/core/data/ops';

const api = {
  /** Runs one action on text or a File/Blob; `onProgress(permille)` as it goes. */
  run(op: DataOp, input: string | Blob, onProgress?: JobProgress) {
    return runJob(op, input, onProgress);
  },
};

export type DataWorkerApi = typeof api;
Comlink.expose(api);
