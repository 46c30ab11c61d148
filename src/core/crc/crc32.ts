/** CRC-32 (IEEE 802.3) over bytes with the WASM kernel, in chunks so memory stays small. */
import type { KernelExports } from '../wasm/instantiate';
import { copyIn } from '../wasm/memory';

export interface Crc32Exports extends KernelExports {
  crc32Update(crc: number, ptr: number, len: number): number;
}

const CHUNK = 1 << 20;

/** Continues `crc` (0 to start) over `data`. Returns an unsigned 32-bit value. */
export function crc32(kernel: Crc32Exports, data: Uint8Array, crc = 0): number {
  for (let off = 0; off < data.length; off += CHUNK) {
    const part = data.subarray(off, off + CHUNK);
    crc = kernel.crc32Update(crc, copyIn(kernel, part), part.length);
  }
  return crc >>> 0;
}

/** Plain TypeScript reference (bit-serial), used by tests and as a benchmark baseline. */
export function crc32Reference(data: Uint8Array, crc = 0): number {
  let c = ~crc >>> 0;
  // An index loop, not for...of: this is a benchmark baseline, and V8 iterates typed arrays slower.
  for (let i = 0; i < data.length; i++) {
    c ^= data[i]!;
    for (let k = 0; k < 8; k++) c = c & 1 ? (0xedb88320 ^ (c >>> 1)) >>> 0 : c >>> 1;
  }
  return ~c >>> 0;
}
