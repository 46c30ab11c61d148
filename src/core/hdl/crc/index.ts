/**
 * The CRC generator (the shared HDL contract): crc_module.v / crc_entity.vhd and testbenches.
 * It runs on the CRC WASM kernel (matrices, check values), so it is made for a loaded kernel; the
 * server, the worker, tests and benchmarks each pass their own.
 */
import { defineHdlGenerator, type HdlGenerator } from '../contract';
import { computeCrc, type CrcKernel } from '../../crc/kernel';
import { isStreamConfig, validateCrcConfig, type CrcConfig } from './config';
import { CRC_FILE_STEM, crcDesign, type CrcDesign, type EquationStats } from './design';
import { streamDesign, streamLatency, type StreamDesign, type StreamStats } from './stream/design';
import { generateCrcStreamVerilog } from './stream/verilog';
import { generateCrcStreamVhdl } from './stream/vhdl';
import { streamScenario } from './stream/testbench';
import { generateCrcStreamTestbenchVerilog } from './stream/testbench-verilog';
import { generateCrcStreamTestbenchVhdl } from './stream/testbench-vhdl';
import { crcScenario, type CrcScenario, type CrcTestbenchOptions } from './testbench';
import { generateCrcTestbenchVerilog } from './testbench-verilog';
import { generateCrcTestbenchVhdl } from './testbench-vhdl';
import { generateCrcVerilog } from './verilog';
import { generateCrcVhdl } from './vhdl';

export * from './config';
export { crcFileName, CRC_MODULE } from './design';
export { TB_FAIL, TB_NAME, TB_PASS, type CrcScenario, type CrcStep, type CrcTestbenchOptions } from './testbench';
export { streamScenario, type StreamCycle, type StreamScenario } from './stream/testbench';
export type { StreamStats } from './stream/design';

/** The live figures of the page: check value and equation statistics (XOR count, deepest equation). */
export interface CrcSummary extends EquationStats {
  /** CRC of "123456789" with the given parameters. */
  check: bigint;
  /** With a partial last word or pipelining: the emitted structure's figures and its latency in clocks. */
  stream?: StreamStats & { latency: number };
}

/** The classic single-cycle design, or the stream design (partial last word, pipelining). */
type AnyDesign =
  { kind: 'flat'; design: CrcDesign; config: CrcConfig } | { kind: 'stream'; design: StreamDesign; config: CrcConfig };

export type CrcGenerator = HdlGenerator<CrcConfig, CrcSummary, CrcTestbenchOptions>;

/** What testbench() simulates and expects, step by step (tests check it against their own model). */
export function crcTestbenchScenario(kernel: CrcKernel, config: CrcConfig, o: CrcTestbenchOptions = {}): CrcScenario {
  return crcScenario(config.params, config.dataWidth, (bytes) => computeCrc(kernel, config.params, bytes), o);
}

export function createCrcGenerator(kernel: CrcKernel): CrcGenerator {
  const scenario = (d: CrcConfig, o: CrcTestbenchOptions) => crcTestbenchScenario(kernel, d, o);
  const design = (config: CrcConfig): AnyDesign =>
    isStreamConfig(config)
      ? { kind: 'stream', design: streamDesign(kernel, config), config }
      : { kind: 'flat', design: crcDesign(kernel, config), config };
  return defineHdlGenerator({
    validate: validateCrcConfig,
    design,
    fileStem: (_d, language) => CRC_FILE_STEM[language],
    emit: {
      verilog: (d) => (d.kind === 'flat' ? generateCrcVerilog(d.design) : generateCrcStreamVerilog(d.design)),
      vhdl: (d) => (d.kind === 'flat' ? generateCrcVhdl(d.design) : generateCrcStreamVhdl(d.design)),
    },
    emitTestbench: {
      verilog: (d, o: CrcTestbenchOptions) =>
        d.kind === 'flat'
          ? generateCrcTestbenchVerilog(scenario(d.config, o))
          : generateCrcStreamTestbenchVerilog(streamScenario(d.config, o)),
      vhdl: (d, o: CrcTestbenchOptions) =>
        d.kind === 'flat'
          ? generateCrcTestbenchVhdl(scenario(d.config, o))
          : generateCrcStreamTestbenchVhdl(streamScenario(d.config, o)),
    },
    summary(config: CrcConfig): CrcSummary {
      const d = crcDesign(kernel, config);
      if (!isStreamConfig(config)) return { check: d.check, ...d.stats };
      const s = streamDesign(kernel, config);
      return { check: d.check, ...d.stats, stream: { ...s.stats, latency: streamLatency(s) } };
    },
  });
}
