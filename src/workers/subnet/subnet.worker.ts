// Subnet worker: lazily instantiates build/wasm/subnet.wasm and exports whole host or subnet
// lists as a Blob built from byte chunks (WASM fills a u32 page, then formats it as text/CSV).
import * as Comlink from 'comlink';
import wasmUrl from '../../../build/wasm/subnet.wasm?url';
import { BlobSink } from '../../core/blob-sink';
import { loadKernelFromUrl } from '../../core/wasm/instantiate';
import {
  exportChunks,
  PAGE_ROWS,
  rowCount,
  WasmPager,
  type ExportFormat,
  type ListSpec,
  type SubnetExports,
} from '../../core/subnet/enumerate';
import {
  exportChunks6,
  rowCount6,
  WasmPager6,
  type ListSpec6,
  type Subnet6Exports,
} from '../../core/subnet/ipv6-enumerate';

let pager: Promise<WasmPager> | undefined;
let kernel: Promise<SubnetExports & Subnet6Exports> | undefined;
const getKernel = () => (kernel ??= loadKernelFromUrl<SubnetExports & Subnet6Exports>(wasmUrl));
const getPager = () => (pager ??= getKernel().then((k) => new WasmPager(k)));
let pager6: Promise<WasmPager6> | undefined;
const getPager6 = () => (pager6 ??= getKernel().then((k) => new WasmPager6(k)));

/** Fold the output Blob every ~32 MiB (Chromium may spill blobs to disk). */
const FOLD_BYTES = 32 << 20;
const PROGRESS_EVERY_MS = 100;

type Progress = (done: number, total: number) => void;

/**
 * The chunks of a list as a Blob of `format`, `onProgress(rowsDone, rowsTotal)` at most every
 * PROGRESS_EVERY_MS and at the end; each chunk after CSV's header holds `pageRows` rows (the last fewer).
 */
async function collect(
  chunks: Iterable<Uint8Array>,
  format: ExportFormat,
  total: number,
  pageRows: number,
  onProgress?: Progress,
): Promise<Blob> {
  const sink = new BlobSink(format === 'csv' ? 'text/csv' : 'text/plain', FOLD_BYTES);
  let done = 0;
  let lastReport = 0;
  let first = format === 'csv'; // the header chunk holds no rows
  for (const chunk of chunks) {
    sink.push(chunk);
    if (first) first = false;
    else done = Math.min(total, done + pageRows);
    const now = performance.now();
    if (onProgress && now - lastReport >= PROGRESS_EVERY_MS) {
      lastReport = now;
      await onProgress(done, total);
    }
  }
  await onProgress?.(total, total);
  return sink.blob();
}

const api = {
  /**
   * The whole list as a Blob (`text/plain` or `text/csv`). `onProgress(rowsDone, rowsTotal)` at
   * most every 100 ms and at the end. Cancel by aborting the bridge call (terminates the worker).
   */
  async exportList(spec: ListSpec, format: ExportFormat, onProgress?: Progress): Promise<Blob> {
    const p = await getPager();
    return collect(exportChunks(p, spec, format), format, rowCount(spec), PAGE_ROWS, onProgress);
  },

  /** IPv6 subnets of a network as a Blob, like exportList (rows as numbers: exports are capped). */
  async exportList6(spec: ListSpec6, format: ExportFormat, onProgress?: Progress): Promise<Blob> {
    const p = await getPager6();
    return collect(exportChunks6(p, spec, format), format, Number(rowCount6(spec)), p.pageRows, onProgress);
  },
};

export type SubnetWorkerApi = typeof api;
Comlink.expose(api);
