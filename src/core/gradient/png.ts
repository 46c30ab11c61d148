/**
 * Gradient to PNG with the WASM kernel (assembly/png.ts). Pure: no DOM, used by the worker,
 * tests and benchmarks alike.
 */
import type { KernelExports } from '../wasm/instantiate';
import { copyIn, copyOut } from '../wasm/memory';
import type { RasterPlan } from './plan';

export interface PngExports extends KernelExports {
  setGradient(ptr: number, nStops: number): number;
  rasterRGBA(y0: number, rows: number, out: number): void;
  pngBegin(rowsPerCall: number): number;
  pngEncodeRows(rows: number): number;
  pngRowsDone(): number;
  outPtr(): number;
  crc32(crc: number, ptr: number, len: number): number;
  adler32(adler: number, ptr: number, len: number): number;
}

const PARAMS = 14;
/** Filtered bytes per deflate block / IDAT chunk. */
const BAND_BYTES = 1 << 20;

/** Hands the plan to the kernel (see setGradient in assembly/png.ts for the layout). */
function loadPlan(kernel: PngExports, plan: RasterPlan): void {
  const values = new Float64Array(PARAMS + plan.stops.length * 4);
  values.set([
    plan.kind,
    plan.width,
    plan.height,
    ...plan.p,
    plan.scale,
    plan.bias,
    plan.repeating ? 1 : 0,
    plan.dither ? 1 : 0,
  ]);
  plan.stops.forEach((s, i) => values.set([s.offset, s.r, s.g, s.b], PARAMS + i * 4));
  const ptr = copyIn(kernel, values);
  if (kernel.setGradient(ptr, plan.stops.length) !== 0) throw new Error('Gradient parameters out of range');
}

/** RGBA pixels of rows [y0, y0 + rows) (the whole image by default). */
export function rasterizeRGBA(kernel: PngExports, plan: RasterPlan, y0 = 0, rows = plan.height): Uint8Array {
  loadPlan(kernel, plan);
  const bytes = plan.width * rows * 4;
  const ptr = kernel.reserve(bytes + 64); // the kernel writes whole 4-pixel groups
  kernel.rasterRGBA(y0, rows, ptr);
  return copyOut(kernel, ptr, bytes);
}

function rowsPerBand(width: number): number {
  return Math.max(1, Math.floor(BAND_BYTES / (width * 3 + 1)));
}

/**
 * Encodes the gradient as an 8-bit RGB PNG. Returns the file as byte chunks (signature + IHDR,
 * one IDAT per band, IEND with the last). `onProgress(rowsDone, height)` after each band.
 */
export function encodePng(
  kernel: PngExports,
  plan: RasterPlan,
  onProgress?: (done: number, total: number) => void,
): Uint8Array<ArrayBuffer>[] {
  loadPlan(kernel, plan);
  const rows = rowsPerBand(plan.width);
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  const take = (n: number) => chunks.push(copyOut(kernel, kernel.outPtr(), n));
  const head = kernel.pngBegin(rows);
  if (head < 0) throw new Error('PNG encoder could not start');
  take(head);
  for (;;) {
    const n = kernel.pngEncodeRows(rows);
    if (n <= 0) break;
    take(n);
    onProgress?.(kernel.pngRowsDone(), plan.height);
  }
  return chunks;
}

/** Concatenates chunks (tests, SVG embedding). */
export function concatChunks(chunks: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let off = 0;
  for (const c of chunks) {
    out.set(c, off);
    off += c.length;
  }
  return out;
}
