// One reusable scratch region per module. JS asks for `reserve(n)` bytes, writes its input at the
// returned pointer through a view of `memory.buffer`, calls a kernel, and reads the result back.
// The stub runtime never frees, so kernels reuse this region instead of allocating per call.

let scratchPtr: usize = 0;
let scratchCap: usize = 0;

/** Returns a 16-byte-aligned region of at least `bytes`, reused (and grown) across calls.
 *  Growing may move it and detaches JS views of memory: re-create views after calling. */
export function reserve(bytes: usize): usize {
  if (bytes > scratchCap) {
    scratchPtr = scratchPtr == 0 ? heap.alloc(bytes) : heap.realloc(scratchPtr, bytes);
    scratchCap = bytes;
  }
  return scratchPtr;
}
