// CRC worker: lazily instantiates build/wasm/crc.wasm and exposes it over Comlink.
import * as Comlink from 'comlink';
import wasmUrl from '../build/wasm/crc.wasm?url';
import { loadKernelFromUrl } from '../src/core/wasm/instantiate';
import { crc32, type Crc32Exports } from '../src/core/crc/crc32';
import type { CrcKernel } from '../src/core/crc/kernel';
import { analyzeCrc, generateHdlText, type CrcAnalysis } from '../src/core/crc/generate';
import type { CrcParams, HdlLanguage } from '../src/core/crc/params';

let kernel: Promise<CrcKernel> | undefined;
const getKernel = () => (kernel ??= loadKernelFromUrl<CrcKernel>(wasmUrl));

const FILE_CHUNK = 8 << 20;

const api = {
  /** CRC-32 of a transferred buffer. */
  async crc32OfBuffer(buffer: ArrayBuffer): Promise<number> {
    return crc32((await getKernel()) as Crc32Exports, new Uint8Array(buffer));
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
  /** Check value and equation statistics (XOR count, deepest equation) for the live info panel. */
  async analyze(params: CrcParams, dataWidth: number): Promise<CrcAnalysis> {
    return analyzeCrc(await getKernel(), params, dataWidth);
  },
  /** The HDL text generated locally (the same emitter as the server), for previews. */
  async generate(params: CrcParams, dataWidth: number, language: HdlLanguage): Promise<string> {
    return generateHdlText(await getKernel(), params, dataWidth, language);
  },
};

export type CrcWorkerApi = typeof api;
Comlink.expose(api);
