/**
 * The table-driven CRC kernel (assembly/shared/crc-table.ts) behind a running CRC, for checksums of
 * large inputs: any width 1..64, slicing-by-8 in WASM. The caller may fill the kernel's input
 * region itself (`input`, then `update(n)`): `bitsmith crc check` reads files straight into it.
 */
import { copyIn } from '../wasm/memory';
import type { CrcKernel } from './kernel';
import { mask, reflect, type CrcParams } from './params';

/** The widest CRC the table kernel takes (a u64 register). */
export const MAX_TABLE_WIDTH = 64;

/** The algorithm's result from its register in normal bit order (refout, then xorout). */
export const valueOfRegister = (p: CrcParams, r: bigint): bigint =>
  ((p.refout ? reflect(r, p.width) : r) ^ p.xorout) & mask(p.width);

/** The register in normal bit order behind an algorithm's result (valueOfRegister undone). */
export const registerOfValue = (p: CrcParams, v: bigint): bigint => {
  const r = (v ^ p.xorout) & mask(p.width);
  return p.refout ? reflect(r, p.width) : r;
};

export interface TableCrc {
  /** A view of the kernel's input region (`bytes` long): fill it, then call update(n). */
  readonly input: Uint8Array;
  /** Runs the CRC over the first n bytes of `input`. */
  update(n: number): void;
  /** Copies `data` through the input region, in pieces of its size. */
  updateWith(data: Uint8Array): void;
  /** The algorithm's result so far (refout and xorout applied). */
  value(): bigint;
  /** Starts again from the algorithm's init. */
  reset(): void;
}

/**
 * A running CRC of `p` on the kernel, whose input region holds `bytes`. One per kernel at a time:
 * the kernel keeps one set of tables.
 */
export function tableCrc(kernel: CrcKernel, p: CrcParams, bytes = 1 << 20): TableCrc {
  const w = p.width;
  if (!(w >= 1 && w <= MAX_TABLE_WIDTH)) throw new RangeError(`A table CRC is 1..${MAX_TABLE_WIDTH} bits wide`);
  kernel.crcTableSetup(w, p.poly & mask(w), p.refin ? 1 : 0);
  const ptr = kernel.reserve(bytes); // reserve first: growing memory would detach the view
  const input = new Uint8Array(kernel.memory.buffer, ptr, bytes);
  const shift = BigInt(64 - w);
  // Reflected registers sit in the low W bits, the others at the top of 64 (see the kernel).
  const start = p.refin ? reflect(p.init, w) : p.init << shift;
  let reg = start;
  const step = p.refin ? kernel.crcTableReflected : kernel.crcTableAligned;
  const update = (n: number) => {
    reg = step(reg, ptr, n);
  };
  return {
    input,
    update,
    updateWith(data) {
      for (let at = 0; at < data.length; at += bytes) {
        const piece = data.subarray(at, at + bytes);
        copyIn(kernel, piece, ptr);
        update(piece.length);
      }
    },
    value: () => valueOfRegister(p, p.refin ? reflect(reg, w) : BigInt.asUintN(64, reg) >> shift),
    reset: () => {
      reg = start;
    },
  };
}
