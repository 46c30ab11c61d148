import { callback, createWorkerBridge, transferred, type CallOptions, type ProgressOptions } from './bridge';
import type { CrcWorkerApi } from '../../workers/crc.worker';
import type { CrcAnalysis } from '../core/crc/generate';
import type { CrcParams, HdlLanguage } from '../core/crc/params';

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
  analyze(params: CrcParams, dataWidth: number): Promise<CrcAnalysis> {
    return bridge.call((api) => api.analyze(params, dataWidth));
  },
  /** The HDL text generated in the browser (the server's emitter), for the preview. */
  generate(params: CrcParams, dataWidth: number, language: HdlLanguage): Promise<string> {
    return bridge.call((api) => api.generate(params, dataWidth, language));
  },
};
