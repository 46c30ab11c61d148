// Data worker: JSON/YAML/CSV actions. Format, minify and validate stream through the JSON WASM
// kernel (build/wasm/json.wasm), which also checks JSON for JSON -> YAML and JSON -> CSV; the
// conversions themselves parse and write text with their libraries.
import * as Comlink from 'comlink';
import wasmUrl from '../build/wasm/json.wasm?url';
import { loadKernelFromUrl } from '../src/core/wasm/instantiate';
import type { JsonExports } from '../src/core/data/json-kernel';
import { runJob, type JobProgress } from '../src/core/data/job';
import type { DataOp } from '../src/core/data/ops';

let kernel: Promise<JsonExports> | undefined;
const getKernel = () => (kernel ??= loadKernelFromUrl<JsonExports>(wasmUrl));

const api = {
  /** Runs one action on text or a File/Blob; `onProgress(permille)` as it goes. */
  async run(op: DataOp, input: string | Blob, onProgress?: JobProgress) {
    return runJob(op, input, onProgress, undefined, await getKernel());
  },
};

export type DataWorkerApi = typeof api;
Comlink.expose(api);
