/**
 * bitsmith base64 encode|decode: the page's kernel and streams (src/core/base64/kernel.ts), fed from a
 * reused read buffer and written straight from WASM memory, so memory stays flat for any input size.
 * Beyond the page: padding on or off, line wrapping, MIME (76 columns, CRLF).
 */
import { Base64Decoder, FINAL, encodedLength, type Base64Exports } from '../src/core/base64/kernel';
import { ENTER_BASE64, ENTER_TEXT, InvalidBase64Error, INVALID_BASE64 } from '../src/core/base64/messages';
import { BadInput, UsageError, loadKernel, progress } from './io';
import { SyncInput, SyncOutput } from './sync-io';

export interface Base64Options {
  urlSafe?: boolean;
  /** Undefined: the page's choice (padding with the standard alphabet, none with URL-safe). */
  padding?: boolean;
  wrap?: string;
  mime?: boolean;
  output?: string;
}

/** Bytes read per step (the stream converts them in cache-sized pieces). */
const READ_BYTES = 6 << 20;
/** RFC 2045: encoded lines of at most 76 characters, ended by CRLF. */
const MIME_COLUMNS = 76;

const bytesOf = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));
const EQUALS = bytesOf('===');

/** Splits the Base64 text into lines of `width` characters (0: one line), each ended by `eol`. */
class Wrapper {
  private col = 0;
  private buf = new Uint8Array(0);

  constructor(
    private readonly width: number,
    private readonly eol: Uint8Array,
    private readonly out: SyncOutput,
  ) {}

  write(text: Uint8Array): void {
    if (!this.width) return this.out.write(text);
    const { width, eol } = this;
    // The text goes to the end of the buffer, then each line moves forward to its place: copyWithin
    // (a memmove) per line is several times faster than a subarray and a set.
    const room = (Math.floor((text.length + this.col) / width) + 1) * eol.length;
    if (this.buf.length < room + text.length) this.buf = new Uint8Array(room + text.length);
    const buf = this.buf;
    buf.set(text, room);
    let at = room;
    let o = 0;
    const stop = room + text.length;
    while (at < stop) {
      const take = Math.min(width - this.col, stop - at);
      buf.copyWithin(o, at, at + take);
      o += take;
      at += take;
      this.col += take;
      if (this.col === width) {
        buf[o++] = eol[0]!;
        if (eol.length === 2) buf[o++] = eol[1]!;
        this.col = 0;
      }
    }
    this.out.write(buf.subarray(0, o));
  }

  end(): void {
    if (this.width && this.col) this.out.write(this.eol);
  }
}

function wrapOf(o: Base64Options): number {
  if (o.wrap === undefined) return o.mime ? MIME_COLUMNS : 0;
  const wrap = o.wrap.trim() === '' ? NaN : Number(o.wrap);
  if (!Number.isInteger(wrap) || wrap < 0)
    throw new UsageError('--wrap must be a whole number of characters (0: no wrapping).');
  return wrap;
}

/** The kernel's URL-safe flag (assembly/base64.ts); the stream classes keep theirs private. */
const URL_SAFE_FLAG = 1;

/**
 * Encoding without the stream's copies in and out: each piece (a multiple of 3 bytes, so nothing
 * is carried) is read straight into WASM memory and its text handed on from there. Returns the
 * bytes read.
 */
function encodeDirect(
  kernel: Base64Exports,
  input: SyncInput,
  urlSafe: boolean,
  emit: (text: Uint8Array, last: boolean) => void,
  onRead: (bytes: number) => void,
): number {
  const ptr = kernel.reserve(READ_BYTES + encodedLength(READ_BYTES) + 16);
  const textPtr = ptr + READ_BYTES;
  const flags = urlSafe ? URL_SAFE_FLAG : 0;
  let read = 0;
  for (;;) {
    const mem = new Uint8Array(kernel.memory.buffer);
    const n = input.read(mem.subarray(ptr, textPtr));
    read += n;
    const last = n < READ_BYTES; // a short read is the end of the input
    const w = kernel.encode(ptr, n, textPtr, last ? flags | FINAL : flags);
    if (w > 0) emit(mem.subarray(textPtr, textPtr + w), last);
    onRead(read);
    if (last) return read;
  }
}

export async function base64(mode: 'encode' | 'decode', file: string, o: Base64Options): Promise<void> {
  const wrap = mode === 'encode' ? wrapOf(o) : 0;
  const alphabet = o.urlSafe ? 'url' : 'standard';
  const padding = o.padding ?? !o.urlSafe;
  const input = new SyncInput(file);
  const kernel = await loadKernel<Base64Exports>('base64');
  const out = new SyncOutput(o.output);
  const wrapper = new Wrapper(wrap, bytesOf(o.mime ? '\r\n' : '\n'), out);
  let written = 0;
  // The text is a view of WASM memory or of the stream's buffer: written out before the next call.
  const emit = (b: Uint8Array, last: boolean) => {
    let bytes = b;
    // The encoder's last call holds the tail quantum, the only place padding appears.
    if (mode === 'encode' && last && !padding)
      while (bytes.length && bytes[bytes.length - 1] === 61) bytes = bytes.subarray(0, -1);
    written += bytes.length;
    wrapper.write(bytes);
  };
  const bar = progress(mode === 'encode' ? 'encoding' : 'decoding', input.size);
  try {
    if (mode === 'encode') {
      if (encodeDirect(kernel, input, !!o.urlSafe, emit, (n) => bar.update(n)) === 0) throw new BadInput(ENTER_TEXT);
      if (padding && written % 4) wrapper.write(EQUALS.subarray(0, 4 - (written % 4)));
    } else decode(new Base64Decoder(kernel, alphabet), input, o.padding === false, emit, (n) => bar.update(n));
  } catch (e) {
    if (e instanceof InvalidBase64Error) throw new BadInput(INVALID_BASE64);
    throw e;
  } finally {
    bar.done();
    input.close();
  }
  wrapper.end();
  out.close();
}

function decode(
  decoder: Base64Decoder,
  input: SyncInput,
  paddingOptional: boolean,
  emit: (bytes: Uint8Array, last: boolean) => void,
  onRead: (bytes: number) => void,
): void {
  const buf = new Uint8Array(READ_BYTES);
  const more = (b: Uint8Array) => emit(b, false);
  let read = 0;
  for (let n = input.read(buf); n > 0; n = input.read(buf)) {
    decoder.push(buf.subarray(0, n), more);
    onRead((read += n));
  }
  if (decoder.chars === 0) throw new BadInput(ENTER_BASE64);
  // Without padding the last quantum may be short: completed here, so the kernel's rule still checks it.
  if (paddingOptional && decoder.chars % 4) decoder.push(EQUALS.subarray(0, 4 - (decoder.chars % 4)), more);
  decoder.finish((b) => emit(b, true));
}
