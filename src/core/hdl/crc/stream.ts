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
 * left with refin), and F_8k is a cascade of conditional multiplications by F_8, F_16, F_32, ...
 * selected by the bits of k (they commute: all are powers of the same companion matrix). The
 * data term G * d' depends on data only, so it is split into partial sums registered over P
 * stages; the state term stays in one cycle: the register's feedback is s_in -> cascade -> xor
 * with the registered data term.
 */
import { GENERATOR_LINE } from '../comment';
import { computeCrc, deriveMatrices, matrixBit, type CrcKernel, type CrcMatrices } from '../../crc/kernel';
import { bitsFromPoly, CHECK_INPUT, hex, polyText, type CrcParams } from '../../crc/params';
import type { CrcConfig } from './config';
import { equations } from './design';

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
  /** 2:1 multiplexer bits: start-of-packet select, the byte shifter and the state cascade. */
  muxes: number;
  flipFlops: number;
  /** Logic levels (XOR2 / MUX2) of each data stage; one entry for P = 0 (it shares the cycle with the feedback). */
  dataLevels: number[];
  /** Logic levels from the register through the feedback back to it. */
  feedbackLevels: number;
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
  /** Partial: per bit j of data_bytes, the rows of F_(8*2^j). */
  cascade: { bytes: number; rows: number[][] }[];
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
  const cascade = Array.from({ length: countBits }, (_, j) => {
    const n = 8 * 2 ** j;
    return { bytes: 2 ** j, rows: stateRows(n === d ? m : deriveMatrices(kernel, w, params.poly, n)) };
  });
  const feedback = partial ? [] : stateRows(m);
  const levels = pipelineLevels(dataTerms, stages);
  const design = { params, dataWidth: d, partial, stages, bytes, countBits, dataTerms, levels, feedback, cascade };
  return { ...design, check: computeCrc(kernel, params, CHECK_INPUT), stats: streamStats(design) };
}

/** Whether register bit r has a data term at all (some bits may have none when W > D). */
export const hasDataTerm = (d: Pick<StreamDesign, 'dataTerms'>, r: number): boolean => d.dataTerms[r]!.length > 0;

function streamStats(d: Omit<StreamDesign, 'check' | 'stats'>): StreamStats {
  const w = d.params.width;
  const dataXors = d.dataTerms.reduce((n, t) => n + Math.max(0, t.length - 1), 0);
  const withData = (r: number) => (hasDataTerm(d, r) ? 1 : 0);
  let feedbackXors = 0;
  let feedbackLevels = 1; // the start-of-packet multiplexer
  if (d.partial) {
    for (const { rows } of d.cascade) {
      feedbackXors += rows.reduce((n, row) => n + Math.max(0, row.length - 1), 0);
      feedbackLevels += levelsOf(Math.max(...rows.map((row) => row.length))) + 1;
    }
    feedbackXors += d.dataTerms.reduce((n, _t, r) => n + withData(r), 0);
    feedbackLevels += 1;
  } else {
    const terms = d.feedback.map((row, r) => row.length + withData(r));
    feedbackXors = terms.reduce((n, t) => n + Math.max(0, t - 1), 0);
    feedbackLevels += levelsOf(Math.max(...terms));
  }
  const shifterLevels = d.countBits;
  const muxes = w + d.countBits * w + d.countBits * d.dataWidth;
  const control = 2 + d.countBits; // crc_en, sop and data_bytes delayed per stage
  const flipFlops = w + 1 + d.levels.reduce((n, l) => n + l.size + control, 0);
  const mostTerms = Math.max(0, ...d.dataTerms.map((t) => t.length));
  const dataLevels = d.levels.length
    ? d.levels.map((l, p) => {
        const widest = Math.max(1, ...l.groups.flatMap((g) => g.map((s) => s.length)));
        return (p === 0 ? shifterLevels : 0) + levelsOf(widest);
      })
    : [shifterLevels + levelsOf(mostTerms)];
  return { dataXors, feedbackXors, muxes, flipFlops, dataLevels, feedbackLevels };
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
    `Parallel CRC for a wide data path: ${w}-bit register, ${d.dataWidth} data bits per beat,`,
    `  ${d.partial ? 'partial last word (data_bytes)' : 'full words only'}, ${d.stages} pipeline stage${d.stages === 1 ? '' : 's'}.`,
    '',
    `Polynomial: ${polyText(bitsFromPoly(w, p.poly))}`,
    `  (normal form ${hex(p.poly, w)}, width ${w})`,
    `Parameters: init ${hex(p.init, w)} (unreflected), refin ${p.refin}, refout ${p.refout}, xorout ${hex(p.xorout, w)}`,
    `Check value (CRC of the ASCII bytes "123456789"): ${hex(d.check, w)}`,
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
    `Latency: ${latency} clock cycle${latency === 1 ? '' : 's'}: a beat taken at clock edge t shows on crc_out and`,
    `  crc_valid after edge t + ${latency}${latency ? ` (the flat design: right after edge t)` : ''}. One beat per clock.`,
    '',
    'Structure: data term G*d (data only) registered in partial sums over the pipeline stages, then',
    `  s' = ${d.partial ? 'F_8k' : `F_${d.dataWidth}`}*s_in xor data term, s_in = sop ? init : register (one-cycle feedback).`,
    ...(d.partial
      ? [
          `  Partial word: data_in shifted by ${d.bytes} - data_bytes bytes towards the last byte (zeros fill`,
          `  the start, which leaves the data term unchanged), ${d.countBits} multiplexer stages; F_8k is a cascade`,
          `  of ${d.countBits} conditional stages (F_${d.cascade.map((c) => 8 * c.bytes).join(', F_')}) selected by the bits of data_bytes.`,
        ]
      : []),
    `XOR count: ${total} two-input XORs without sharing (data term ${s.dataXors}, feedback ${s.feedbackXors});`,
    `  ${s.muxes} 2:1 multiplexer bits; ${s.flipFlops} flip-flops.`,
    `Depth: data stage${s.dataLevels.length === 1 ? '' : 's'} ${s.dataLevels.join(', ')} levels; feedback (register to register) ${s.feedbackLevels} levels.`,
  ];
}
