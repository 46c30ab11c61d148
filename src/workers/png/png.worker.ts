// PNG worker: lazily instantiates build/wasm/png.wasm and encodes gradients band by band.
import * as Comlink from 'comlink';
import wasmUrl from '../../../build/wasm/png.wasm?url';
import { loadKernelFromUrl } from '../../core/wasm/instantiate';
import { encodePng, type PngExports } from '../../core/gradient/png';
import { makePlan } from '../../core/gradient/plan';
import type { GradientSpec } from '../../core/gradient/model';

let kernel: Promise<PngExports> | undefined;
const getKernel = () => (kernel ??= loadKernelFromUrl<PngExports>(wasmUrl));

const api = {
  /** The gradient as a PNG file of width x height; `onProgress(rowsDone, height)` per band. */
  async gradientPng(
    gradient: GradientSpec,
    width: number,
    height: number,
    dither: boolean,
    onProgress?: (done: number, total: number) => void,
  ): Promise<Blob> {
    const k = await getKernel();
    const chunks = encodePng(k, makePlan(gradient, width, height, dither), onProgress);
    return new Blob(chunks, { type: 'image/png' });
  },
};

export type PngWorkerApi = typeof api;
Comlink.expose(api);
