// Benchmark worker: runs the benchmark page's comparisons on the visitor's device, one call per
// comparison, with the same WASM kernels the tools load (each instantiated on first use).
import * as Comlink from 'comlink';
import base64Url from '../../../build/wasm/base64.wasm?url';
import base64RelaxedUrl from '../../../build/wasm/base64.relaxed.wasm?url';
import crcUrl from '../../../build/wasm/crc.wasm?url';
import jsonUrl from '../../../build/wasm/json.wasm?url';
import pngUrl from '../../../build/wasm/png.wasm?url';
import subnetUrl from '../../../build/wasm/subnet.wasm?url';
import { loadKernelFromUrl, type KernelExports } from '../../core/wasm/instantiate';
import { kernelBuild } from '../../core/wasm/relaxed-simd';
import type { ComparisonId, ComparisonResult } from './catalogue';
import type { Kernels } from './comparisons';
import { runComparison, type Progress } from './measure';

function lazyKernel<E extends KernelExports>(url: string): () => Promise<E> {
  let kernel: Promise<E> | undefined;
  return () => (kernel ??= loadKernelFromUrl<E>(url));
}

const kernels: Kernels = {
  base64: lazyKernel(kernelBuild(base64Url, base64RelaxedUrl)),
  json: lazyKernel(jsonUrl),
  crc: lazyKernel(crcUrl),
  png: lazyKernel(pngUrl),
  subnet: lazyKernel(subnetUrl),
};

const api = {
  /**
   * Comparison `id` at `bytes` of input (capped per comparison); `onProgress(stepsDone, steps)`.
   * Cancel by aborting the bridge call, which terminates this worker mid-run.
   */
  async run(id: ComparisonId, bytes: number, onProgress?: Progress): Promise<ComparisonResult> {
    return runComparison(id, kernels, bytes, onProgress);
  },
};

export type BenchWorkerApi = typeof api;
Comlink.expose(api);
