/**
 * Format, minify and validate through the JSON WASM kernel (../json/kernel.ts), as run in the data
 * worker: text or a File/Blob streamed in chunks, output collected into a Blob (never one string
 * for big outputs), progress per chunk, and the first error worded and placed like the tree path
 * (../json/read.ts) places it: JSON.parse's words plus line and column.
 */
import {
  BytePosition,
  JsonKernelError,
  JsonStream,
  type JsonExports,
  type JsonKernelIndent,
  type JsonKernelMode,
} from '../json/kernel';
import type { DataOp } from '../ops/types';
import { MSG, jsonFailure } from '../messages';
import type { TextPosition } from '../position';
import type { JobProgress, JobResult } from './types';
import { blobChunks } from '../../blob-chunks';
import { DuplicateKeyScan, duplicateKeyNote } from '../json/duplicates';

const READ_CHUNK = 4 << 20;
/**
 * Output is gathered in one reused buffer and becomes a Blob part whenever this much is there.
 * Measured in Chromium (32 MiB): Blob parts of 1 MiB cost 106 ms, of 4 MiB 72 ms, of 16 MiB 49
 * ms, one of 32 MiB 28 ms; and fresh 4 MB arrays for every piece paid their page faults (about
 * 1 GB/s) on top. Reusing the buffer across jobs keeps its pages.
 */
const OUT_PART = 32 << 20;
let partBuffer = new Uint8Array(0);

interface KernelPlan {
  mode: JsonKernelMode;
  indent: JsonKernelIndent;
  empty: string;
  invalid: (detail: string) => string;
}

/** The kernel's job for a data action, or undefined when it needs the tree (sort keys, conversions). */
export function kernelPlan(op: DataOp): KernelPlan | undefined {
  if (op.kind !== 'format' && op.kind !== 'minify' && op.kind !== 'validate') return undefined;
  if (op.sortKeys) return undefined;
  const indent = op.kind === 'minify' ? 0 : op.indent;
  const base = indent === 0 ? { mode: 'minify' as const, indent: 2 as const } : { mode: 'format' as const, indent };
  if (op.kind === 'validate') return { ...base, empty: MSG.enterJsonToValidate, invalid: MSG.invalidJsonValidate };
  return {
    ...base,
    empty: op.kind === 'format' ? MSG.enterJsonToFormat : MSG.enterJsonToMinify,
    invalid: MSG.invalidJson,
  };
}

/**
 * Output bytes gathered into one reused buffer, a Blob part each time it fills; counts UTF-16
 * units with the kernel as they arrive and keeps the first `headBytes` for the preview.
 */
class Collector {
  private readonly parts: Blob[] = [];
  private readonly buf: Uint8Array;
  private at = 0;
  private readonly head: Uint8Array;
  private headAt = 0;
  units = 0;

  constructor(
    private readonly kernel: JsonExports,
    headBytes: number,
  ) {
    if (partBuffer.length < OUT_PART) partBuffer = new Uint8Array(OUT_PART);
    this.buf = partBuffer;
    this.head = new Uint8Array(headBytes);
  }

  /** Takes `b`, a view of WASM memory valid only during the call: it is copied. */
  emit = (b: Uint8Array) => {
    this.units += this.kernel.utf16Length(b.byteOffset, b.length);
    if (this.headAt < this.head.length) {
      const take = Math.min(b.length, this.head.length - this.headAt);
      this.head.set(b.subarray(0, take), this.headAt);
      this.headAt += take;
    }
    if (this.at + b.length > this.buf.length) this.flush();
    if (b.length > this.buf.length) this.parts.push(new Blob([b as Uint8Array<ArrayBuffer>]));
    else {
      this.buf.set(b, this.at);
      this.at += b.length;
    }
  };

  private flush() {
    if (this.at > 0) this.parts.push(new Blob([this.buf.subarray(0, this.at) as Uint8Array<ArrayBuffer>]));
    this.at = 0;
  }

  /** The whole output as text (small outputs only). */
  async text(): Promise<string> {
    if (this.parts.length === 0) return new TextDecoder().decode(this.buf.subarray(0, this.at));
    this.flush();
    return new Blob(this.parts).text();
  }

  blob(type: string): Blob {
    this.flush();
    return new Blob(this.parts, { type });
  }

  get headText(): string {
    return new TextDecoder().decode(this.head.subarray(0, this.headAt));
  }
}

/** Where a byte offset is in text (UTF-16 offset, line, column), reading a Blob up to it if need be. */
async function positionOf(input: Uint8Array | Blob, byteOffset: number): Promise<TextPosition> {
  const p = new BytePosition(byteOffset);
  if (input instanceof Uint8Array) {
    p.feed(input);
  } else {
    for (let off = 0; off < input.size; off += READ_CHUNK) {
      if (!p.feed(new Uint8Array(await input.slice(off, off + READ_CHUNK).arrayBuffer()))) break;
    }
  }
  return p.position;
}

/**
 * A position in pasted text: the kernel does not count a leading byte-order mark (a file's preview
 * does not show it), but the textarea's value holds it, so the offset that selects the error does.
 */
function inText(text: string, p: TextPosition): TextPosition {
  return text.charCodeAt(0) === 0xfeff ? { ...p, offset: p.offset + 1 } : p;
}

/** Where a byte offset of the input is. */
async function placed(input: string | Blob, byteOffset: number): Promise<TextPosition> {
  return typeof input === 'string'
    ? inText(input, await positionOf(new TextEncoder().encode(input), byteOffset))
    : positionOf(input, byteOffset);
}

/** An input that holds only whitespace (as String.prototype.trim sees it) asks for input instead. */
async function isBlank(input: string | Blob): Promise<boolean> {
  if (typeof input === 'string') return input.trim() === '';
  return input.size < READ_CHUNK && (await input.text()).trim() === '';
}

/** Runs a plan over text or a Blob; small outputs come back as text, big ones as a Blob + preview. */
export async function runKernelJob(
  kernel: JsonExports,
  plan: KernelPlan,
  input: string | Blob,
  onProgress: JobProgress | undefined,
  displayLimit: number,
  previewChars: number,
): Promise<JobResult> {
  if (typeof input === 'string' && (await isBlank(input))) return failed(plan.empty);
  const out = new Collector(kernel, previewChars * 4);
  const stream = new JsonStream(kernel, plan.mode, plan.indent);
  const keys = new DuplicateKeyScan();
  stream.watch = (piece) => keys.feed(piece);
  try {
    if (typeof input === 'string') {
      stream.pushText(input, out.emit); // in memory already: about 0.1 s for 30 MB, one progress step
    } else {
      // 4 MB chunks into reused buffers, the next one read while the kernel runs on this one.
      let read = 0;
      for await (const chunk of blobChunks(input, READ_CHUNK)) {
        stream.push(chunk, out.emit);
        read += chunk.length;
        onProgress?.(Math.round((950 * read) / input.size));
      }
    }
    stream.finish();
  } catch (e) {
    if (!(e instanceof JsonKernelError)) throw e;
    if (typeof input !== 'string' && e.detail === 'Unexpected end of JSON input' && (await isBlank(input)))
      return failed(plan.empty);
    const position = await placed(input, e.byteOffset);
    return { ...failed(jsonFailure({ detail: e.detail, position, tooDeep: e.tooDeep }, plan.invalid)), position };
  }
  const note = keys.first && duplicateKeyNote(keys, await placed(input, keys.first.byteOffset), 'asWritten');
  const base = { ok: true, status: MSG.validJson, note, outputLength: out.units };
  if (out.units <= displayLimit) {
    const text = await out.text();
    return { ...base, output: text, preview: text };
  }
  return { ...base, outputBlob: out.blob('application/json'), preview: out.headText.slice(0, previewChars) };
}

function failed(status: string): JobResult {
  return { ok: false, status, preview: '', outputLength: 0 };
}

/** The kernel's verdict on JSON text: undefined when valid, else JSON.parse's words and the position. */
export function checkJson(
  kernel: JsonExports,
  text: string,
): { detail: string; position: TextPosition; tooDeep?: number } | undefined {
  const stream = new JsonStream(kernel, 'validate');
  try {
    stream.pushText(text);
    stream.finish();
    return undefined;
  } catch (e) {
    if (!(e instanceof JsonKernelError)) throw e;
    const p = new BytePosition(e.byteOffset);
    p.feed(new TextEncoder().encode(text));
    return { detail: e.detail, position: inText(text, p.position), tooDeep: e.tooDeep };
  }
}
