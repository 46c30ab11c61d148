import { createClient } from '../bridge';
import type { Base64WorkerApi } from './base64.worker';

/** The Base64 worker, started on first use. */
export const base64Worker = createClient<Base64WorkerApi>(
  () => new Worker(new URL('./base64.worker.ts', import.meta.url), { type: 'module', name: 'base64' }),
);
