// Data worker: JSON/YAML/CSV actions. Format, minify and validate stream through the JSON WASM
// kernel (build/wasm/json.wasm), which also checks JSON for JSON -> YAML and JSON -> CSV; the
// conversions themselves parse and write text with their libraries.
import * as Comlink from 'comlink';
import wasmUrl from '../../../build/wasm/json.wasm?url';
import { loadKernelFromUrl } from '../../core/wasm/instantiate';
import type { JsonExports } from '../../core/data/json/kernel';
import { runJob, type JobProgress } from '../../core/data/jobs';
import type { DataOp } from '../../core/data/ops';
import { firstNotUtf8InBlob } from '../../core/data/utf8';

let kernel: Promise<JsonExports> | undefined;
const getKernel = () => (kernel ??= loadKernelFromUrl<JsonExports>(wasmUrl));

/** Pieces of a long text sent one message at a time (one big message is one long page task). */
let staged: string[] = [];

const api = {
  /** Runs one action on text or a File/Blob; `onProgress(permille)` as it goes. */
  async run(op: DataOp, input: string | Blob, onProgress?: JobProgress) {
    return runJob(op, input, onProgress, undefined, await getKernel());
  },
  /** Where a file stops being UTF-8 text, or null (read here: a big file, off the page's thread). */
  firstNotUtf8(file: Blob) {
    return firstNotUtf8InBlob(file);
  },
  /** Adds a piece of the text for `runStaged` (the first piece starts a new text). */
  stage(piece: string, first: boolean) {
    if (first) staged = [];
    staged.push(piece);
  },
  /** Runs one action on the staged pieces, joined here in the worker. */
  async runStaged(op: DataOp, onProgress?: JobProgress) {
    const text = staged.join('');
    staged = [];
    return runJob(op, text, onProgress, undefined, await getKernel());
  },
};

export type DataWorkerApi = typeof api;
Comlink.expose(api);
