import { createWorkerBridge } from './bridge';
import type { DataWorkerApi } from '../../workers/data.worker';

/** The JSON/YAML/CSV worker, started on first big input. */
export const dataWorker = createWorkerBridge<DataWorkerApi>(
  () => new Worker(new URL('../../workers/data.worker.ts', import.meta.url), { type: 'module', name: 'data' }),
);
