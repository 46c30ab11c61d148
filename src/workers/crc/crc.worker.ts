// CRC worker: lazily instantiates build/wasm/crc.wasm and exposes it over Comlink.
import * as Comlink from 'comlink';
import wasmUrl from '../../../build/wasm/crc.wasm?url';
import crcidUrl from '../../../build/wasm/crcid.wasm?url';
import { loadKernelFromUrl } from '../../core/wasm/instantiate';
import { crc32, type Crc32Exports } from '../../core/crc/crc32';
import type { CrcKernel } from '../../core/crc/kernel';
import { identifyCrc, type CrcIdKernel, type IdentifyReport, type IdentifyRequest } from '../../core/crc/identify';
import type { HdlFile, HdlLanguage } from '../../core/hdl/contract';
import { createCrcGenerator, type CrcConfig, type CrcGenerator, type CrcSummary } from '../../core/hdl/crc';

let kernel: Promise<CrcKernel> | undefined;
const getKernel = () => (kernel ??= loadKernelFromUrl<CrcKernel>(wasmUrl));
let generator: Promise<CrcGenerator> | undefined;
const getGenerator = () => (generator ??= getKernel().then(createCrcGenerator));

let idKernel: Promise<CrcIdKernel> | undefined;
const getIdKernel = () => (idKernel ??= loadKernelFromUrl<CrcIdKernel>(crcidUrl));

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
  async summary(config: CrcConfig): Promise<CrcSummary> {
    return (await getGenerator()).summary(config);
  },
  /** The design file generated locally (the same generator as the server), for previews. */
  async generate(config: CrcConfig, language: HdlLanguage): Promise<HdlFile> {
    return (await getGenerator()).generate(config, language);
  },
  /** The self-checking testbench of the same design. */
  async testbench(config: CrcConfig, language: HdlLanguage): Promise<HdlFile> {
    return (await getGenerator()).testbench(config, language);
  },
  /** Finds the CRC parameters that reproduce the samples (the Identify tab); progress per search step. */
  async identify(
    request: IdentifyRequest,
    onProgress?: (done: number, total: number) => void,
  ): Promise<IdentifyReport> {
    return identifyCrc(await getIdKernel(), request, onProgress);
  },
};

export type CrcWorkerApi = typeof api;
Comlink.expose(api);
