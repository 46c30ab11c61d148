/**
 * The Base64 WASM kernel's exports and streaming wrappers shared by the worker, tests and
 * benchmarks. Data crosses into linear memory as bytes; no strings are involved.
 */
import type { KernelExports } from '../wasm/instantiate';
import { copyIn, copyOut } from '../wasm/memory';
import { InvalidBase64Error } from './messages';

export interface Base64Exports extends KernelExports {
  encode(src: number, len: number, dst: number, flags: number): number;
  /** Bytes written, or -1 for invalid input. */
  decode(src: number, len: number, dst: number, flags: number): number;
  stripWhitespace(ptr: number, len: number): number;
}

/** Kernel flags (see assembly/base64.ts). */
const URL_SAFE = 1;
export const FINAL = 2;

export type Alphabet = 'standard' | 'url';

/** Default piece size: a multiple of 3 (encode) and of 4 (decode). */
const CHUNK_BYTES = 3 << 20;

/** Receives output bytes; the view points into WASM memory and is valid only during the call. */
type Emit = (bytes: Uint8Array) => void;

const align16 = (n: number) => (n + 15) & ~15;

/**
 * Reserves one input + output region and copies the carried bytes, then `piece`, to its start.
 * Returns the input and output pointers.
 */
function workspace(kernel: Base64Exports, carry: Uint8Array, piece: Uint8Array, outCap: number) {
  const n = carry.length + piece.length;
  const ptr = kernel.reserve(align16(n) + outCap);
  copyIn(kernel, carry, ptr);
  copyIn(kernel, piece, ptr + carry.length);
  return { ptr, out: ptr + align16(n) };
}

/**
 * What the streaming encoder and decoder share: pieces of at most `chunkBytes` per kernel call,
 * the input bytes carried from one call to the next, and the final call.
 */
abstract class Base64Stream {
  /** Input bytes the last call could not use yet; they start the next call's input. */
  protected abstract readonly carry: Uint8Array;
  protected carried = 0;
  protected readonly flags: number;

  constructor(
    protected readonly kernel: Base64Exports,
    alphabet: Alphabet = 'standard',
    private readonly chunkBytes = CHUNK_BYTES,
  ) {
    this.flags = alphabet === 'url' ? URL_SAFE : 0;
  }

  push(bytes: Uint8Array, emit: Emit): void {
    for (let off = 0; off < bytes.length; off += this.chunkBytes) {
      this.run(bytes.subarray(off, off + this.chunkBytes), emit, false);
    }
  }

  finish(emit: Emit): void {
    this.run(new Uint8Array(0), emit, true);
  }

  /** One kernel call on the carried bytes and then `piece`. */
  protected abstract run(piece: Uint8Array, emit: Emit, final: boolean): void;

  /** The carried bytes, then `piece`, in kernel memory with `outCap` bytes for the output after them. */
  protected load(piece: Uint8Array, outCap: number): { ptr: number; out: number } {
    return workspace(this.kernel, this.carry.subarray(0, this.carried), piece, outCap);
  }

  /** Carries input bytes `usable` to `total` (from `ptr`) to the next call and emits the `written` output bytes. */
  protected settle(ptr: number, usable: number, total: number, out: number, written: number, emit: Emit): void {
    this.carried = total - usable;
    this.carry.set(copyOut(this.kernel, ptr + usable, this.carried));
    if (written > 0) emit(new Uint8Array(this.kernel.memory.buffer, out, written));
  }
}

/**
 * Streaming encoder: `push` any number of byte chunks of any size, then `finish`. Carries up to
 * two bytes between pushes so each kernel call sees a multiple of 3.
 */
export class Base64Encoder extends Base64Stream {
  protected readonly carry = new Uint8Array(2);

  protected run(piece: Uint8Array, emit: Emit, final: boolean): void {
    const n = this.carried + piece.length;
    const { ptr, out } = this.load(piece, Math.ceil(n / 3) * 4 + 16);
    const usable = final ? n : n - (n % 3);
    const written = this.kernel.encode(ptr, usable, out, final ? this.flags | FINAL : this.flags);
    this.settle(ptr, usable, n, out, written, emit);
  }
}

/**
 * Streaming validating decoder: `push` chunks of ASCII (whitespace anywhere, even across chunk
 * boundaries), then `finish`. Carries the characters after the last full quantum plus that
 * quantum itself, because padding is only valid in the very last quantum of the stream.
 * Throws InvalidBase64Error on the first invalid quantum.
 */
export class Base64Decoder extends Base64Stream {
  protected readonly carry = new Uint8Array(8);
  /** Non-whitespace characters seen so far (0 at the end means blank input). */
  chars = 0;

  protected run(piece: Uint8Array, emit: Emit, final: boolean): void {
    const n = this.carried + piece.length;
    const { ptr, out } = this.load(piece, Math.floor(n / 4) * 3 + 16);
    const stripped = this.kernel.stripWhitespace(ptr + this.carried, piece.length);
    this.chars += stripped;
    const m = this.carried + stripped;
    let usable = m;
    if (!final) {
      usable = m - (m % 4);
      usable = usable >= 4 ? usable - 4 : 0;
    }
    const written = this.kernel.decode(ptr, usable, out, final ? this.flags | FINAL : this.flags);
    if (written < 0) throw new InvalidBase64Error();
    this.settle(ptr, usable, m, out, written, emit);
  }
}

/** Length of the Base64 text for `n` bytes. */
function encodedLength(n: number, alphabet: Alphabet = 'standard'): number {
  return alphabet === 'url' ? Math.ceil((n * 4) / 3) : Math.ceil(n / 3) * 4;
}

/** The whole `input` through `stream` into `result`; returns the bytes written. */
function runInto(stream: Base64Stream, input: Uint8Array, result: Uint8Array): number {
  let at = 0;
  const emit: Emit = (b) => {
    result.set(b, at);
    at += b.length;
  };
  stream.push(input, emit);
  stream.finish(emit);
  return at;
}

/** One-shot encode to ASCII bytes. */
export function encodeBytes(kernel: Base64Exports, bytes: Uint8Array, alphabet: Alphabet = 'standard'): Uint8Array {
  const result = new Uint8Array(encodedLength(bytes.length, alphabet));
  runInto(new Base64Encoder(kernel, alphabet), bytes, result);
  return result;
}

/** One-shot validating decode of ASCII bytes (whitespace ignored). Throws InvalidBase64Error. */
export function decodeBytes(kernel: Base64Exports, ascii: Uint8Array, alphabet: Alphabet = 'standard'): Uint8Array {
  const result = new Uint8Array(Math.ceil(ascii.length / 4) * 3);
  return result.subarray(0, runInto(new Base64Decoder(kernel, alphabet), ascii, result));
}
