/**
 * The stream design: the parallel CRC for wide data paths, used when a partial last word or
 * pipelining is asked for (the classic single-cycle register of design.ts is untouched otherwise).
 *
 * Next state, with s_in = init on a start-of-packet beat and the register otherwise:
 *
 *   full beats:       s' = F_D * s_in  xor  G * d
 *   k valid bytes:    s' = F_8k * s_in xor  G * d'   (d' = the k valid bytes moved to the end of
 *                                                     the word in time, zeros before them)
 *
 * Zeros fed first into a zero register leave it zero, so G * d' is exactly the k bytes'
 * contribution; F_8k advances the state by k bytes. d' is data_in shifted by N - k bytes (a
 * log2 cascade of byte-shift multiplexers, towards the last byte in time: right without refin,
 * left with refin). The data term G * d' depends on data only, so it is split into partial sums
 * registered over P stages. F_8k and F_8k * init depend on k only: a table of N + 1 entries
 * looked up by data_bytes beside the last data stage (and registered with it when pipelined)
 * gives A = sop ? 0 : F_8k and u = sop ? F_8k * init : 0, so the register's one-cycle feedback is
 * s' = A * register xor u xor data term: one AND-XOR whose depth does not grow with D.
 */
import { countOf, GENERATOR_LINE, levelsText } from '../../comment';
import { computeCrc, deriveMatrices, matrixBit, type CrcKernel, type CrcMatrices } from '../../../crc/kernel';
import { CHECK_INPUT, type CrcParams } from '../../../crc/params';
import type { CrcConfig } from '../config';
import { algorithmLines, equations } from '../design';

export interface StreamLevel {
  /** Per register bit: its partial sums at this stage, each a list of indices into the previous level's items of that bit. */
  groups: number[][][];
  /** Flat position of bit r's first sum in this stage's register vector. */
  offset: number[];
  /** Sums in this stage (the register vector's width). */
  size: number;
}

export interface StreamStats {
  /** Two-input XORs of the data term (G * d'), without sharing. */
  dataXors: number;
  /** Two-input XORs of the feedback (state term and the final xor with the data term). */
  feedbackXors: number;
  /** Two-input ANDs of the feedback (partial: table matrix bit and register bit); 0 otherwise. */
  feedbackAnds: number;
  /** Bits of the F_8k table (partial: entries x (W*W + W)); 0 otherwise. */
  tableBits: number;
  /** 2:1 multiplexer bits: start-of-packet select and the byte shifter. */
  muxes: number;
  flipFlops: number;
  /** Logic levels (XOR2 / MUX2) of each data stage; one entry for P = 0 (it shares the cycle with the feedback). */
  dataLevels: number[];
  /** Logic levels from the register through the feedback back to it. */
  feedbackLevels: number;
  /** Partial: levels of the table lookup (a data_bytes multiplexer tree, then the sop gate); 0 otherwise. */
  tableLevels: number;
}

/** The state advanced by k bytes: F_8k as row masks (bit i of mask r: state bit i feeds bit r) and F_8k * init. */
export interface AdvanceEntry {
  masks: bigint[];
  init: bigint;
}

export interface StreamDesign {
  params: CrcParams;
  dataWidth: number;
  partial: boolean;
  stages: number;
  /** N = D/8 (partial only; 0 otherwise). */
  bytes: number;
  /** Width of data_bytes (bits of N). */
  countBits: number;
  /** Per register bit: the data_in (or shifted word) bits of its data term. */
  dataTerms: number[][];
  /** Stages 1..P of the data term. */
  levels: StreamLevel[];
  /** Full beats: rows of F_D (state bits per register bit). */
  feedback: number[][];
  /** Partial: for k = 0..N, F_8k and F_8k * init. */
  table: AdvanceEntry[];
  /** Partial: per register bit, the register bits some entry of the table feeds into it. */
  columns: number[][];
  check: bigint;
  stats: StreamStats;
}

const levelsOf = (terms: number): number => (terms > 1 ? Math.ceil(Math.log2(terms)) : 0);

/** Bits needed for a count up to n. */
export const bitLength = (n: number): number => Math.floor(Math.log2(n)) + 1;

/** Rows of the state part of F: row r lists the state bits that feed register bit r. */
function stateRows(m: CrcMatrices): number[][] {
  return Array.from({ length: m.width }, (_, r) => {
    const row: number[] = [];
    for (let i = 0; i < m.width; i++) if (matrixBit(m, i, r)) row.push(i);
    return row;
  });
}

/**
 * F_8k for k = 0..n (F_0 = identity) by repeated multiplication with F_8, each with F_8k * init,
 * and per register bit the state bits that any entry feeds into it.
 */
function advanceTable(byteStep: number[][], n: number, w: number, init: bigint) {
  let m = Array.from({ length: w }, (_, r) => 1n << BigInt(r));
  let s = Array.from({ length: w }, (_, r) => Number((init >> BigInt(r)) & 1n));
  const used = m.slice();
  const table: AdvanceEntry[] = [];
  for (let k = 0; k <= n; k++) {
    table.push({ masks: m, init: s.reduce((v, b, r) => (b ? v | (1n << BigInt(r)) : v), 0n) });
    m.forEach((row, r) => (used[r]! |= row));
    // F_8(k+1) = F_8 * F_8k: row r is the xor of the rows of F_8k that F_8 feeds into bit r;
    // likewise F_8(k+1)*init from F_8k*init.
    const [prev, bits] = [m, s];
    m = byteStep.map((row) => row.reduce((acc, j) => acc ^ prev[j]!, 0n));
    s = byteStep.map((row) => row.reduce((acc, j) => acc ^ bits[j]!, 0));
  }
  const columns = used.map((u) => Array.from({ length: w }, (_, j) => j).filter((j) => (u >> BigInt(j)) & 1n));
  return { table, columns };
}

/** The smallest fan-in f with f^stages >= terms. */
function fanIn(terms: number, stages: number): number {
  let f = 2;
  while (f ** stages < terms) f++;
  return f;
}

function pipelineLevels(dataTerms: number[][], stages: number): StreamLevel[] {
  if (stages === 0) return [];
  const most = Math.max(1, ...dataTerms.map((t) => t.length));
  const f = fanIn(most, stages);
  const levels: StreamLevel[] = [];
  let counts = dataTerms.map((t) => t.length);
  for (let p = 0; p < stages; p++) {
    let size = 0;
    const offset: number[] = [];
    const groups = counts.map((n) => {
      offset.push(size);
      const g: number[][] = [];
      for (let c = 0; c < n; c += f) g.push(Array.from({ length: Math.min(f, n - c) }, (_, k) => c + k));
      size += g.length;
      return g;
    });
    levels.push({ groups, offset, size });
    counts = groups.map((g) => g.length);
  }
  return levels;
}

export function streamDesign(kernel: CrcKernel, c: CrcConfig): StreamDesign {
  const { params, dataWidth: d } = c;
  const w = params.width;
  const partial = Boolean(c.partialLastWord);
  const stages = c.pipelineStages ?? 0;
  const m = deriveMatrices(kernel, w, params.poly, d);
  const dataTerms = equations(m, params.refin).map((e) => e.data);
  const bytes = partial ? d / 8 : 0;
  const countBits = partial ? bitLength(bytes) : 0;
  const byteStep = () => stateRows(d === 8 ? m : deriveMatrices(kernel, w, params.poly, 8));
  const { table, columns } = partial ? advanceTable(byteStep(), bytes, w, params.init) : { table: [], columns: [] };
  const feedback = partial ? [] : stateRows(m);
  const levels = pipelineLevels(dataTerms, stages);
  const design = {
    params,
    dataWidth: d,
    partial,
    stages,
    bytes,
    countBits,
    dataTerms,
    levels,
    feedback,
    table,
    columns,
  };
  return { ...design, check: computeCrc(kernel, params, CHECK_INPUT), stats: streamStats(design) };
}

/** Bits of one table entry: F_8k (bit r*W + j set when state bit j feeds bit r), then F_8k * init. */
export const tableEntryBits = (d: Pick<StreamDesign, 'params'>): number => d.params.width ** 2 + d.params.width;

/** Table entry k as one number; 0 past the word (data_bytes above N is undefined). */
export function tableEntry(d: Pick<StreamDesign, 'params' | 'table'>, k: number): bigint {
  const e = d.table[k];
  if (!e) return 0n;
  const w = BigInt(d.params.width);
  return e.masks.reduce((v, m, r) => v | (m << (BigInt(r) * w)), e.init << (w * w));
}

/** A control input delayed alongside the data term. */
export interface ControlDelay {
  name: 'en' | 'sop' | 'bytes';
  port: 'crc_en' | 'sop' | 'data_bytes';
  /** Bits of a vector port (data_bytes, even when 1 bit wide); 0 for a single-bit port. */
  width: number;
  stages: number;
}

/**
 * crc_en travels to the register (P stages); with a partial word, sop and data_bytes travel to
 * the table, which sits in the last stage (P - 1 stages); otherwise sop goes to the feedback (P).
 */
export function controlDelays(d: Pick<StreamDesign, 'stages' | 'partial' | 'countBits'>): ControlDelay[] {
  const P = d.stages;
  const toTable = Math.max(0, P - 1);
  return [
    { name: 'en', port: 'crc_en', width: 0, stages: P },
    { name: 'sop', port: 'sop', width: 0, stages: d.partial ? toTable : P },
    ...(d.partial ? [{ name: 'bytes', port: 'data_bytes', width: d.countBits, stages: toTable } as const] : []),
  ];
}

/** The signal that carries a control input where it is used: the port, or its last delay register. */
export function delayedControl(
  d: Pick<StreamDesign, 'stages' | 'partial' | 'countBits'>,
  name: ControlDelay['name'],
): string {
  const c = controlDelays(d).find((x) => x.name === name)!;
  return c.stages ? `${name}_p${c.stages}` : c.port;
}

/** Whether register bit r has a data term at all (some bits may have none when W > D). */
export const hasDataTerm = (d: Pick<StreamDesign, 'dataTerms'>, r: number): boolean => d.dataTerms[r]!.length > 0;

function streamStats(d: Omit<StreamDesign, 'check' | 'stats'>): StreamStats {
  const w = d.params.width;
  const P = d.stages;
  const dataXors = d.dataTerms.reduce((n, t) => n + Math.max(0, t.length - 1), 0);
  const withData = (r: number) => (hasDataTerm(d, r) ? 1 : 0);
  // Partial: A*register xor u xor data term (sop folded into A and u); else F_D*s_in xor data term.
  const terms = d.partial
    ? d.columns.map((cols, r) => cols.length + 1 + withData(r))
    : d.feedback.map((row, r) => row.length + withData(r));
  const feedbackXors = terms.reduce((n, t) => n + Math.max(0, t - 1), 0);
  const feedbackAnds = d.columns.reduce((n, cols) => n + cols.length, 0);
  // Partial: an AND level, then the XOR tree; else the start-of-packet multiplexer, then the tree.
  const feedbackLevels = 1 + levelsOf(Math.max(...terms));
  const tableWidth = d.partial ? tableEntryBits(d) : 0;
  const muxes = (d.partial ? tableWidth : w) + d.countBits * d.dataWidth;
  const delayed = controlDelays(d).reduce((n, c) => n + Math.max(1, c.width) * c.stages, 0);
  const flipFlops = w + 1 + d.levels.reduce((n, l) => n + l.size, 0) + delayed + (P ? tableWidth : 0);
  const mostTerms = Math.max(0, ...d.dataTerms.map((t) => t.length));
  const shifterLevels = d.countBits;
  const dataLevels = d.levels.length
    ? d.levels.map((l, p) => {
        const widest = Math.max(1, ...l.groups.flatMap((g) => g.map((s) => s.length)));
        return (p === 0 ? shifterLevels : 0) + levelsOf(widest);
      })
    : [shifterLevels + levelsOf(mostTerms)];
  return {
    dataXors,
    feedbackXors,
    feedbackAnds,
    tableBits: d.table.length * tableWidth,
    tableLevels: d.partial ? d.countBits + 1 : 0,
    muxes,
    flipFlops,
    dataLevels,
    feedbackLevels,
  };
}

/** Clock edges between the edge that takes a beat and the one after which crc_out shows it. */
export const streamLatency = (d: Pick<StreamDesign, 'stages'>): number => d.stages;

/** The bit-order and byte-lane lines of the header. */
function portLines(d: StreamDesign): string[] {
  const { dataWidth: dw, params: p } = d;
  const lines = p.refin
    ? [`Bit order (refin): data_in[0] is the first bit in time; bytes least significant bit first.`]
    : [`Bit order: data_in[${dw - 1}] is the first bit in time; bytes most significant bit first.`];
  if (dw % 8 === 0 && dw > 8) {
    lines.push(
      p.refin
        ? `Byte lanes: the first byte in time is data_in[7:0], the last data_in[${dw - 1}:${dw - 8}].`
        : `Byte lanes: the first byte in time is data_in[${dw - 1}:${dw - 8}], the last data_in[7:0].`,
    );
  }
  return lines;
}

/** Header comment lines of a stream design (both languages). */
export function streamHeaderLines(d: StreamDesign): string[] {
  const p = d.params;
  const w = p.width;
  const s = d.stats;
  const latency = streamLatency(d);
  const total = s.dataXors + s.feedbackXors;
  const lanes = d.partial
    ? [
        `data_bytes[${d.countBits - 1}:0]: how many bytes of the beat are valid, 1..${d.bytes}, counted from the`,
        `  first byte in time (${p.refin ? `data_in[7:0]` : `data_in[${d.dataWidth - 1}:${d.dataWidth - 8}]`}); the other bytes are ignored. ${d.bytes} is a full`,
        '  word; 0 absorbs nothing; values above the word are undefined. Any beat may be partial',
        "  (usually a packet's last).",
      ]
    : [];
  return [
    GENERATOR_LINE,
    `Parallel CRC for a wide data path: ${w}-bit register, ${countOf(d.dataWidth, 'data bit')} per beat,`,
    `  ${d.partial ? 'partial last word (data_bytes)' : 'full words only'}, ${countOf(d.stages, 'pipeline stage')}.`,
    '',
    ...algorithmLines(p, d.check),
    '',
    'Ports:',
    "  rst (active high, asynchronous) loads init and clears the pipeline's valid bits.",
    '  crc_en: the beat on data_in is valid and is taken at this rising clk edge.',
    '  sop: start of packet: with crc_en, the CRC restarts from init with this beat, so packets run',
    '    back to back at one beat per clock with no reset between them.',
    ...portLines(d).map((l) => `  ${l}`),
    ...lanes.map((l) => `  ${l}`),
    `  crc_out: the finished CRC (register${p.refout ? ' bit-reversed' : ''} xor xorout) of the packet up to and`,
    '    including a beat; crc_valid is high for one clock when crc_out shows a new beat.',
    `Latency: ${countOf(latency, 'clock cycle')}: a beat taken at clock edge t shows on crc_out and`,
    `  crc_valid after edge t + ${latency}${latency ? ` (the flat design: right after edge t)` : ''}. One beat per clock.`,
    '',
    'Structure: data term G*d (data only) registered in partial sums over the pipeline stages, then',
    `  s' = ${d.partial ? 'F_8k' : `F_${d.dataWidth}`}*s_in xor data term, s_in = sop ? init : register (one-cycle feedback).`,
    ...(d.partial
      ? [
          `  Partial word: data_in shifted by ${d.bytes} - data_bytes bytes towards the last byte (zeros fill`,
          `  the start, which leaves the data term unchanged), ${countOf(d.countBits, 'multiplexer stage')}. F_8k (k = data_bytes)`,
          `  and F_8k*init come from a table of ${countOf(d.table.length, 'entry', 'entries')} (${countOf(s.tableBits, 'bit')}) looked up by data_bytes${d.stages ? ` and` : ','}`,
          `  ${d.stages ? `registered with the last data stage; ` : ''}sop is folded in: s' = A*register xor u xor data term, A = sop ? 0 : F_8k,`,
          '  u = sop ? F_8k*init : 0, so the feedback is one AND-XOR whatever the data width.',
        ]
      : []),
    `XOR count: ${countOf(total, 'two-input XOR')} without sharing (data term ${s.dataXors}, feedback ${s.feedbackXors});`,
    `  ${d.partial ? `${countOf(s.feedbackAnds, 'two-input AND')} in the feedback; ` : ''}${countOf(s.muxes, '2:1 multiplexer bit')}; ${countOf(s.flipFlops, 'flip-flop')}.`,
    `Depth: data stage${s.dataLevels.length === 1 ? '' : 's'} ${levelsText(s.dataLevels)}; ${d.partial ? `table lookup ${countOf(s.tableLevels, 'level')}; ` : ''}feedback (register to register) ${countOf(s.feedbackLevels, 'level')}.`,
  ];
}
