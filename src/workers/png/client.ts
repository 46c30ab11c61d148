import { createClient } from '../bridge';
import type { PngWorkerApi } from './png.worker';

/** The PNG (gradient rasteriser + encoder) worker, started on first use. */
export const pngWorker = createClient<PngWorkerApi>(
  () => new Worker(new URL('./png.worker.ts', import.meta.url), { type: 'module', name: 'png' }),
);
