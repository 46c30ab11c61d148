import { callback, createWorkerBridge, type ProgressOptions } from './bridge';
import type { PngWorkerApi } from '../../workers/png.worker';
import type { GradientSpec } from '../core/gradient/model';

/** The PNG (gradient rasteriser + encoder) worker, started on first use. */
const bridge = createWorkerBridge<PngWorkerApi>(
  () => new Worker(new URL('../../workers/png.worker.ts', import.meta.url), { type: 'module', name: 'png' }),
);

export const pngWorker = {
  /** The gradient as a PNG file of width x height; `onProgress(rowsDone, height)` per band. */
  gradientPng(
    gradient: GradientSpec,
    width: number,
    height: number,
    dither: boolean,
    { onProgress, signal }: ProgressOptions = {},
  ): Promise<Blob> {
    return bridge.call((api) => api.gradientPng(gradient, width, height, dither, callback(onProgress)), signal);
  },
};
