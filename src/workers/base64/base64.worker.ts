// Base64 worker: lazily instantiates build/wasm/base64.wasm and converts typed text and Files
// (read here in chunks, never copied through the page) into output Blobs.
import * as Comlink from 'comlink';
import wasmUrl from '../../../build/wasm/base64.wasm?url';
import relaxedWasmUrl from '../../../build/wasm/base64.relaxed.wasm?url';
import { loadKernelFromUrl } from '../../core/wasm/instantiate';
import { kernelBuild } from '../../core/wasm/relaxed-simd';
import type { Base64Exports } from '../../core/base64/kernel';
import {
  blobText,
  convertBlob,
  convertText,
  FILE_CHUNK_BYTES,
  type PartSink,
  type ConvertOptions,
  type Mode,
  type ProgressFn,
} from '../../core/base64/convert';
import { isValidBase64, wrapLines, type TextEncodingName } from '../../core/base64/text';
import { SINK_STOPPED, type PartMessage, type PartReply } from './part-messages';
import type { Alphabet } from '../../core/base64/kernel';

let kernel: Promise<Base64Exports> | undefined;
const getKernel = () => (kernel ??= loadKernelFromUrl<Base64Exports>(kernelBuild(wasmUrl, relaxedWasmUrl)));

/**
 * Output parts go to a second worker that makes them into Blobs (part-sink.worker.ts), so that
 * copying them overlaps reading the file (measured, 96 MiB: 15-25 % less time). Two buffers go
 * back and forth, transferred, and are kept from one conversion to the next (no new page faults).
 */
const BUFFERS = 2;
let sinkWorker: Worker | undefined;
let made = 0;
let nextId = 1;
const free: ArrayBuffer[] = [];
const waiting: { resolve: (buffer: ArrayBuffer) => void; reject: (e: Error) => void }[] = [];
const finishing = new Map<number, { resolve: (blob: Blob) => void; reject: (e: Error) => void }>();
/** Bumped when the sink worker dies: the parts it held are gone, so conversions begun before fail. */
let sinkGeneration = 0;
let sinkError = new Error('');

function release(buffer: ArrayBuffer): void {
  const next = waiting.shift();
  if (next) next.resolve(buffer);
  else free.push(buffer);
}

/** The sink worker died (an error it did not catch, or out of memory): fail whoever waits on it. */
function sinkFailed(): void {
  sinkWorker?.terminate();
  sinkWorker = undefined;
  made = 0;
  free.length = 0;
  sinkGeneration++;
  sinkError = new Error(SINK_STOPPED);
  for (const w of waiting.splice(0)) w.reject(sinkError);
  for (const f of finishing.values()) f.reject(sinkError);
  finishing.clear();
}

function sink(message: PartMessage, transfer: Transferable[] = []): void {
  if (!sinkWorker) {
    sinkWorker = new Worker(new URL('./part-sink.worker.ts', import.meta.url), {
      type: 'module',
      name: 'base64-parts',
    });
    sinkWorker.onmessage = ({ data }: MessageEvent<PartReply>) => {
      if ('buffer' in data) release(data.buffer);
      else finishing.get(data.id)?.resolve(data.blob);
    };
    sinkWorker.onerror = (e) => {
      e.preventDefault();
      sinkFailed();
    };
  }
  sinkWorker.postMessage(message, transfer);
}

function workerParts(type: string): PartSink {
  const id = nextId++;
  const generation = sinkGeneration;
  /** Throws once the sink that holds this conversion's parts has died. */
  const check = () => {
    if (generation !== sinkGeneration) throw sinkError;
  };
  return {
    async take(bytes) {
      check();
      const buffer =
        free.pop() ??
        (made < BUFFERS
          ? (made++, new ArrayBuffer(bytes))
          : await new Promise<ArrayBuffer>((resolve, reject) => waiting.push({ resolve, reject })));
      return new Uint8Array(buffer.byteLength >= bytes ? buffer : new ArrayBuffer(bytes));
    },
    give(buffer, length) {
      if (generation !== sinkGeneration) return; // its parts went with the sink
      if (length === 0) release(buffer.buffer as ArrayBuffer);
      else sink({ id, type, buffer: buffer.buffer as ArrayBuffer, length }, [buffer.buffer as ArrayBuffer]);
    },
    finish: () =>
      new Promise<Blob>((resolve, reject) => {
        check();
        finishing.set(id, { resolve: (blob) => (finishing.delete(id), resolve(blob)), reject });
        sink({ id, type, end: 'finish' });
      }),
    discard: () => {
      if (generation === sinkGeneration) sink({ id, type, end: 'discard' });
    },
  };
}

const api = {
  /** Encodes or decodes typed text (spec behaviour, same WASM kernel). */
  async convertText(text: string, opts: ConvertOptions) {
    return convertText(await getKernel(), text, opts);
  },
  /** Encodes or decodes a File/Blob in chunks; `onProgress(doneBytes, totalBytes)` per chunk. */
  async convertFile(file: Blob, opts: ConvertOptions, onProgress?: ProgressFn) {
    return convertBlob(await getKernel(), file, opts, onProgress, FILE_CHUNK_BYTES, workerParts);
  },
  /** The validity rule for inputs too large to check on the page's thread. */
  async isValid(text: string, alphabet: Alphabet) {
    return isValidBase64(text, alphabet);
  },
  /**
   * The whole output as text to copy; standard Base64 wrapped at 76 (URL-safe Base64 is one line),
   * unless `wrap` is false (the payload of a data URL).
   */
  async copyText(blob: Blob, mode: Mode, encoding: TextEncodingName, alphabet: Alphabet = 'standard', wrap = true) {
    const text = await blobText(blob, mode, encoding);
    return wrap && mode === 'encode' && alphabet === 'standard' ? wrapLines(text) : text;
  },
};

export type Base64WorkerApi = typeof api;
Comlink.expose(api);
