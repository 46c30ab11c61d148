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
import { MSG } from '../messages';
import { describePosition, type TextPosition } from '../position';
import type { JobProgress, JobResult } from './types';

const READ_CHUNK = 4 << 20;
/** Output is gathered in pieces of this size before becoming Blob parts. */
const OUT_PIECE = 4 << 20;

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

/** Output bytes gathered into big pieces; counts UTF-16 units with the kernel as they arrive. */
class Collector {
  parts: Uint8Array<ArrayBuffer>[] = [];
  private piece = new Uint8Array(OUT_PIECE);
  private at = 0;
  bytes = 0;
  units = 0;

  constructor(private readonly kernel: JsonExports) {}

  emit = (b: Uint8Array) => {
    this.units += this.kernel.utf16Length(b.byteOffset, b.length);
    this.bytes += b.length;
    let off = 0;
    while (off < b.length) {
      const n = Math.min(b.length - off, OUT_PIECE - this.at);
      this.piece.set(b.subarray(off, off + n), this.at);
      this.at += n;
      off += n;
      if (this.at === OUT_PIECE) this.flush();
    }
  };

  flush() {
    if (this.at === 0) return;
    this.parts.push(this.at === OUT_PIECE ? this.piece : this.piece.slice(0, this.at));
    this.piece = new Uint8Array(OUT_PIECE);
    this.at = 0;
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
  const out = new Collector(kernel);
  const stream = new JsonStream(kernel, plan.mode, plan.indent);
  try {
    if (typeof input === 'string') {
      stream.pushText(input, out.emit); // in memory already: about 0.1 s for 30 MB, one progress step
    } else {
      for (let off = 0; off < input.size; off += READ_CHUNK) {
        stream.push(new Uint8Array(await input.slice(off, off + READ_CHUNK).arrayBuffer()), out.emit);
        onProgress?.(Math.round((950 * Math.min(input.size, off + READ_CHUNK)) / input.size));
      }
    }
    stream.finish();
  } catch (e) {
    if (!(e instanceof JsonKernelError)) throw e;
    if (typeof input !== 'string' && e.detail === 'Unexpected end of JSON input' && (await isBlank(input)))
      return failed(plan.empty);
    const position = await positionOf(
      typeof input === 'string' ? new TextEncoder().encode(input) : input,
      e.byteOffset,
    );
    return { ...failed(plan.invalid(`${e.detail} (${describePosition(position)})`)), position };
  }
  out.flush();
  const base = { ok: true, status: MSG.validJson, outputLength: out.units };
  if (out.units <= displayLimit) {
    const text = new TextDecoder().decode(
      out.parts.length === 1 ? out.parts[0] : await new Blob(out.parts).arrayBuffer(),
    );
    return { ...base, output: text, preview: text };
  }
  const preview = new TextDecoder().decode(out.parts[0]!.subarray(0, previewChars * 4)).slice(0, previewChars);
  return { ...base, outputBlob: new Blob(out.parts, { type: 'application/json' }), preview };
}

function failed(status: string): JobResult {
  return { ok: false, status, preview: '', outputLength: 0 };
}

/** The kernel's verdict on JSON text: undefined when valid, else JSON.parse's words and the position. */
export function checkJson(kernel: JsonExports, text: string): { detail: string; position: TextPosition } | undefined {
  const stream = new JsonStream(kernel, 'validate');
  try {
    stream.pushText(text);
    stream.finish();
    return undefined;
  } catch (e) {
    if (!(e instanceof JsonKernelError)) throw e;
    const p = new BytePosition(e.byteOffset);
    p.feed(new TextEncoder().encode(text));
    return { detail: e.detail, position: p.position };
  }
}
