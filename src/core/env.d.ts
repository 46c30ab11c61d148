// The web-platform globals that browsers, web workers and Node all provide, declared only as far as
// src/core uses them. Core compiles without the DOM and Node libs, so code here that touches
// `window`, `document`, `localStorage`, `fs` or `process` is a type error. Add a member when core
// needs one that every runtime has; the signatures follow lib.dom.d.ts.

declare var console: { log(...data: unknown[]): void };

declare function atob(data: string): string;
declare function btoa(data: string): string;

interface TextEncoder {
  encode(input?: string): Uint8Array<ArrayBuffer>;
  encodeInto(source: string, destination: Uint8Array): { read: number; written: number };
}
declare var TextEncoder: { prototype: TextEncoder; new (): TextEncoder };

interface TextDecoder {
  decode(input?: AllowSharedBufferSource, options?: { stream?: boolean }): string;
}
declare var TextDecoder: {
  prototype: TextDecoder;
  new (label?: string, options?: { fatal?: boolean; ignoreBOM?: boolean }): TextDecoder;
};

type AllowSharedBufferSource = ArrayBufferLike | ArrayBufferView<ArrayBufferLike>;
type BlobPart = BufferSource | Blob | string;

interface Blob {
  readonly size: number;
  readonly type: string;
  arrayBuffer(): Promise<ArrayBuffer>;
  slice(start?: number, end?: number, contentType?: string): Blob;
  text(): Promise<string>;
  stream(): ReadableStream<Uint8Array<ArrayBuffer>>;
}
declare var Blob: { prototype: Blob; new (blobParts?: BlobPart[], options?: { type?: string }): Blob };

interface ReadableStream<R> {
  getReader(): ReadableStreamDefaultReader<R>;
  getReader(options: { mode: 'byob' }): ReadableStreamBYOBReader;
}
interface ReadableStreamDefaultReader<R> {
  read(): Promise<{ done: true; value?: undefined } | { done: false; value: R }>;
  cancel(reason?: unknown): Promise<void>;
  releaseLock(): void;
}
interface ReadableStreamBYOBReader {
  read<T extends Uint8Array<ArrayBuffer>>(view: T): Promise<{ done: boolean; value?: T }>;
  cancel(reason?: unknown): Promise<void>;
  releaseLock(): void;
}

interface URL {
  readonly href: string;
}

interface Response {
  readonly ok: boolean;
  readonly status: number;
  readonly url: string;
  arrayBuffer(): Promise<ArrayBuffer>;
}
declare function fetch(input: string | URL): Promise<Response>;
