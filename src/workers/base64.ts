import { createWorkerBridge } from './bridge';
import type { Base64WorkerApi } from '../../workers/base64.worker';

/** The Base64 worker, started on first use. */
export const base64Worker = createWorkerBridge<Base64WorkerApi>(
  () => new Worker(new URL('../../workers/base64.worker.ts', import.meta.url), { type: 'module', name: 'base64' }),
);
