// CRC worker: lazily instantiates build/wasm/crc.wasm and exposes it over Comlink.
import * as Comlink from 'comlink';
import wasmUrl from '../build/wasm/crc.wasm?url';
import { loadKernelFromUrl } from '../src/core/wasm/instantiate';
import { crc32, type Crc32Exports } from '../src/core/crc/crc32';

let kernel: Promise<Crc32Exports> | undefined;
const getKernel = () => (kernel ??= loadKernelFromUrl<Crc32Exports>(wasmUrl));

const FILE_CHUNK = 8 << 20;

const api = {
  /** CRC-32 of a transferred buffer. */
  async crc32OfBuffer(buffer: ArrayBuffer): Promise<number> {
    return crc32(await getKernel(), new Uint8Array(buffer));
  },
  /** CRC-32 of a File/Blob read here in chunks; `onProgress(done, total)` after each chunk. */
  async crc32OfBlob(blob: Blob, onProgress?: (done: number, total: number) => void): Promise<number> {
    const k = await getKernel();
    let crc = 0;
    for (let off = 0; off < blob.size; off += FILE_CHUNK) {
      const part = new Uint8Array(await blob.slice(off, off + FILE_CHUNK).arrayBuffer());
      crc = crc32(k, part, crc);
      onProgress?.(Math.min(off + FILE_CHUNK, blob.size), blob.size);
    }
    return crc;
  },
};

export type CrcWorkerApi = typeof api;
Comlink.expose(api);
