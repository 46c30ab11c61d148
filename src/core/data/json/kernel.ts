/**
 * The JSON WASM kernel's exports and a streaming wrapper shared by the data worker, tests and
 * benchmarks (assembly/json.ts). Bytes in, bytes out: strings and number literals are copied
 * byte for byte; errors come back as a code and a byte offset, worded here like V8's JSON.parse
 * words them (the messages the data tools have always shown).
 */
import type { KernelExports } from '../../wasm/instantiate';
import { copyIn } from '../../wasm/memory';

export interface JsonExports extends KernelExports {
  begin(mode: number, indentByte: number, count: number): void;
  /** Input bytes consumed, or -1 on an error. */
  run(src: number, len: number, dst: number, cap: number): number;
  finish(): number;
  outputLength(): number;
  errorCode(): number;
  errorOffset(): number;
  /** UTF-16 units of the UTF-8 text at ptr. */
  utf16Length(ptr: number, len: number): number;
  /** LF bytes in the text at ptr. */
  lineBreaks(ptr: number, len: number): number;
}

export type JsonKernelMode = 'validate' | 'minify' | 'format';
/** Spaces per level, or a tab per level. */
export type JsonKernelIndent = 2 | 4 | 'tab';

/** Receives output bytes; the view points into WASM memory and is valid only during the call. */
type Emit = (bytes: Uint8Array) => void;

/** Output room the kernel keeps free (assembly/json.ts ROOM) plus slack. */
const KERNEL_ROOM = 32 * 1024;
const CHUNK_BYTES = 1 << 20;

const MESSAGES: Record<number, string> = {
  1: 'Unexpected end of JSON input',
  3: 'Unexpected number in JSON',
  4: 'Unexpected string in JSON',
  5: 'Unexpected non-whitespace character after JSON',
  6: 'Bad control character in string literal in JSON',
  7: 'Bad escaped character in JSON',
  8: 'Bad Unicode escape in JSON',
  9: 'Unterminated string in JSON',
  10: "Expected property name or '}' in JSON",
  11: 'Expected double-quoted property name in JSON',
  12: "Expected ':' after property name in JSON",
  13: "Expected ',' or '}' after property value in JSON",
  14: "Expected ',' or ']' after array element in JSON",
  15: 'No number after minus sign in JSON',
  16: 'Unterminated fractional number in JSON',
  17: 'Exponent part is missing a number in JSON',
  18: 'JSON is nested too deeply',
};
const E_DEPTH = 18;
/** The kernel's nesting limit (assembly/json.ts MAX_DEPTH): deeper JSON is refused, not a crash. */
export const JSON_KERNEL_MAX_DEPTH = 4096;
const E_TOKEN = 2;

const encoder = new TextEncoder();

/** Whole inputs V8 names instead of their first character. */
const SPECIAL = new Set(['NaN', 'Infinity', 'undefined', '[object Object]']);

/** The first invalid byte of the input: `detail` mirrors JSON.parse without its position. */
export class JsonKernelError extends Error {
  constructor(
    readonly detail: string,
    /** Byte offset in the UTF-8 input (the input's length for errors at its end). */
    readonly byteOffset: number,
    /** Set when the JSON passed the nesting limit (at `byteOffset`): too deep, not invalid. */
    readonly tooDeep?: number,
  ) {
    super(detail);
    this.name = 'JsonKernelError';
  }
}

/** Bytes of the UTF-8 sequence that starts with byte `b`. */
const utf8Length = (b: number) => (b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1);

/**
 * The character starting at `i`, whole: V8 quotes only the first UTF-16 unit of a character beyond
 * U+FFFF (a lone surrogate, shown as U+FFFD), which the tools showed until 2026-11-30.
 */
function unitAt(bytes: Uint8Array, i: number): string {
  const s = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes.subarray(i, i + utf8Length(bytes[i]!)));
  return String.fromCodePoint(s.codePointAt(0)!);
}

/**
 * Streaming validator/formatter: `push` byte chunks of any size (split anywhere), then `finish`.
 * Throws JsonKernelError on the first error. One stream at a time per kernel instance.
 */
const BOM = [0xef, 0xbb, 0xbf];
const startsWithBom = (b: Uint8Array) => b.length >= BOM.length && BOM.every((x, i) => b[i] === x);

export class JsonStream {
  private readonly inPtr: number;
  private readonly outPtr: number;
  private readonly outCap: number;
  private head = '';
  private done = 0;
  /**
   * An unexpected character whose UTF-8 bytes the piece's end cut (its first bytes, at `offset`):
   * the error is thrown by the next push, which completes it, so that every chunking names the
   * same character (a random test found a pair of surrogates cut by a chunk edge quoted as U+FFFD).
   */
  private cutToken?: { offset: number; bytes: Uint8Array };
  /** 3 when the input began with a UTF-8 byte order mark, which the kernel never sees. */
  private bom = 0;
  /** Sees every piece of input before the kernel does (a view valid only during the call). */
  watch?: (piece: Uint8Array) => void;

  constructor(
    private readonly kernel: JsonExports,
    mode: JsonKernelMode,
    indent: JsonKernelIndent = 2,
    private readonly chunkBytes = CHUNK_BYTES,
  ) {
    this.outCap = mode === 'validate' ? KERNEL_ROOM : 2 * chunkBytes + KERNEL_ROOM;
    this.inPtr = kernel.reserve(chunkBytes + 16 + this.outCap);
    this.outPtr = this.inPtr + chunkBytes + 16;
    const m = mode === 'validate' ? 0 : mode === 'minify' ? 1 : 2;
    kernel.begin(m, indent === 'tab' ? 9 : 32, indent === 'tab' ? 1 : indent);
  }

  /** Input bytes consumed so far. */
  get consumed(): number {
    return this.done;
  }

  push(bytes: Uint8Array, emit?: Emit): void {
    for (let off = 0; off < bytes.length; off += this.chunkBytes) {
      const piece = bytes.subarray(off, off + this.chunkBytes);
      copyIn(this.kernel, piece, this.inPtr);
      this.runAt(this.inPtr, piece.length, emit);
    }
  }

  /**
   * Like push(new TextEncoder().encode(text)), but encoding piece by piece straight into the
   * kernel's memory (measured 3x faster than one big encode, and no input-sized copy).
   */
  pushText(text: string, emit?: Emit): void {
    const maxChars = Math.max(2, Math.floor(this.chunkBytes / 3));
    for (let i = 0; i < text.length;) {
      let j = Math.min(text.length, i + maxChars);
      const last = text.charCodeAt(j - 1);
      if (j < text.length && last >= 0xd800 && last <= 0xdbff) j--; // never split a surrogate pair
      const view = new Uint8Array(this.kernel.memory.buffer, this.inPtr, this.chunkBytes);
      const { read, written } = encoder.encodeInto(text.slice(i, j), view);
      this.runAt(this.inPtr, written, emit);
      i += read;
    }
  }

  /**
   * The kernel's input region (a view of its memory), for a caller that reads straight into it (no
   * copy) and then calls pushInPlace. A fresh view each time: a kernel call may grow memory.
   */
  inputRegion(): Uint8Array {
    return new Uint8Array(this.kernel.memory.buffer, this.inPtr, this.chunkBytes);
  }

  /** Like push() of the first `len` bytes of inputRegion(), which are in place already. */
  pushInPlace(len: number, emit?: Emit): void {
    this.runAt(this.inPtr, len, emit);
  }

  /** Runs the kernel over `len` bytes at `ptr` (as often as the output region requires). */
  private runAt(ptr: number, len: number, emit?: Emit): void {
    const k = this.kernel;
    this.watch?.(new Uint8Array(k.memory.buffer, ptr, len));
    // RFC 8259 lets a parser ignore a leading BOM, and files saved by Windows tools carry one
    // (jq and Python accept it). Error offsets still count it: they are offsets in the input.
    if (this.done === 0 && this.bom === 0 && startsWithBom(new Uint8Array(k.memory.buffer, ptr, len))) {
      this.bom = BOM.length;
      ptr += BOM.length;
      len -= BOM.length;
    }
    if (this.cutToken) {
      if (this.completeCutToken(new Uint8Array(k.memory.buffer, ptr, len))) throw this.cutTokenError();
      this.done += len;
      return;
    }
    if (this.done < 16) {
      this.head += new TextDecoder().decode(new Uint8Array(k.memory.buffer, ptr, Math.min(len, 16 - this.done)));
    }
    let at = 0;
    while (at < len) {
      const n = k.run(ptr + at, len - at, this.outPtr, this.outCap);
      if (n < 0) {
        const piece = new Uint8Array(k.memory.buffer, ptr, len);
        this.cutToken = this.cutCharacter(piece);
        if (!this.cutToken) throw this.error(piece, this.done);
        break;
      }
      const w = k.outputLength();
      if (w > 0 && emit) emit(new Uint8Array(k.memory.buffer, this.outPtr, w));
      at += n;
    }
    this.done += len;
  }

  finish(): void {
    if (this.cutToken) throw this.cutTokenError();
    if (this.kernel.finish() < 0) throw this.error(new Uint8Array(0), this.done);
  }

  private error(piece: Uint8Array, pieceStart: number): JsonKernelError {
    const code = this.kernel.errorCode();
    const offset = this.kernel.errorOffset();
    let detail = MESSAGES[code] ?? 'Invalid JSON';
    if (code === E_TOKEN) {
      detail =
        SPECIAL.has(this.head) && this.done + piece.length === this.head.length
          ? `"${this.head}" is not valid JSON`
          : `Unexpected token '${unitAt(piece, offset - pieceStart)}'`;
    }
    return new JsonKernelError(detail, offset + this.bom, code === E_DEPTH ? JSON_KERNEL_MAX_DEPTH : undefined);
  }

  /** The unexpected character of the kernel's error in `piece`, when the piece's end cuts it. */
  private cutCharacter(piece: Uint8Array): { offset: number; bytes: Uint8Array } | undefined {
    const offset = this.kernel.errorOffset();
    const i = offset - this.done;
    if (this.kernel.errorCode() !== E_TOKEN || i < 0 || i >= piece.length) return undefined;
    return i + utf8Length(piece[i]!) > piece.length ? { offset, bytes: piece.slice(i) } : undefined;
  }

  /** Adds the next bytes to a cut character; true once it is whole. */
  private completeCutToken(next: Uint8Array): boolean {
    const t = this.cutToken!;
    const missing = utf8Length(t.bytes[0]!) - t.bytes.length;
    t.bytes = new Uint8Array([...t.bytes, ...next.subarray(0, missing)]);
    return next.length >= missing;
  }

  /** The error of a cut character (still cut at the input's end: decoded as it is, like a whole run). */
  private cutTokenError(): JsonKernelError {
    const { offset, bytes } = this.cutToken!;
    return new JsonKernelError(`Unexpected token '${unitAt(bytes, 0)}'`, offset + this.bom);
  }
}

/**
 * Line, column (1-based, in UTF-16 units like a textarea) and UTF-16 offset of a byte offset,
 * counted over byte chunks fed in order (`feed` returns false once the offset is reached).
 * A CRLF counts as one line break, as in ./position.ts.
 */
export class BytePosition {
  line = 1;
  /** UTF-16 units before the offset and since the last line break. */
  units = 0;
  private lineUnits = 0;
  private seen = 0;

  constructor(private byteOffset: number) {}

  feed(bytes: Uint8Array): boolean {
    const stop = Math.min(bytes.length, this.byteOffset - this.seen);
    // A leading byte order mark is not part of the text (an editor does not show it).
    const from = this.seen === 0 && stop >= BOM.length && startsWithBom(bytes) ? BOM.length : 0;
    for (let i = from; i < stop; i++) {
      const b = bytes[i]!;
      if (b === 10) {
        this.line++;
        this.units += this.lineUnits + 1;
        this.lineUnits = 0;
      } else if ((b & 0xc0) !== 0x80) {
        this.lineUnits += b >= 0xf0 ? 2 : 1;
      }
    }
    this.seen += stop;
    return this.seen < this.byteOffset;
  }

  /**
   * Like feed() of `len` bytes at `ptr` in the kernel's memory that lie wholly before the offset,
   * counted by the kernel (16 bytes a step): for input that cannot be read again (stdin), each chunk
   * passes here and only the chunk holding an error is fed byte by byte.
   */
  skip(kernel: JsonExports, ptr: number, len: number): void {
    const bom = this.seen === 0 && startsWithBom(new Uint8Array(kernel.memory.buffer, ptr, len)) ? 1 : 0;
    const total = kernel.utf16Length(ptr, len) - bom; // the mark is one UTF-16 unit the text does not show
    const breaks = kernel.lineBreaks(ptr, len);
    if (breaks > 0) {
      const last = new Uint8Array(kernel.memory.buffer, ptr, len).lastIndexOf(10);
      const tail = kernel.utf16Length(ptr + last + 1, len - last - 1);
      this.line += breaks;
      this.units += this.lineUnits + total - tail;
      this.lineUnits = tail;
    } else this.lineUnits += total;
    this.seen += len;
  }

  /** A copy counted as far as this one. */
  copy(): BytePosition {
    return Object.assign(new BytePosition(this.byteOffset), this);
  }

  /** The position of `byteOffset`, in `bytes` (the chunk after those counted) or where the counting stands. */
  placeIn(bytes: Uint8Array, byteOffset: number): { offset: number; line: number; column: number } {
    this.byteOffset = byteOffset;
    this.feed(bytes);
    return this.position;
  }

  get position(): { offset: number; line: number; column: number } {
    return { offset: this.units + this.lineUnits, line: this.line, column: this.lineUnits + 1 };
  }
}

/** Runs the kernel over whole bytes or text; returns the output (empty for validate). Throws JsonKernelError. */
export function runJsonBytes(
  kernel: JsonExports,
  input: Uint8Array | string,
  mode: JsonKernelMode,
  indent: JsonKernelIndent = 2,
): Uint8Array {
  const parts: Uint8Array[] = [];
  let total = 0;
  const emit: Emit = (b) => {
    parts.push(b.slice());
    total += b.length;
  };
  const s = new JsonStream(kernel, mode, indent);
  if (typeof input === 'string') s.pushText(input, emit);
  else s.push(input, emit);
  s.finish();
  if (parts.length === 1) return parts[0]!;
  const out = new Uint8Array(total);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
