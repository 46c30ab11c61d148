import { callback, createWorkerBridge, type CallOptions, type ProgressOptions } from './bridge';
import type { Base64WorkerApi } from '../../workers/base64.worker';
import type { ConversionResult, ConvertOptions, Mode } from '../core/base64/convert';
import type { Alphabet } from '../core/base64/kernel';
import type { TextEncodingName } from '../core/base64/text';

/** The Base64 worker, started on first use. */
const bridge = createWorkerBridge<Base64WorkerApi>(
  () => new Worker(new URL('../../workers/base64.worker.ts', import.meta.url), { type: 'module', name: 'base64' }),
);

export const base64Worker = {
  /** Encodes or decodes typed text. */
  convertText(text: string, opts: ConvertOptions, { signal }: CallOptions = {}): Promise<ConversionResult> {
    return bridge.call((api) => api.convertText(text, opts), signal);
  },
  /** Encodes or decodes a File/Blob read in the worker in chunks; `onProgress(doneBytes, totalBytes)`. */
  convertFile(file: Blob, opts: ConvertOptions, options: ProgressOptions = {}): Promise<ConversionResult> {
    const { onProgress, signal } = options;
    return bridge.call((api) => api.convertFile(file, opts, callback(onProgress)), signal);
  },
  /** The validity rule, off the page's thread (for large inputs). */
  isValid(text: string, alphabet: Alphabet): Promise<boolean> {
    return bridge.call((api) => api.isValid(text, alphabet));
  },
  /** Text of a whole output for the clipboard. */
  copyText(blob: Blob, mode: Mode, encoding: TextEncodingName): Promise<string> {
    return bridge.call((api) => api.copyText(blob, mode, encoding));
  },
};
