// Base64 worker: lazily instantiates build/wasm/base64.wasm and converts typed text and Files
// (read here in chunks, never copied through the page) into output Blobs.
import * as Comlink from 'comlink';
import wasmUrl from '../../../build/wasm/base64.wasm?url';
import { loadKernelFromUrl } from '../../core/wasm/instantiate';
import type { Base64Exports } from '../../core/base64/kernel';
import {
  blobText,
  convertBlob,
  convertText,
  type ConvertOptions,
  type Mode,
  type ProgressFn,
} from '../../core/base64/convert';
import { isValidBase64, wrapLines, type TextEncodingName } from '../../core/base64/text';
import type { Alphabet } from '../../core/base64/kernel';

let kernel: Promise<Base64Exports> | undefined;
const getKernel = () => (kernel ??= loadKernelFromUrl<Base64Exports>(wasmUrl));

const api = {
  /** Encodes or decodes typed text (spec behaviour, same WASM kernel). */
  async convertText(text: string, opts: ConvertOptions) {
    return convertText(await getKernel(), text, opts);
  },
  /** Encodes or decodes a File/Blob in chunks; `onProgress(doneBytes, totalBytes)` per chunk. */
  async convertFile(file: Blob, opts: ConvertOptions, onProgress?: ProgressFn) {
    return convertBlob(await getKernel(), file, opts, onProgress);
  },
  /** The validity rule for inputs too large to check on the page's thread. */
  async isValid(text: string, alphabet: Alphabet) {
    return isValidBase64(text, alphabet);
  },
  /** Text of a whole output for the clipboard (Base64 wrapped every 76 characters). */
  async copyText(blob: Blob, mode: Mode, encoding: TextEncodingName) {
    const text = await blobText(blob, mode, encoding);
    return mode === 'encode' ? wrapLines(text) : text;
  },
};

export type Base64WorkerApi = typeof api;
Comlink.expose(api);
