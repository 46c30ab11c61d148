/**
 * Each comparison: its input, our side (the kernels and wrappers the tools use), the browser's or
 * JavaScript's side, and the check that both gave the same result. Runs in the benchmark worker,
 * and in Node for the unit tests (where the browser-only sides are missing).
 */
import { decodeBytes, encodeBytes, type Base64Exports } from '../../core/base64/kernel';
import { crc32, type Crc32Exports } from '../../core/crc/crc32';
import { JsonStream, type JsonExports, type JsonKernelMode } from '../../core/data/json/kernel';
import { defaultGradient } from '../../core/gradient/model';
import { makePlan } from '../../core/gradient/plan';
import { concatChunks, encodePng, type PngExports } from '../../core/gradient/png';
import {
  fillPageReference,
  PAGE_ROWS,
  WasmPager,
  type ListSpec,
  type SubnetExports,
} from '../../core/subnet/enumerate';
import { parseIpv4 } from '../../core/subnet/ipv4';
import type { ComparisonId } from './catalogue';
import { sameBytes, samePixels, sameText, type Check } from './checks';
import { binaryBytes, binaryString, canvasPng, crc32Table, hasCanvas, nativeBase64 } from './contenders';
import { imageSize, randomBytes, roundTripJson } from './inputs';

/** The WASM modules, each instantiated on first use. */
export interface Kernels {
  base64(): Promise<Base64Exports>;
  json(): Promise<JsonExports>;
  crc(): Promise<Crc32Exports>;
  png(): Promise<PngExports>;
  subnet(): Promise<SubnetExports>;
}

/** A comparison with its input made: run either side (as often as timing needs), then check. */
export interface Prepared {
  ours(): unknown;
  /** Null when this runtime lacks the contender. */
  theirs: (() => unknown) | null;
  /** Compares the (awaited) outputs of one run of each side. */
  check(ours: unknown, theirs: unknown): Check | Promise<Check>;
}

/** Keeps the output types of the two sides and their check in step, then erases them. */
function pair<O, T>(p: {
  ours: () => O;
  theirs: (() => T) | null;
  check: (ours: Awaited<O>, theirs: Awaited<T>) => Check | Promise<Check>;
}): Prepared {
  return p as unknown as Prepared;
}

const hex32 = (n: number) => `0x${n.toString(16).padStart(8, '0')}`;

async function base64Encode(k: Kernels, bytes: number, btoaSide: boolean): Promise<Prepared> {
  const kernel = await k.base64();
  const data = randomBytes(bytes);
  const native = nativeBase64;
  return pair({
    ours: () => encodeBytes(kernel, data),
    theirs: btoaSide ? () => btoa(binaryString(data)) : native && (() => native.encode(data)),
    check: (ours, text) => sameText(ours, text, 'Base64 text'),
  });
}

async function base64Decode(k: Kernels, bytes: number, atobSide: boolean): Promise<Prepared> {
  const kernel = await k.base64();
  const data = randomBytes(Math.floor(bytes / 4) * 3);
  const ascii = encodeBytes(kernel, data); // `bytes` characters of Base64
  const text = new TextDecoder().decode(ascii);
  const native = nativeBase64;
  return pair({
    ours: () => decodeBytes(kernel, ascii),
    theirs: atobSide ? () => binaryBytes(atob(text)) : native && (() => native.decode(text)),
    check: (ours, theirs) => {
      const original = sameBytes(ours, data, 'decoded bytes');
      return original.same ? sameBytes(ours, theirs, 'decoded bytes') : original;
    },
  });
}

async function json(k: Kernels, bytes: number, mode: JsonKernelMode): Promise<Prepared> {
  const kernel = await k.json();
  const { text, bytes: input } = roundTripJson(bytes);
  /** Bytes to output pieces, as the data worker's file pipeline runs the kernel. */
  const ours = () => {
    const parts: Uint8Array[] = [];
    const stream = new JsonStream(kernel, mode);
    stream.push(input, (b) => parts.push(b.slice()));
    stream.finish();
    return parts;
  };
  if (mode === 'validate') {
    return pair({
      ours: () => (ours(), true),
      theirs: () => (JSON.parse(text), true),
      check: (a, b) => ({
        same: a === b,
        detail: `both accept the document (${input.length.toLocaleString('en-US')} bytes)`,
      }),
    });
  }
  return pair({
    ours,
    theirs: () => (mode === 'format' ? JSON.stringify(JSON.parse(text), null, 2) : JSON.stringify(JSON.parse(text))),
    check: (parts, out) => sameText(concatChunks(parts), out, mode === 'format' ? 'formatted text' : 'minified text'),
  });
}

async function crc(k: Kernels, bytes: number): Promise<Prepared> {
  const kernel = await k.crc();
  const data = randomBytes(bytes);
  return pair({
    ours: () => crc32(kernel, data),
    theirs: () => crc32Table(data),
    check: (a, b) => ({
      same: a === b,
      detail: a === b ? `same CRC-32 (${hex32(a)})` : `CRC-32 differs (${hex32(a)} vs ${hex32(b)})`,
    }),
  });
}

async function png(k: Kernels, bytes: number): Promise<Prepared> {
  const kernel = await k.png();
  const { width, height } = imageSize(bytes);
  const gradient = defaultGradient(); // linear, 90deg: the Gradient tool's default
  return pair({
    ours: () => new Blob(encodePng(kernel, makePlan(gradient, width, height)), { type: 'image/png' }),
    theirs: hasCanvas ? () => canvasPng(gradient, width, height) : null,
    check: (a, b) => samePixels(a, b, width, height),
  });
}

async function subnet(k: Kernels, bytes: number): Promise<Prepared> {
  const pager = new WasmPager(await k.subnet());
  const rows = Math.floor(bytes / 4); // one u32 address per row
  const spec: ListSpec = { kind: 'hosts', network: parseIpv4('16.0.0.0')!, cidr: 4, childCidr: 4 };
  const page = new Uint32Array(PAGE_ROWS);
  /** Visits every page of the list; returns a digest of the last row of each (keeps the work live). */
  const pages = (fill: (start: number, count: number) => Uint32Array) => {
    let digest = 0;
    for (let start = 0; start < rows; start += PAGE_ROWS) {
      const count = Math.min(PAGE_ROWS, rows - start);
      digest = (digest * 31 + fill(start, count)[count - 1]!) >>> 0;
    }
    return digest;
  };
  const reference = (start: number, count: number) => {
    const v = page.subarray(0, count);
    fillPageReference(spec, start, v);
    return v;
  };
  return pair({
    ours: () => pages((start, count) => pager.fill(spec, start, count)),
    theirs: () => pages(reference),
    check: () => {
      // Every row, page by page (the timed runs keep only a digest).
      for (let start = 0; start < rows; start += PAGE_ROWS) {
        const count = Math.min(PAGE_ROWS, rows - start);
        const wasm = pager.fill(spec, start, count).slice();
        const js = reference(start, count);
        const at = wasm.findIndex((v, i) => v !== js[i]);
        if (at >= 0) return { same: false, detail: `host ${(start + at).toLocaleString('en-US')} differs` };
      }
      return { same: true, detail: `identical addresses (${rows.toLocaleString('en-US')} hosts)` };
    },
  });
}

const PREPARE: Record<ComparisonId, (k: Kernels, bytes: number) => Promise<Prepared>> = {
  'base64-encode': (k, n) => base64Encode(k, n, false),
  'base64-encode-btoa': (k, n) => base64Encode(k, n, true),
  'base64-decode': (k, n) => base64Decode(k, n, false),
  'base64-decode-atob': (k, n) => base64Decode(k, n, true),
  'json-format': (k, n) => json(k, n, 'format'),
  'json-minify': (k, n) => json(k, n, 'minify'),
  'json-validate': (k, n) => json(k, n, 'validate'),
  crc32: crc,
  png,
  subnet,
};

/** Makes the input of comparison `id` at `bytes` and binds both sides to it. */
export function prepare(id: ComparisonId, kernels: Kernels, bytes: number): Promise<Prepared> {
  return PREPARE[id](kernels, bytes);
}
