import { createClient } from '../bridge';
import type { YosysWorkerApi } from './yosys.worker';

/** The Yosys worker, started on the first report (it fetches ~31 MB of WebAssembly then). */
export const yosysWorker = createClient<YosysWorkerApi>(
  () => new Worker(new URL('./yosys.worker.ts', import.meta.url), { type: 'module', name: 'yosys' }),
);
