import { createClient } from '../bridge';
import type { SubnetWorkerApi } from './subnet.worker';

/** The subnet enumeration worker, started on first use. */
export const subnetWorker = createClient<SubnetWorkerApi>(
  () => new Worker(new URL('./subnet.worker.ts', import.meta.url), { type: 'module', name: 'subnet' }),
);
