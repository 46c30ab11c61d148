/**
 * The Base64 WASM kernel's exports and streaming wrappers shared by the worker, tests and
 * benchmarks. Data crosses into linear memory as bytes; no strings are involved.
 *
 * Each kernel call works on one piece of at most `chunkBytes` (192 KiB by default) in a fixed
 * scratch region: the piece is copied in, converted and copied out to the caller's buffer while
 * it is still in the CPU cache, and WASM memory grows once, not per call (see "Benchmarks" in
 * docs/base64-converter.md for the measurements behind the size).
 */
import type { KernelExports } from '../wasm/instantiate';
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

/**
 * Default piece per kernel call: a multiple of 3 (encode) and of 4 (decode), small enough that
 * input, output and the copies stay in L2 (measured in Node, 96 MiB: 48 KiB 1.9 GB/s, 192 KiB
 * 2.5 GB/s, 3 MiB 2.1 GB/s for copy in + encode + copy out).
 */
const CHUNK_BYTES = 192 << 10;
/** Input bytes a stream may carry from one call to the next (at most 2 encoding, 8 decoding). */
const CARRY_BYTES = 8;

/** Receives output bytes; the view points into a buffer the stream reuses: valid only during the call. */
type Emit = (bytes: Uint8Array) => void;

const align16 = (n: number) => (n + 15) & ~15;

/** Length of the Base64 text for `n` bytes. */
export function encodedLength(n: number, alphabet: Alphabet = 'standard'): number {
  return alphabet === 'url' ? Math.ceil((n * 4) / 3) : Math.ceil(n / 3) * 4;
}

/** Room enough for the bytes decoded from `n` characters of Base64 (whitespace, padding or not). */
export function maxDecodedLength(n: number): number {
  return Math.ceil(n / 4) * 3;
}

/**
 * What the streaming encoder and decoder share: pieces of at most `chunkBytes` per kernel call in
 * one fixed scratch region, the input bytes carried from one call to the next, and the final call.
 */
abstract class Base64Stream {
  /** Input bytes the last call could not use yet; they start the next call's input. */
  protected readonly carry = new Uint8Array(CARRY_BYTES);
  protected carried = 0;
  protected readonly flags: number;
  /** Output of `push`, reused from one push to the next. */
  private out = new Uint8Array(0);

  constructor(
    protected readonly kernel: Base64Exports,
    alphabet: Alphabet = 'standard',
    private readonly chunkBytes = CHUNK_BYTES,
  ) {
    this.flags = alphabet === 'url' ? URL_SAFE : 0;
  }

  /** Output bytes `push`ing `n` more input bytes can give at most. */
  abstract maxOutput(n: number): number;

  /** Converts `bytes`; `emit` gets all of their output in one view (none when there is none). */
  push(bytes: Uint8Array, emit: Emit): void {
    const need = this.maxOutput(bytes.length);
    if (this.out.length < need) this.out = new Uint8Array(need);
    const written = this.pushInto(bytes, this.out);
    if (written > 0) emit(this.out.subarray(0, written));
  }

  finish(emit: Emit): void {
    const tail = new Uint8Array(this.maxOutput(0));
    const written = this.finishInto(tail);
    if (written > 0) emit(tail.subarray(0, written));
  }

  /**
   * Converts `bytes` into `out` from `at` (room for `maxOutput(bytes.length)` bytes; a RangeError
   * when the output does not fit). Returns the bytes written.
   */
  pushInto(bytes: Uint8Array, out: Uint8Array, at = 0): number {
    let w = at;
    for (let off = 0; off < bytes.length; off += this.chunkBytes) {
      w += this.run(bytes.subarray(off, off + this.chunkBytes), out, w, false);
    }
    return w - at;
  }

  /** Writes the end of the output (carried bytes, padding) into `out` from `at`; returns the bytes written. */
  finishInto(out: Uint8Array, at = 0): number {
    return this.run(new Uint8Array(0), out, at, true);
  }

  /** One kernel call on the carried bytes and then `piece`; its output goes to `out` at `at`. */
  protected abstract run(piece: Uint8Array, out: Uint8Array, at: number, final: boolean): number;

  /**
   * The scratch region (the same every call, so memory grows once) with the carried bytes, then
   * `piece`, copied to its start. Returns the input and output pointers and a view of memory.
   */
  protected load(piece: Uint8Array): { ptr: number; outPtr: number; mem: Uint8Array } {
    const inCap = align16(this.chunkBytes + CARRY_BYTES);
    const ptr = this.kernel.reserve(inCap + encodedLength(inCap) + 16);
    const mem = new Uint8Array(this.kernel.memory.buffer); // after reserve, which may grow memory
    mem.set(this.carry.subarray(0, this.carried), ptr);
    mem.set(piece, ptr + this.carried);
    return { ptr, outPtr: ptr + inCap, mem };
  }

  /** Carries input bytes `usable` to `total` (from `ptr`) to the next call and copies the `written` output bytes to `out`. */
  protected settle(
    mem: Uint8Array,
    ptr: number,
    usable: number,
    total: number,
    output: { outPtr: number; written: number; out: Uint8Array; at: number },
  ): number {
    this.carried = total - usable;
    this.carry.set(mem.subarray(ptr + usable, ptr + total));
    const { outPtr, written, out, at } = output;
    out.set(mem.subarray(outPtr, outPtr + written), at);
    return written;
  }
}

/**
 * Streaming encoder: `push` any number of byte chunks of any size, then `finish`. Carries up to
 * two bytes between pushes so each kernel call sees a multiple of 3.
 */
export class Base64Encoder extends Base64Stream {
  maxOutput(n: number): number {
    return Math.ceil((this.carried + n) / 3) * 4;
  }

  protected run(piece: Uint8Array, out: Uint8Array, at: number, final: boolean): number {
    const n = this.carried + piece.length;
    const { ptr, outPtr, mem } = this.load(piece);
    const usable = final ? n : n - (n % 3);
    const written = this.kernel.encode(ptr, usable, outPtr, final ? this.flags | FINAL : this.flags);
    return this.settle(mem, ptr, usable, n, { outPtr, written, out, at });
  }
}

/**
 * Streaming validating decoder: `push` chunks of ASCII (whitespace anywhere, even across chunk
 * boundaries), then `finish`. Carries the characters after the last full quantum plus that
 * quantum itself, because padding is only valid in the very last quantum of the stream.
 * Throws InvalidBase64Error on the first invalid quantum.
 *
 * Most Base64 has no whitespace, or only a newline at its end: each piece is decoded as it is
 * (whitespace is invalid to the kernel) and only the carried tail is stripped. The first piece
 * that fails is stripped and decoded again, and so is every piece after it (wrapped text has
 * whitespace in every piece). The scan that stripping needs was 5% of a whole decode.
 */
export class Base64Decoder extends Base64Stream {
  /** Non-whitespace characters seen so far (0 at the end means blank input). */
  chars = 0;
  /** Set by the first piece with whitespace (or an invalid byte): from then on, strip before decoding. */
  private stripFirst = false;

  maxOutput(n: number): number {
    return maxDecodedLength(this.carried + n);
  }

  protected run(piece: Uint8Array, out: Uint8Array, at: number, final: boolean): number {
    const { ptr, outPtr, mem } = this.load(piece);
    const flags = final ? this.flags | FINAL : this.flags;
    const carried = this.carried; // already stripped and counted
    if (!this.stripFirst) {
      const usable = usableChars(carried + piece.length, final);
      const written = this.kernel.decode(ptr, usable, outPtr, flags);
      if (written >= 0) {
        const m = usable + this.kernel.stripWhitespace(ptr + usable, carried + piece.length - usable);
        this.chars += m - carried;
        return this.settle(mem, ptr, usable, m, { outPtr, written, out, at });
      }
      this.stripFirst = true;
    }
    const m = carried + this.kernel.stripWhitespace(ptr + carried, piece.length);
    this.chars += m - carried;
    const usable = usableChars(m, final);
    const written = this.kernel.decode(ptr, usable, outPtr, flags);
    if (written < 0) throw new InvalidBase64Error();
    return this.settle(mem, ptr, usable, m, { outPtr, written, out, at });
  }
}

/**
 * Characters of `m` to decode now: all of them in the final call; otherwise whole quanta, less
 * the last one, which may turn out to be the padded end of the stream.
 */
function usableChars(m: number, final: boolean): number {
  if (final) return m;
  const whole = m - (m % 4);
  return whole >= 4 ? whole - 4 : 0;
}

/**
 * Encodes `bytes` into `out` (room for `encodedLength(bytes.length, alphabet)` bytes, a RangeError
 * otherwise) and returns the characters written. Reusing `out` across calls saves the page faults
 * of a fresh output buffer, which cost more than the encoding itself.
 */
export function encodeInto(
  kernel: Base64Exports,
  bytes: Uint8Array,
  out: Uint8Array,
  alphabet: Alphabet = 'standard',
): number {
  const enc = new Base64Encoder(kernel, alphabet);
  const w = enc.pushInto(bytes, out);
  return w + enc.finishInto(out, w);
}

/**
 * Validating decode of ASCII bytes (whitespace ignored) into `out` (room for
 * `maxDecodedLength(ascii.length)` bytes, or at least the decoded size); returns the bytes written.
 * Throws InvalidBase64Error.
 */
export function decodeInto(
  kernel: Base64Exports,
  ascii: Uint8Array,
  out: Uint8Array,
  alphabet: Alphabet = 'standard',
): number {
  const dec = new Base64Decoder(kernel, alphabet);
  const w = dec.pushInto(ascii, out);
  return w + dec.finishInto(out, w);
}

/** One-shot encode to fresh ASCII bytes. */
export function encodeBytes(kernel: Base64Exports, bytes: Uint8Array, alphabet: Alphabet = 'standard'): Uint8Array {
  const result = new Uint8Array(encodedLength(bytes.length, alphabet));
  encodeInto(kernel, bytes, result, alphabet);
  return result;
}

/** One-shot validating decode of ASCII bytes (whitespace ignored) to fresh bytes. Throws InvalidBase64Error. */
export function decodeBytes(kernel: Base64Exports, ascii: Uint8Array, alphabet: Alphabet = 'standard'): Uint8Array {
  const result = new Uint8Array(maxDecodedLength(ascii.length));
  return result.subarray(0, decodeInto(kernel, ascii, result, alphabet));
}
