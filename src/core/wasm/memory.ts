/**
 * Moving bytes in and out of a module's linear memory. Views of `memory.buffer` are made at the
 * moment of the copy, because `reserve` (and any kernel call) may grow memory and detach earlier
 * views. (Zero-copy views of a kernel's output, valid until its next call, are made where they are
 * used: the Base64 stream's emit, the subnet pager's pages.)
 */
import type { KernelExports } from './instantiate';

/** Copies `data` into linear memory at `ptr` (by default a fresh scratch region); returns `ptr`. */
export function copyIn(kernel: KernelExports, data: ArrayBufferView, ptr = kernel.reserve(data.byteLength)): number {
  const bytes = data instanceof Uint8Array ? data : new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  new Uint8Array(kernel.memory.buffer, ptr, bytes.length).set(bytes);
  return ptr;
}

/** A copy of `length` bytes of linear memory at `ptr`. */
export function copyOut(kernel: KernelExports, ptr: number, length: number): Uint8Array<ArrayBuffer> {
  return new Uint8Array(kernel.memory.buffer, ptr, length).slice();
}
