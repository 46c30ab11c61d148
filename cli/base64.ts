/**
 * bitsmith base64 encode|decode: the page's kernel and streams (src/core/base64/kernel.ts), fed from a
 * reused read buffer and written straight from WASM memory, so memory stays flat for any input size.
 * Beyond the page: padding on or off, line wrapping, MIME (76 columns, CRLF).
 */
import { Base64Decoder, FINAL, encodedLength, type Base64Exports } from '../src/core/base64/kernel';
import { InvalidBase64Error, INVALID_BASE64 } from '../src/core/base64/messages';
import { asciiToString, splitDataUrl } from '../src/core/base64/text';
import { BadInput, UsageError, loadKernel, progress } from './io';
import { SyncInput, SyncOutput } from './sync-io';

export interface Base64Options {
  urlSafe?: boolean;
  /** Undefined: the page's choice (padding with the standard alphabet, none with URL-safe). */
  padding?: boolean;
  /** Characters per line (a whole number, parsed by the command line). */
  wrap?: number;
  mime?: boolean;
  output?: string;
}

/** Bytes read per step (the stream converts them in cache-sized pieces). */
const READ_BYTES = 6 << 20;
/** RFC 2045: encoded lines of at most 76 characters, ended by CRLF. */
const MIME_COLUMNS = 76;

const bytesOf = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));
const EQUALS = bytesOf('===');

/** The kernel's line-wrapping exports (assembly/base64.ts), used by this command only. */
interface LineExports extends Base64Exports {
  encodeLines(
    src: number,
    len: number,
    dst: number,
    scratch: number,
    flags: number,
    width: number,
    col: number,
    crlf: number,
  ): number;
  wrapLines(text: number, len: number, dst: number, width: number, col: number, crlf: number): number;
  lineColumn(): number;
}

/** Input bytes `encodeLines` encodes per step (LINE_STEP in the kernel). */
const LINE_STEP = 48 << 10;

/** The widest line the kernel counts (its width and column are u32). */
const MAX_WRAP = 0xffffffff;

/** Characters per line; --mime fixes lines, alphabet and padding, so options that change them are refused beside it. */
function wrapOf(o: Base64Options): number {
  // The kernel counts columns in a u32: a wider --wrap reached it cut down (4294967297 as 1).
  if (o.wrap !== undefined && o.wrap > MAX_WRAP)
    throw new BadInput(`--wrap must be a whole number of columns from 0 to ${MAX_WRAP}.`);
  if (!o.mime) return o.wrap ?? 0;
  const other = o.wrap !== undefined ? '--wrap' : o.urlSafe ? '--url-safe' : o.padding === false ? '--no-padding' : '';
  if (other)
    throw new UsageError(`--mime is 76 columns of standard Base64 with padding: give --mime or ${other}, not both.`);
  return MIME_COLUMNS;
}

/** The kernel's URL-safe flag (assembly/base64.ts); the stream classes keep theirs private. */
const URL_SAFE_FLAG = 1;

interface EncodeOptions {
  urlSafe: boolean;
  padding: boolean;
  /** Characters per line; 0: one line. */
  wrap: number;
  crlf: boolean;
}

/**
 * Encoding without copies in and out: each piece (a multiple of 3 bytes, so nothing is carried) is
 * read straight into WASM memory, encoded (and cut into lines) by the kernel, and written from
 * there. The last 1-2 bytes are encoded apart, so that padding is added or dropped as asked before
 * they are wrapped. Returns the bytes read.
 */
function encodeDirect(
  kernel: LineExports,
  input: SyncInput,
  o: EncodeOptions,
  out: SyncOutput,
  onRead: (bytes: number) => void,
): number {
  const text = encodedLength(READ_BYTES);
  const lines = o.wrap ? text + (Math.floor(text / o.wrap) + 1) * 2 : text;
  const ptr = kernel.reserve(READ_BYTES + lines + 16 + encodedLength(LINE_STEP) + 16 + 64);
  const outPtr = ptr + READ_BYTES;
  const scratch = outPtr + lines + 16;
  const tailPtr = scratch + encodedLength(LINE_STEP) + 16;
  const flags = o.urlSafe ? URL_SAFE_FLAG : 0;
  const crlf = o.crlf ? 1 : 0;
  let col = 0;
  /** Writes `n` characters at `at` (cut into lines when wrapping). */
  const writeText = (at: number, n: number) => {
    if (!o.wrap) return out.write(new Uint8Array(kernel.memory.buffer, at, n));
    const w = kernel.wrapLines(at, n, outPtr, o.wrap, col, crlf);
    col = kernel.lineColumn();
    out.write(new Uint8Array(kernel.memory.buffer, outPtr, w));
  };
  let read = 0;
  for (;;) {
    const n = input.read(new Uint8Array(kernel.memory.buffer, ptr, READ_BYTES));
    read += n;
    const last = n < READ_BYTES; // a short read is the end of the input
    const bulk = last ? n - (n % 3) : n;
    if (!o.wrap) out.write(new Uint8Array(kernel.memory.buffer, outPtr, kernel.encode(ptr, bulk, outPtr, flags)));
    else {
      const w = kernel.encodeLines(ptr, bulk, outPtr, scratch, flags, o.wrap, col, crlf);
      col = kernel.lineColumn();
      out.write(new Uint8Array(kernel.memory.buffer, outPtr, w));
    }
    onRead(read);
    if (!last) continue;
    if (n > bulk) {
      // The tail quantum: the kernel pads it with the standard alphabet only; padding as asked.
      let chars = kernel.encode(ptr + bulk, n - bulk, tailPtr, flags | FINAL);
      const mem = new Uint8Array(kernel.memory.buffer);
      while (mem[tailPtr + chars - 1] === 61) chars--;
      if (o.padding) mem.set(EQUALS.subarray(0, (4 - (chars % 4)) % 4), tailPtr + chars);
      writeText(tailPtr, o.padding ? Math.ceil(chars / 4) * 4 : chars);
    }
    if (o.wrap && col) out.write(bytesOf(o.crlf ? '\r\n' : '\n'));
    return read;
  }
}

export async function base64(mode: 'encode' | 'decode', file: string, o: Base64Options): Promise<void> {
  const wrap = mode === 'encode' ? wrapOf(o) : 0;
  const alphabet = o.urlSafe ? 'url' : 'standard';
  const padding = o.padding ?? !o.urlSafe;
  const input = new SyncInput(file);
  const kernel = await loadKernel<LineExports>('base64');
  const out = new SyncOutput(o.output);
  const bar = progress(mode === 'encode' ? 'encoding' : 'decoding', input.size);
  try {
    if (mode === 'encode') {
      const options = { urlSafe: !!o.urlSafe, padding, wrap, crlf: !!o.mime };
      // Empty input gives empty output, as GNU base64 and Python do (the page asks for text instead).
      encodeDirect(kernel, input, options, out, (n) => bar.update(n));
    } else {
      const write = (b: Uint8Array) => out.write(b);
      decode(new Base64Decoder(kernel, alphabet), input, !!o.urlSafe, o.padding === false, write, (n) => bar.update(n));
    }
  } catch (e) {
    if (e instanceof InvalidBase64Error) throw new BadInput(INVALID_BASE64);
    throw e;
  } finally {
    bar.done();
    input.close();
  }
  out.close();
}

/** Bytes of the data URL prefix the input starts with (RFC 2397, `;base64`), or 0. */
function dataUrlPrefixLength(head: Uint8Array): number {
  const text = asciiToString(head.subarray(0, 1024)); // one character per byte
  const url = splitDataUrl(text);
  return url ? text.length - url.payload.length : 0;
}

/** Why a piece failed when it is Base64 in the other alphabet (- or _ without --url-safe, + or / with it), as the page says. */
function otherAlphabetHint(piece: Uint8Array, urlSafe: boolean): string {
  const text = asciiToString(piece);
  if (urlSafe)
    return /[+/]/.test(text) && /^[A-Za-z0-9+/=\s]*$/.test(text)
      ? ' (it has + or /: for standard Base64 leave out --url-safe)'
      : '';
  return /[-_]/.test(text) && /^[A-Za-z0-9_=\s-]*$/.test(text)
    ? ' (it has - or _: for URL-safe Base64 add --url-safe)'
    : '';
}

function decode(
  decoder: Base64Decoder,
  input: SyncInput,
  urlSafe: boolean,
  paddingOptional: boolean,
  emit: (bytes: Uint8Array) => void,
  onRead: (bytes: number) => void,
): void {
  const buf = new Uint8Array(READ_BYTES);
  let read = 0;
  // The last characters read: the decoder holds back an unfinished quantum, so a - or _ among them
  // fails only with the next piece, or at the end, where the piece it came in is gone.
  let tail: Uint8Array = new Uint8Array(0);
  for (let n = input.read(buf); n > 0; n = input.read(buf)) {
    // A data URL's prefix (`data:image/png;base64,`) is not Base64: its payload is, as on the page.
    const skip = read === 0 ? dataUrlPrefixLength(buf.subarray(0, n)) : 0;
    const piece = buf.subarray(skip, n);
    const before = tail;
    explainFailure(
      () => decoder.push(piece, emit),
      () => lastBytes(before, piece, before.length + piece.length),
      urlSafe,
    );
    tail = lastBytes(tail, piece, TAIL_BYTES);
    onRead((read += n));
  }
  if (decoder.chars === 0) return; // nothing but whitespace, or nothing: empty output, as GNU base64 -d
  explainFailure(
    () => {
      // Without padding the last quantum may be short: completed here, so the kernel's rule still checks it.
      if (paddingOptional && decoder.chars % 4) decoder.push(EQUALS.subarray(0, 4 - (decoder.chars % 4)), emit);
      decoder.finish(emit);
    },
    () => tail,
    urlSafe,
  );
}

/** Enough characters to hold the unfinished quantum with the whitespace a wrapped input puts around it. */
const TAIL_BYTES = 64;

/** The last `count` bytes of `before` followed by `after`. */
function lastBytes(before: Uint8Array, after: Uint8Array, count: number): Uint8Array {
  if (after.length >= count) return after.slice(after.length - count);
  const joined = new Uint8Array(before.length + after.length);
  joined.set(before);
  joined.set(after, before.length);
  return joined.slice(Math.max(0, joined.length - count));
}

/**
 * Runs a step of decoding; invalid Base64 becomes the command's message, with the other-alphabet
 * hint for the text it read (`text()`: built only for a failure).
 */
function explainFailure(step: () => void, text: () => Uint8Array, urlSafe: boolean): void {
  try {
    step();
  } catch (e) {
    if (e instanceof InvalidBase64Error) throw new BadInput(INVALID_BASE64 + otherAlphabetHint(text(), urlSafe));
    throw e;
  }
}
