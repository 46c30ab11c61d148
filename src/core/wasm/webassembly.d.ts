// The part of the WebAssembly JS API that src/core/wasm uses, as browsers, workers and Node all
// provide it (signatures from lib.dom.d.ts). Core has no DOM lib, and @types/node 20 does not
// declare WebAssembly, so the server's tsconfig includes this file too.

type BufferSource = ArrayBufferView<ArrayBuffer> | ArrayBuffer;

declare namespace WebAssembly {
  interface Memory {
    readonly buffer: ArrayBuffer;
  }
  interface Module {}
  interface Instance {
    readonly exports: Exports;
  }
  interface WebAssemblyInstantiatedSource {
    instance: Instance;
    module: Module;
  }
  type Exports = Record<string, unknown>;
  type Imports = Record<string, Record<string, unknown>>;
  function validate(bytes: BufferSource): boolean;
  function instantiate(bytes: BufferSource, importObject?: Imports): Promise<WebAssemblyInstantiatedSource>;
  function instantiateStreaming(
    source: Response | PromiseLike<Response>,
    importObject?: Imports,
  ): Promise<WebAssemblyInstantiatedSource>;
}
