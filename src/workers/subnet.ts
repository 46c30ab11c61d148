import { createWorkerBridge } from './bridge';
import type { SubnetWorkerApi } from '../../workers/subnet.worker';

/** The subnet enumeration worker, started on first use. */
export const subnetWorker = createWorkerBridge<SubnetWorkerApi>(
  () => new Worker(new URL('../../workers/subnet.worker.ts', import.meta.url), { type: 'module', name: 'subnet' }),
);
