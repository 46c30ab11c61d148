/**
 * The CRC WASM kernel (assembly/crc.ts) behind plain functions: matrix derivation and the
 * software CRC. Shared by the worker, the server, tests and benchmarks.
 */
import type { KernelExports } from '../wasm/instantiate';
import { copyIn, copyOut } from '../wasm/memory';
import type { Crc32Exports } from './crc32';
import { MAX_CRC_WIDTH, MAX_DATA_WIDTH_API, mask, toWords, type CrcParams } from './params';

export interface CrcKernel extends KernelExports, Crc32Exports {
  // The table-driven CRC (./table.ts); u64 registers come back as signed BigInts.
  crcTableSetup(width: number, poly: bigint, reflected: number): number;
  crcTableReflected(reg: bigint, ptr: number, len: number): bigint;
  crcTableAligned(reg: bigint, ptr: number, len: number): bigint;
  crcMatrices(width: number, polyLo: bigint, polyHi: bigint, dataWidth: number, out: number): number;
  crcCompute(
    width: number,
    polyLo: bigint,
    polyHi: bigint,
    initLo: bigint,
    initHi: bigint,
    refin: number,
    refout: number,
    xorLo: bigint,
    xorHi: bigint,
    ptr: number,
    len: number,
    out: number,
  ): number;
}

/**
 * Columns of F (W of them) then of G (D of them); column c occupies u32 lanes [4c, 4c+4):
 * bit r of the column is `(cols[4c + (r >> 5)] >>> (r & 31)) & 1`.
 */
export interface CrcMatrices {
  width: number;
  dataWidth: number;
  cols: Uint32Array;
}

/** Bit r of column c. */
export const matrixBit = (m: CrcMatrices, c: number, r: number): number =>
  ((m.cols[(c << 2) + (r >> 5)] ?? 0) >>> (r & 31)) & 1;

function checkSizes(width: number, dataWidth: number): void {
  if (!(width >= 1 && width <= MAX_CRC_WIDTH)) throw new RangeError(`CRC width must be 1..${MAX_CRC_WIDTH}`);
  if (!(Number.isInteger(dataWidth) && dataWidth >= 1 && dataWidth <= MAX_DATA_WIDTH_API))
    throw new RangeError(`Data width must be 1..${MAX_DATA_WIDTH_API}`);
}

/** Derives F and G in WASM (see CrcMatrices). */
export function deriveMatrices(kernel: CrcKernel, width: number, poly: bigint, dataWidth: number): CrcMatrices {
  checkSizes(width, dataWidth);
  const bytes = (width + dataWidth) * 16;
  const out = kernel.reserve(bytes);
  const [lo, hi] = toWords(poly & mask(width));
  if (kernel.crcMatrices(width, lo, hi, dataWidth, out) !== 0) throw new RangeError('Bad CRC sizes');
  const cols = new Uint32Array(copyOut(kernel, out, bytes).buffer);
  return { width, dataWidth, cols };
}

/** Williams-model CRC of `data` in WASM (bit serial: meant for check values and short inputs). */
export function computeCrc(kernel: CrcKernel, p: CrcParams, data: Uint8Array): bigint {
  checkSizes(p.width, 1);
  const ptr = kernel.reserve(data.length + 16); // the result (two u64 words), then the data
  copyIn(kernel, data, ptr + 16);
  const [pl, ph] = toWords(p.poly & mask(p.width));
  const [il, ih] = toWords(p.init & mask(p.width));
  const [xl, xh] = toWords(p.xorout & mask(p.width));
  kernel.crcCompute(p.width, pl, ph, il, ih, p.refin ? 1 : 0, p.refout ? 1 : 0, xl, xh, ptr + 16, data.length, ptr);
  const [lo = 0n, hi = 0n] = new BigUint64Array(copyOut(kernel, ptr, 16).buffer);
  return lo | (hi << 64n);
}
