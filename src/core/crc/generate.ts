/** Matrices (WASM) -> equations -> HDL text: the one pipeline used by the server and the worker. */
import { computeCrc, deriveMatrices, type CrcKernel } from './kernel';
import { equationStats, equations, type EquationStats } from './equations';
import { emitHdl } from './hdl';
import { CHECK_INPUT, type CrcParams, type HdlLanguage } from './params';

export function generateHdlText(kernel: CrcKernel, params: CrcParams, dataWidth: number, language: HdlLanguage): string {
  const m = deriveMatrices(kernel, params.width, params.poly, dataWidth);
  return emitHdl(language, { params, dataWidth, equations: equations(m, params.refin), check: computeCrc(kernel, params, CHECK_INPUT) });
}

export interface CrcAnalysis extends EquationStats {
  /** CRC of "123456789" with the given parameters. */
  check: bigint;
}

/** Check value and equation statistics (XOR count, deepest equation). */
export function analyzeCrc(kernel: CrcKernel, params: CrcParams, dataWidth: number): CrcAnalysis {
  const m = deriveMatrices(kernel, params.width, params.poly, dataWidth);
  return { check: computeCrc(kernel, params, CHECK_INPUT), ...equationStats(equations(m, params.refin)) };
}
