/**
 * Instantiates an AssemblyScript module built with the stub runtime (see asconfig.json).
 * Works in the browser (from a URL, streaming) and in Node (from bytes). No DOM, no React.
 */

/** Every BitSmith module exports its memory and a reusable scratch allocator. */
export interface KernelExports {
  memory: WebAssembly.Memory;
  /** Returns a pointer to at least `bytes` bytes of reusable scratch memory (may grow memory). */
  reserve(bytes: number): number;
}

/** Reads an AssemblyScript string (UTF-16, byte length stored just before it) out of memory. */
function readAsString(memory: WebAssembly.Memory, ptr: number): string {
  if (!ptr) return '';
  const [bytes = 0] = new Uint32Array(memory.buffer, ptr - 4, 1);
  return String.fromCharCode(...new Uint16Array(memory.buffer, ptr, bytes >>> 1));
}

function imports(getMemory: () => WebAssembly.Memory): WebAssembly.Imports {
  return {
    env: {
      abort(msg: number, file: number, line: number, col: number) {
        const m = getMemory();
        throw new Error(`WASM abort: ${readAsString(m, msg)} (${readAsString(m, file)}:${line}:${col})`);
      },
      seed: () => Date.now() * Math.random(),
      trace(msg: number, n: number, ...args: number[]) {
        console.log(`WASM trace: ${readAsString(getMemory(), msg)}`, ...args.slice(0, n));
      },
    },
  };
}

/** Instantiates a module from its bytes (Node, tests) or a fetch Response (browser). */
export async function instantiateKernel<E extends KernelExports>(
  source: BufferSource | Response | PromiseLike<Response>,
): Promise<E> {
  // The imports read the module's memory, which exists only once the module is instantiated.
  const late: { memory?: WebAssembly.Memory } = {};
  const env = imports(() => late.memory!);
  let instance: WebAssembly.Instance;
  if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) {
    instance = (await WebAssembly.instantiate(source, env)).instance;
  } else {
    const response = await source;
    if (!response.ok) throw new Error(`Could not load WebAssembly (${response.status} ${response.url})`);
    instance =
      typeof WebAssembly.instantiateStreaming === 'function'
        ? (await WebAssembly.instantiateStreaming(response, env)).instance
        : (await WebAssembly.instantiate(await response.arrayBuffer(), env)).instance;
  }
  const exports = instance.exports as unknown as E;
  late.memory = exports.memory;
  return exports;
}

/** Loads a module from a URL (browser, workers). */
export function loadKernelFromUrl<E extends KernelExports>(url: string | URL): Promise<E> {
  return instantiateKernel<E>(fetch(url));
}
