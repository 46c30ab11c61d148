/**
 * The CRC generator (the shared HDL contract): crc_module.v / crc_entity.vhd and testbenches.
 * It runs on the CRC WASM kernel (matrices, check values), so it is made for a loaded kernel; the
 * server, the worker, tests and benchmarks each pass their own.
 */
import { defineHdlGenerator, type HdlGenerator } from '../contract';
import { computeCrc, type CrcKernel } from '../../crc/kernel';
import { validateCrcConfig, type CrcConfig } from './config';
import { CRC_FILE_STEM, crcDesign, type CrcDesign, type EquationStats } from './design';
import { crcScenario, type CrcScenario, type CrcTestbenchOptions } from './testbench';
import { generateCrcTestbenchVerilog } from './testbench-verilog';
import { generateCrcTestbenchVhdl } from './testbench-vhdl';
import { generateCrcVerilog } from './verilog';
import { generateCrcVhdl } from './vhdl';

export * from './config';
export { crcFileName, CRC_MODULE } from './design';
export { TB_FAIL, TB_NAME, TB_PASS, type CrcScenario, type CrcStep, type CrcTestbenchOptions } from './testbench';

/** The live figures of the page: check value and equation statistics (XOR count, deepest equation). */
export interface CrcSummary extends EquationStats {
  /** CRC of "123456789" with the given parameters. */
  check: bigint;
}

export type CrcGenerator = HdlGenerator<CrcConfig, CrcSummary, CrcTestbenchOptions>;

/** What testbench() simulates and expects, step by step (tests check it against their own model). */
export function crcTestbenchScenario(kernel: CrcKernel, config: CrcConfig, o: CrcTestbenchOptions = {}): CrcScenario {
  return crcScenario(config.params, config.dataWidth, (bytes) => computeCrc(kernel, config.params, bytes), o);
}

export function createCrcGenerator(kernel: CrcKernel): CrcGenerator {
  const scenario = (d: CrcDesign, o: CrcTestbenchOptions) => crcTestbenchScenario(kernel, d, o);
  return defineHdlGenerator({
    validate: validateCrcConfig,
    design: (config: CrcConfig) => crcDesign(kernel, config),
    fileStem: (_d, language) => CRC_FILE_STEM[language],
    emit: { verilog: generateCrcVerilog, vhdl: generateCrcVhdl },
    emitTestbench: {
      verilog: (d, o: CrcTestbenchOptions) => generateCrcTestbenchVerilog(scenario(d, o)),
      vhdl: (d, o: CrcTestbenchOptions) => generateCrcTestbenchVhdl(scenario(d, o)),
    },
    summary(config: CrcConfig): CrcSummary {
      const d = crcDesign(kernel, config);
      return { check: d.check, ...d.stats };
    },
  });
}
