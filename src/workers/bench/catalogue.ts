/**
 * The comparisons the benchmark page runs in its worker: what each measures, on which side, and
 * the shape of a result. Plain data shared by the page (labels, table) and the worker (runs).
 */

export const MiB = 1 << 20;

/** `ours` and `theirs` name each side; `vs` is theirs in a word or two (the chart's labels). */
export const COMPARISONS = [
  {
    id: 'base64-encode',
    title: 'Base64 encode',
    ours: 'WASM kernel (Base64 tool)',
    theirs: 'Uint8Array.prototype.toBase64',
    vs: 'toBase64',
  },
  {
    id: 'base64-encode-btoa',
    title: 'Base64 encode',
    ours: 'WASM kernel (Base64 tool)',
    theirs: 'btoa (bytes as a binary string)',
    vs: 'btoa',
  },
  {
    id: 'base64-decode',
    title: 'Base64 decode',
    ours: 'WASM kernel (Base64 tool)',
    theirs: 'Uint8Array.fromBase64',
    vs: 'fromBase64',
  },
  {
    id: 'base64-decode-atob',
    title: 'Base64 decode',
    ours: 'WASM kernel (Base64 tool)',
    theirs: 'atob (then bytes)',
    vs: 'atob',
  },
  {
    id: 'json-format',
    title: 'JSON format (indent 2)',
    ours: 'WASM kernel (JSON tools)',
    theirs: 'JSON.stringify(JSON.parse(s), null, 2)',
    vs: 'JSON.parse + stringify',
  },
  {
    id: 'json-minify',
    title: 'JSON minify',
    ours: 'WASM kernel (JSON tools)',
    theirs: 'JSON.stringify(JSON.parse(s))',
    vs: 'JSON.parse + stringify',
  },
  {
    id: 'json-validate',
    title: 'JSON validate',
    ours: 'WASM kernel (JSON tools)',
    theirs: 'JSON.parse(s)',
    vs: 'JSON.parse',
  },
  {
    id: 'crc32',
    title: 'CRC-32',
    ours: 'WASM slicing-by-8 (CRC tools)',
    theirs: 'table-driven JavaScript (a byte per step)',
    vs: 'JavaScript table',
  },
  {
    id: 'png',
    title: 'PNG of a gradient',
    ours: 'WASM rasteriser + PNG encoder (Gradient tool)',
    theirs: 'OffscreenCanvas gradient + convertToBlob',
    vs: 'OffscreenCanvas',
  },
  {
    id: 'subnet',
    title: 'Subnet enumeration (IPv4 hosts)',
    ours: 'WASM SIMD fill (Subnet tool)',
    theirs: 'JavaScript loop (same pages)',
    vs: 'JavaScript loop',
  },
] as const;

export type ComparisonId = (typeof COMPARISONS)[number]['id'];
export type ComparisonInfo = (typeof COMPARISONS)[number];

export const COMPARISON_IDS: readonly ComparisonId[] = COMPARISONS.map((c) => c.id);

export function comparisonInfo(id: ComparisonId): ComparisonInfo {
  return COMPARISONS.find((c) => c.id === id)!; // every id is in the list by its type
}

/**
 * Largest input per comparison. JSON.parse of more than 64 MiB builds an object graph of
 * gigabytes, and its formatted text nears V8's longest string: the worker would die, not measure.
 */
const MAX_INPUT: Partial<Record<ComparisonId, number>> = {
  'json-format': 64 * MiB,
  'json-minify': 64 * MiB,
  'json-validate': 64 * MiB,
};

/** The input size a comparison runs at when `size` bytes are chosen. */
export function inputSize(id: ComparisonId, size: number): number {
  return Math.min(size, MAX_INPUT[id] ?? size);
}

/** One side's throughput; `mbPerS` in MiB/s of the comparison's input. */
export interface SideResult {
  name: string;
  mbPerS: number;
}

/** What the worker reports for one comparison (small: posted as one message). */
export interface ComparisonResult {
  id: ComparisonId;
  /** Input bytes measured (the chosen size, or the comparison's cap). */
  bytes: number;
  ours: SideResult;
  /** Null when this browser lacks the contender (e.g. no Uint8Array.fromBase64). */
  theirs: SideResult | null;
  /** Both sides produced the same result (checked before any ratio is reported). */
  same: boolean;
  /** What was compared and what was found, e.g. "identical Base64 text (5,592,408 characters)". */
  check: string;
  /** Timed samples per side (after one warm-up run, below 64 MiB). */
  samples: number;
}
