import { createWorkerBridge } from './bridge';
import type { PngWorkerApi } from '../../workers/png.worker';

/** The PNG (gradient rasteriser + encoder) worker, started on first use. */
export const pngWorker = createWorkerBridge<PngWorkerApi>(
  () => new Worker(new URL('../../workers/png.worker.ts', import.meta.url), { type: 'module', name: 'png' }),
);
