import { callback, createWorkerBridge, transferred, type CallOptions, type ProgressOptions } from './bridge';
import type { CrcWorkerApi } from '../../workers/crc.worker';
import type { HdlFile, HdlLanguage } from '../core/hdl/contract';
import type { CrcConfig, CrcSummary } from '../core/hdl/crc';

/** The CRC worker, started on first use. */
const bridge = createWorkerBridge<CrcWorkerApi>(
  () => new Worker(new URL('../../workers/crc.worker.ts', import.meta.url), { type: 'module', name: 'crc' }),
);

export const crcWorker = {
  /** CRC-32 of `buffer`, which is transferred (detached here). */
  crc32OfBuffer(buffer: ArrayBuffer, { signal }: CallOptions = {}): Promise<number> {
    return bridge.call((api) => api.crc32OfBuffer(transferred(buffer)), signal);
  },
  /** CRC-32 of a File/Blob read in the worker in chunks; `onProgress(doneBytes, totalBytes)`. */
  crc32OfBlob(blob: Blob, { onProgress, signal }: ProgressOptions = {}): Promise<number> {
    return bridge.call((api) => api.crc32OfBlob(blob, callback(onProgress)), signal);
  },
  /** Check value and equation statistics for the live info panel. */
  summary(config: CrcConfig): Promise<CrcSummary> {
    return bridge.call((api) => api.summary(config));
  },
  /** The design generated in the browser (the server's emitter), for the preview. */
  generate(config: CrcConfig, language: HdlLanguage): Promise<HdlFile> {
    return bridge.call((api) => api.generate(config, language));
  },
  /** The self-checking testbench for the same configuration. */
  testbench(config: CrcConfig, language: HdlLanguage): Promise<HdlFile> {
    return bridge.call((api) => api.testbench(config, language));
  },
};
