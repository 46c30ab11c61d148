// Subnet worker: lazily instantiates build/wasm/subnet.wasm and exports whole host or subnet
// lists as a Blob built from byte chunks (WASM fills a u32 page, then formats it as text/CSV).
import * as Comlink from 'comlink';
import wasmUrl from '../build/wasm/subnet.wasm?url';
import { BlobSink } from '../src/core/blob-sink';
import { loadKernelFromUrl } from '../src/core/wasm/instantiate';
import {
  exportChunks,
  PAGE_ROWS,
  rowCount,
  WasmPager,
  type ExportFormat,
  type ListSpec,
  type SubnetExports,
} from '../src/core/subnet/enumerate';

let pager: Promise<WasmPager> | undefined;
const getPager = () => (pager ??= loadKernelFromUrl<SubnetExports>(wasmUrl).then((k) => new WasmPager(k)));

/** Fold the output Blob every ~32 MiB (Chromium may spill blobs to disk). */
const FOLD_BYTES = 32 << 20;
const PROGRESS_EVERY_MS = 100;

const api = {
  /**
   * The whole list as a Blob (`text/plain` or `text/csv`). `onProgress(rowsDone, rowsTotal)` at
   * most every 100 ms and at the end. Cancel by aborting the bridge call (terminates the worker).
   */
  async exportList(
    spec: ListSpec,
    format: ExportFormat,
    onProgress?: (done: number, total: number) => void,
  ): Promise<Blob> {
    const p = await getPager();
    const type = format === 'csv' ? 'text/csv' : 'text/plain';
    const total = rowCount(spec);
    const sink = new BlobSink(type, FOLD_BYTES);
    let done = 0;
    let lastReport = 0;
    let first = format === 'csv'; // the header chunk holds no rows
    for (const chunk of exportChunks(p, spec, format)) {
      sink.push(chunk);
      if (first) first = false;
      else done = Math.min(total, done + PAGE_ROWS);
      const now = performance.now();
      if (onProgress && now - lastReport >= PROGRESS_EVERY_MS) {
        lastReport = now;
        await onProgress(done, total);
      }
    }
    await onProgress?.(total, total);
    return sink.blob();
  },
};

export type SubnetWorkerApi = typeof api;
Comlink.expose(api);
