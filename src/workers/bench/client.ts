import { createClient } from '../bridge';
import type { BenchWorkerApi } from './bench.worker';

/** The benchmark page's worker, started on first use (and at once again after a Cancel). */
export const benchWorker = createClient<BenchWorkerApi>(
  () => new Worker(new URL('./bench.worker.ts', import.meta.url), { type: 'module', name: 'bench' }),
);
