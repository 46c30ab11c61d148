/**
 * The parallel CRC design shared by the Verilog and VHDL emitters and the testbenches: the
 * next-state equations read off the WASM-derived matrices (bit r of the next state is the XOR of
 * every state bit and data_in bit whose column has bit r set), their statistics, the output
 * mapping, the names and the header comment lines.
 */
import { countOf, GENERATOR_LINE } from '../comment';
import { designFileName, type HdlLanguage } from '../contract';
import { computeCrc, deriveMatrices, matrixBit, type CrcKernel, type CrcMatrices } from '../../crc/kernel';
import { bitsFromPoly, CHECK_INPUT, hex, polyText, type CrcParams } from '../../crc/params';
import type { CrcConfig } from './config';

/** Module/entity name: the ports are clk, rst, crc_en, data_in[D-1:0] and crc_out[W-1:0]. */
export const CRC_MODULE = 'crc';

/** The spec's download names: crc_module.v and crc_entity.vhd. */
export const CRC_FILE_STEM: Record<HdlLanguage, string> = { verilog: 'crc_module', vhdl: 'crc_entity' };

export function crcFileName(language: HdlLanguage): string {
  return designFileName(CRC_FILE_STEM[language], language);
}

export interface Equation {
  /** Indices of lfsr_q bits (state). */
  state: number[];
  /** Indices of data_in bits, already mapped to port positions (refin reverses the word). */
  data: number[];
}

export interface EquationStats {
  /** Two-input XOR gates without sharing: sum over equations of (terms - 1). */
  xorCount: number;
  /** Most terms in one equation, and which register bit has it. */
  deepestTerms: number;
  deepestBit: number;
  /** XOR tree depth of the deepest equation: ceil(log2(terms)). */
  deepestLevels: number;
}

/**
 * One equation per register bit. Without refin, G's column j multiplies data_in[j] (data_in[D-1]
 * is first in time); with refin data_in[0] is first, so column j multiplies data_in[D-1-j].
 */
export function equations(m: CrcMatrices, refin: boolean): Equation[] {
  const { width: w, dataWidth: d } = m;
  const out: Equation[] = [];
  for (let r = 0; r < w; r++) {
    const state: number[] = [];
    const data: number[] = [];
    for (let i = 0; i < w; i++) if (matrixBit(m, i, r)) state.push(i);
    for (let j = 0; j < d; j++) if (matrixBit(m, w + j, r)) data.push(refin ? d - 1 - j : j);
    data.sort((a, b) => a - b);
    out.push({ state, data });
  }
  return out;
}

export function equationStats(eqs: Equation[]): EquationStats {
  let xorCount = 0;
  let deepestTerms = 0;
  let deepestBit = 0;
  eqs.forEach((e, r) => {
    const terms = e.state.length + e.data.length;
    xorCount += Math.max(0, terms - 1);
    if (terms > deepestTerms) {
      deepestTerms = terms;
      deepestBit = r;
    }
  });
  return {
    xorCount,
    deepestTerms,
    deepestBit,
    deepestLevels: deepestTerms > 1 ? Math.ceil(Math.log2(deepestTerms)) : 0,
  };
}

export interface CrcDesign {
  params: CrcParams;
  dataWidth: number;
  /** One per register bit. */
  equations: Equation[];
  stats: EquationStats;
  /** CRC of "123456789" with these parameters (the catalogue's check value). */
  check: bigint;
}

/** Matrices in WASM -> equations; the check value from the kernel's bit-serial CRC. */
export function crcDesign(kernel: CrcKernel, { params, dataWidth }: CrcConfig): CrcDesign {
  const m = deriveMatrices(kernel, params.width, params.poly, dataWidth);
  const eqs = equations(m, params.refin);
  const check = computeCrc(kernel, params, CHECK_INPUT);
  return { params, dataWidth, equations: eqs, stats: equationStats(eqs), check };
}

/** Output bit k comes from register bit k, or W-1-k when refout; xorout bits invert it. */
export function outputSource(p: CrcParams, k: number): { bit: number; invert: boolean } {
  return { bit: p.refout ? p.width - 1 - k : k, invert: ((p.xorout >> BigInt(k)) & 1n) === 1n };
}

/** Which data_in bit is first in time (the bit-order contract). */
function bitOrderLines(dataWidth: number, refin: boolean): string[] {
  const d = dataWidth;
  const bytes = d % 8 === 0 && d > 8;
  // One data bit has no first and last: "data_in[0] is the first bit in time, data_in[0] the last".
  const order =
    d === 1
      ? 'one bit per clock on data_in[0].'
      : refin
        ? `data_in[0] is the first bit in time, data_in[${d - 1}] the last.`
        : `data_in[${d - 1}] is the first bit in time, data_in[0] the last.`;
  if (refin) {
    return [
      `Bit order (refin): ${order}`,
      bytes
        ? `A ${d}-bit word carries its first byte in data_in[7:0], each byte least significant bit first.`
        : 'Bytes enter least significant bit first.',
    ];
  }
  return [
    `Bit order: ${order}`,
    bytes
      ? `A ${d}-bit word carries its first byte in data_in[${d - 1}:${d - 8}], each byte most significant bit first.`
      : 'Bytes enter most significant bit first.',
  ];
}

/** Header comment lines naming the algorithm: polynomial, parameters, check value (both design families). */
export function algorithmLines(p: CrcParams, check: bigint): string[] {
  const w = p.width;
  return [
    `Polynomial: ${polyText(bitsFromPoly(w, p.poly))}`,
    `  (normal form ${hex(p.poly, w)}, width ${w})`,
    `Parameters: init ${hex(p.init, w)} (unreflected), refin ${p.refin}, refout ${p.refout}, xorout ${hex(p.xorout, w)}`,
    `Check value (CRC of the ASCII bytes "123456789"): ${hex(check, w)}`,
  ];
}

/** Header comment lines of the design file (both languages). */
export function headerLines(d: CrcDesign): string[] {
  const p = d.params;
  const w = p.width;
  const stats = d.stats;
  return [
    GENERATOR_LINE,
    `Parallel CRC: ${w}-bit register, ${countOf(d.dataWidth, 'data bit')} per clock.`,
    '',
    ...algorithmLines(p, d.check),
    '',
    ...bitOrderLines(d.dataWidth, p.refin),
    'rst is active high and asynchronous and loads init. On a rising clk edge with crc_en high',
    'the register absorbs the data_in bits. crc_out is the finished CRC of everything absorbed',
    `since reset: the register${p.refout ? ' bit-reversed (refout)' : ''} xor xorout.`,
    '',
    `XOR count: ${countOf(stats.xorCount, 'two-input XOR')} without sharing; deepest equation: ${countOf(stats.deepestTerms, 'term')}`,
    `  (register bit ${stats.deepestBit}, ${countOf(stats.deepestLevels, 'XOR level')}).`,
  ];
}

const TERMS_PER_LINE = 8;

/** XOR terms, TERMS_PER_LINE per line, continuation lines indented to `indent`. */
export function wrapTerms(terms: string[], sep: string, indent: string): string {
  const lines: string[] = [];
  for (let i = 0; i < terms.length; i += TERMS_PER_LINE) lines.push(terms.slice(i, i + TERMS_PER_LINE).join(sep));
  return lines.join(`${sep.trimEnd()}\n${indent}`);
}
