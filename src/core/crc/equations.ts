/**
 * Next-state equations of the parallel CRC register, read off the matrices: bit r of the next
 * state is the XOR of every state bit and data_in bit whose column has bit r set.
 */
import { matrixBit, type CrcMatrices } from './kernel';

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
  return { xorCount, deepestTerms, deepestBit, deepestLevels: deepestTerms > 1 ? Math.ceil(Math.log2(deepestTerms)) : 0 };
}
