/**
 * Whole conversions for the Base64 tool, shared by the worker and tests: typed text in the
 * chosen text encoding, and Blobs/Files streamed in chunks into an output Blob built from byte
 * chunks (no multi-hundred-MB strings). Errors carry the spec's messages.
 */
import { BlobSink } from '../blob-sink';
import { blobChunks } from '../blob-chunks';
import { Base64Decoder, Base64Encoder, type Alphabet, type Base64Exports } from './kernel';
import { sniffMediaType } from './sniff';
import { ENTER_BASE64, ENTER_TEXT, InvalidBase64Error, encodingFailed } from './messages';
import {
  asciiToString,
  bytesToText,
  hexDump,
  splitDataUrl,
  stripWhitespace,
  textToBytes,
  wrapLines,
  type TextEncodingName,
} from './text';

export type Mode = 'encode' | 'decode';

export interface ConvertOptions {
  mode: Mode;
  encoding: TextEncodingName;
  alphabet: Alphabet;
  /** Bytes of output kept for the preview string. */
  previewLimit: number;
}

export interface ConversionResult {
  /** The beginning of the output as text (all of it when `truncated` is false). */
  preview: string;
  truncated: boolean;
  /** Output size: characters of the output text, or bytes when decoding gave only a preview or a hex dump. */
  outputLength: number;
  outputUnit: 'characters' | 'bytes';
  /** Input size: characters of typed text, bytes of a file. */
  inputLength: number;
  /** Decoding: some bytes cannot be shown in the chosen text encoding (the download is exact). */
  lossy: boolean;
  /** Decoding in UTF-8: the text starts with a byte order mark (U+FEFF, kept but invisible in the preview). */
  bom: boolean;
  /** 'hex' when the preview is a hex dump of the first HEX_PREVIEW_BYTES of binary output. */
  previewKind: 'text' | 'hex';
  /** The complete output bytes (Base64 text when encoding, the decoded bytes when decoding). */
  blob: Blob;
  /**
   * Decoding: the output's media type, named by a pasted data URL (the Blob's type too) or known
   * from the output's first bytes (./sniff.ts); absent when neither says.
   */
  mediaType?: string;
}

/**
 * Binary output larger than this is previewed as a hex dump of its first bytes: thousands of
 * random characters in many scripts take the browser hundreds of ms to lay out.
 */
export const HEX_PREVIEW_BYTES = 4096;

/** Output Blobs are folded into one every this many bytes to keep the part list short. */
export const FOLD_BYTES = 64 << 20;

/** Copies the start of `bytes` into `head` after its first `len` bytes while there is room; returns the new length. */
function keepHead(head: Uint8Array, len: number, bytes: Uint8Array): number {
  const take = Math.min(bytes.length, head.length - len);
  if (take > 0) head.set(bytes.subarray(0, take), len);
  return len + Math.max(take, 0);
}

/** Collects output byte chunks into a Blob and keeps the first `limit` bytes for the preview. */
class OutputSink {
  private readonly sink: BlobSink;
  private readonly head: Uint8Array;
  private headLen = 0;

  constructor(limit: number, type: string) {
    this.sink = new BlobSink(type, FOLD_BYTES);
    this.head = new Uint8Array(limit);
  }

  /** Takes `bytes`, a transient view of the stream's reused output buffer: the sink copies them. */
  readonly emit = (bytes: Uint8Array): void => {
    this.headLen = keepHead(this.head, this.headLen, bytes);
    this.sink.push(bytes);
  };

  get size(): number {
    return this.sink.size;
  }

  get headBytes(): Uint8Array {
    return this.head.subarray(0, this.headLen);
  }

  blob(): Blob {
    return this.sink.blob();
  }
}

export const OUTPUT_TYPE = { encode: 'text/plain', decode: 'application/octet-stream' } as const;

/** A whole output: its size, its first bytes (for the preview) and all of it. */
interface Output {
  size: number;
  headBytes: Uint8Array;
  blob: Blob;
}

const outputOf = (sink: OutputSink): Output => ({ size: sink.size, headBytes: sink.headBytes, blob: sink.blob() });

/**
 * The bytes of a cut UTF-8 preview up to its last whole character: the cut can fall inside one
 * (16,384 bytes of 3-byte characters end one byte into the next), and those 1-3 bytes are not text.
 * Bytes that are not UTF-8 anyway are left as they are.
 */
function wholeUtf8Head(bytes: Uint8Array): Uint8Array {
  let tail = 0; // continuation bytes (10xxxxxx) at the end, at most 3
  while (tail < 3 && tail < bytes.length && (bytes[bytes.length - 1 - tail]! & 0xc0) === 0x80) tail++;
  const lead = bytes.length - 1 - tail;
  if (lead < 0) return bytes;
  const b = bytes[lead]!;
  const length = b >= 0xf0 && b < 0xf5 ? 4 : b >= 0xe0 && b < 0xf0 ? 3 : b >= 0xc2 && b < 0xe0 ? 2 : 0;
  return length > tail + 1 ? bytes.subarray(0, lead) : bytes;
}

function finish(output: Output, opts: ConvertOptions, inputLength: number): ConversionResult {
  const { size, headBytes, blob } = output;
  const truncated = size > opts.previewLimit;
  if (opts.mode === 'encode') {
    // A truncated preview is shown in 76-character lines: one unbroken 32K-character word costs
    // the browser a long layout.
    const head = asciiToString(headBytes);
    return {
      preview: truncated ? wrapLines(head) : head,
      truncated,
      outputLength: size,
      outputUnit: 'characters',
      inputLength,
      lossy: false,
      bom: false,
      previewKind: 'text',
      blob,
    };
  }
  const { text, lossy } = bytesToText(
    truncated && opts.encoding === 'UTF-8' ? wholeUtf8Head(headBytes) : headBytes,
    opts.encoding,
  );
  const hex = lossy && size > HEX_PREVIEW_BYTES;
  const mediaType = sniffMediaType(headBytes);
  // Characters only of text shown whole: a hex dump's note counts bytes, and so does the count.
  const inBytes = truncated || hex;
  return {
    preview: hex ? hexDump(headBytes.subarray(0, HEX_PREVIEW_BYTES)) : text,
    previewKind: hex ? 'hex' : 'text',
    truncated,
    outputLength: inBytes ? size : text.length,
    outputUnit: inBytes ? 'bytes' : 'characters',
    inputLength,
    lossy,
    bom: !hex && opts.encoding === 'UTF-8' && text.startsWith('\ufeff'),
    blob,
    ...(mediaType ? { mediaType } : {}),
  };
}

/** Converts typed text. Throws Error with the spec's message on blank or invalid input. */
export function convertText(kernel: Base64Exports, text: string, opts: ConvertOptions): ConversionResult {
  const sink = new OutputSink(opts.previewLimit, OUTPUT_TYPE[opts.mode]);
  if (opts.mode === 'encode') {
    if (!text.trim()) throw new Error(ENTER_TEXT);
    let bytes: Uint8Array;
    try {
      bytes = textToBytes(text, opts.encoding);
    } catch (e) {
      throw new Error(encodingFailed((e as Error).message));
    }
    const enc = new Base64Encoder(kernel, opts.alphabet);
    enc.push(bytes, sink.emit);
    enc.finish(sink.emit);
    return finish(outputOf(sink), opts, text.length);
  }
  // A pasted data URL: its payload is the Base64, and its type is the output's.
  const dataUrl = splitDataUrl(text);
  const stripped = stripWhitespace(dataUrl ? dataUrl.payload : text);
  if (!stripped) throw new Error(ENTER_BASE64);
  // Non-ASCII characters can never be Base64 (and would not survive the byte conversion).
  if (/[\u0080-\uffff]/.test(stripped)) throw new InvalidBase64Error();
  const dec = new Base64Decoder(kernel, opts.alphabet);
  const out = dataUrl ? new OutputSink(opts.previewLimit, dataUrl.mediaType) : sink;
  dec.push(textToBytes(stripped, 'ASCII'), out.emit);
  dec.finish(out.emit);
  const result = finish(outputOf(out), opts, text.length);
  return dataUrl ? { ...result, mediaType: dataUrl.mediaType } : result;
}

/**
 * Input bytes converted per Blob part of the output: a multiple of 3 and of 4. Building a Blob
 * costs far more per call than converting does (Chromium, 32 MiB in parts of 64 KiB: 228 ms,
 * 1 MiB: 106 ms, 16 MiB: 49 ms, one part: 28 ms), so parts are large: 32 MiB of Base64.
 */
export const FILE_CHUNK_BYTES = 24 << 20;

/** Progress is reported after every this many bytes read. */
const PROGRESS_BYTES = 4 << 20;
/** A file is read this much at a time into two reused buffers (../blob-chunks.ts). */
const READ_BYTES = 4 << 20;

export type ProgressFn = (done: number, total: number) => void;

/**
 * Where a file conversion's output goes, one part at a time: the conversion writes a part into a
 * buffer it takes, gives the buffer back with the part's length (0: no part), and takes the next.
 * A given buffer is the sink's until `take` hands it out again.
 */
export interface PartSink {
  take(bytes: number): Uint8Array | Promise<Uint8Array>;
  give(buffer: Uint8Array, length: number): void;
  /** The Blob of all parts given, in order. */
  finish(): Promise<Blob>;
  /** Drops the parts of a conversion that failed. */
  discard(): void;
}

/**
 * The output buffer of the last finished file conversion, for the next one: a fresh buffer's first
 * writes cost page faults (Chromium on this VM: ~4 ms per MiB, more than the decoding itself).
 * Taking it empties the slot, so conversions running at once never share one.
 */
let spare: Uint8Array | undefined;

/** Parts made into Blobs on this thread (a Blob copies its bytes), from one reused buffer. */
export function localParts(type: string): PartSink {
  const sink = new BlobSink(type, FOLD_BYTES);
  return {
    take(bytes) {
      const buffer = spare && spare.length >= bytes ? spare : new Uint8Array(bytes);
      spare = undefined;
      return buffer;
    },
    give(buffer, length) {
      if (length > 0) sink.push(buffer.subarray(0, length));
      spare = buffer;
    },
    finish: async () => sink.blob(),
    discard() {},
  };
}

/**
 * A Base64 text file as reading it as text (the spec's way) sees it: without a UTF-8 byte order
 * mark (Notepad, PowerShell's UTF8), and UTF-16 with one (Windows PowerShell's `>`) as UTF-8,
 * streamed. Before, both were "Invalid Base64 string".
 */
async function textFileBytes(file: Blob): Promise<Blob> {
  const [a, b, c] = new Uint8Array(await file.slice(0, 3).arrayBuffer());
  if (a === 0xef && b === 0xbb && c === 0xbf) return file.slice(3);
  const utf16 = a === 0xff && b === 0xfe ? 'utf-16le' : a === 0xfe && b === 0xff ? 'utf-16be' : '';
  if (!utf16) return file;
  // The decoder drops the mark; characters other than ASCII stay invalid Base64 in UTF-8.
  const decoder = new TextDecoder(utf16);
  const encoder = new TextEncoder();
  const sink = new BlobSink('text/plain', FOLD_BYTES);
  for await (const chunk of blobChunks(file, READ_BYTES))
    sink.push(encoder.encode(decoder.decode(chunk, { stream: true })));
  sink.push(encoder.encode(decoder.decode()));
  return sink.blob();
}

/**
 * Converts a Blob/File read as a stream (the streams carry remainders and skip whitespace) into
 * output parts of up to `chunkBytes` of input each, written into buffers taken from `partSink`
 * (this thread's by default; the worker's hands them to a second worker). The file is read in
 * 4 MiB chunks into two reused buffers (../blob-chunks.ts): in Chromium, 32 MB took 87-156 ms so,
 * 160-191 ms as a default stream (a fresh buffer per chunk, page faults and all).
 */
export async function convertBlob(
  kernel: Base64Exports,
  file: Blob,
  opts: ConvertOptions,
  onProgress?: ProgressFn,
  chunkBytes = FILE_CHUNK_BYTES,
  partSink: (type: string) => PartSink = localParts,
): Promise<ConversionResult> {
  // An empty file encodes to empty Base64, as GNU base64 does; there is no Base64 in it to decode.
  if (file.size === 0 && opts.mode === 'decode') throw new Error(ENTER_BASE64);
  const text = opts.mode === 'decode' ? await textFileBytes(file) : file;
  // A data URL saved as text decodes as the same text pasted: its payload, with its type.
  const dataUrl = opts.mode === 'decode' ? await dataUrlOfFile(text) : null;
  const input = dataUrl ? text.slice(dataUrl.prefixBytes) : text;
  const parts = partSink(dataUrl?.mediaType ?? OUTPUT_TYPE[opts.mode]);
  const stream =
    opts.mode === 'encode' ? new Base64Encoder(kernel, opts.alphabet) : new Base64Decoder(kernel, opts.alphabet);
  const head = new Uint8Array(opts.previewLimit);
  let headLen = 0;
  let size = 0;
  let out = await parts.take(stream.maxOutput(chunkBytes));
  let at = 0;
  /** Hands the part in `out` to the sink and takes the next buffer. */
  const emit = async () => {
    headLen = keepHead(head, headLen, out.subarray(0, at));
    size += at;
    parts.give(out, at);
    at = 0;
    out = await parts.take(stream.maxOutput(chunkBytes));
  };
  try {
    let read = 0;
    let reported = 0;
    for await (const chunk of blobChunks(input, Math.min(READ_BYTES, chunkBytes))) {
      const need = stream.maxOutput(chunk.length);
      if (at + need > out.length && at > 0) await emit();
      if (need > out.length) {
        parts.give(out, 0); // a read larger than a part: never seen in a browser, but allowed
        out = await parts.take(need);
      }
      at += stream.pushInto(chunk, out, at);
      read += chunk.length;
      if (read - reported >= Math.min(chunkBytes, PROGRESS_BYTES)) {
        reported = read;
        onProgress?.(read, input.size);
      }
    }
    if (at + stream.maxOutput(0) > out.length) await emit();
    at += stream.finishInto(out, at);
    if (reported < read) onProgress?.(read, input.size);
    if (stream instanceof Base64Decoder && stream.chars === 0) throw new Error(ENTER_BASE64);
  } catch (e) {
    parts.give(out, 0);
    parts.discard();
    throw e;
  }
  headLen = keepHead(head, headLen, out.subarray(0, at));
  size += at;
  parts.give(out, at);
  const result = finish({ size, headBytes: head.subarray(0, headLen), blob: await parts.finish() }, opts, file.size);
  return dataUrl ? { ...result, mediaType: dataUrl.mediaType } : result;
}

/** The media type and the prefix length in bytes of a data URL at the start of a text file (see splitDataUrl). */
async function dataUrlOfFile(file: Blob): Promise<{ mediaType: string; prefixBytes: number } | null> {
  const head = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await file.slice(0, 1024).arrayBuffer());
  const dataUrl = splitDataUrl(head);
  if (!dataUrl) return null;
  const prefix = head.slice(0, head.length - dataUrl.payload.length);
  return { mediaType: dataUrl.mediaType, prefixBytes: new TextEncoder().encode(prefix).length };
}

/** Full output as text for copying: the Base64 text, or the decoded bytes in the chosen encoding. */
export async function blobText(blob: Blob, mode: Mode, encoding: TextEncodingName): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  return mode === 'encode' ? asciiToString(bytes) : bytesToText(bytes, encoding).text;
}
