/**
 * Synthesis suite: the designs the simulation suites simulate, synthesised in both languages
 * (tests/harness/synth.ts): Verilog with Yosys (synth, check -assert, no latches, no logic loops),
 * VHDL with ghdl --synth --std=08 and its netlist through the same Yosys checks.
 *
 * What is synthesised, per generator:
 * - UART and FSM: every configuration tests/hdl/uart.test.ts and fsm.test.ts simulate (fixed and
 *   the same seeded random ones).
 * - FIFO: every preset and all 64 option combinations. Memories above MEMORY_BITS_LIMIT stay
 *   memories (an FPGA flow maps them to block RAM); the rest become flip-flops.
 * - CRC: a CRC design differs from another of the same widths only in its XOR equations, and the
 *   simulation suites run some 700 of them (all would take Yosys half an hour), so this suite takes
 *   one catalogue algorithm per CRC width (21 widths) at an 8-bit bus, CRC-32 at each other
 *   simulated bus width, the simulated random parameter sets up to W x D = CRC_TERMS_LIMIT (the
 *   fuzzer draws more), and one wide bus (D = 512).
 * - CRC for wide data paths: the cases tests/hdl/crc-stream.test.ts simulates (partial last word
 *   and pipelining at every depth) up to D = 256; at D = 512 and 1024 every variant with CRC-16/ARC
 *   and one partial-word and one full-word variant with its simulated (wider) algorithm; mapped to
 *   6-input LUTs (`synth -lut 6`); the VHDL of D > 256 gets ghdl --synth without a second Yosys
 *   run on its netlist (minutes each).
 * - The widest case: one 256-bit FIFO with ECC, not all of them: its SECDED logic takes Yosys 4-9
 *   minutes and 1.4 GB (GHDL's netlist of it gets ghdl --synth only, not Yosys a second time).
 */
import { expect, it } from 'vitest';
import { describeWith } from '../harness/system';
import { synthesiseVerilog, synthesiseVhdl, type SynthOptions } from '../harness/synth';
import { TEST_SEED } from '../cases/seed';
import type { HdlFile, HdlLanguage } from '../../src/core/hdl/contract';
import { loadKernel } from '../../server/wasm';
import type { CrcKernel } from '../../src/core/crc/kernel';
import { paramsOf, predefinedAlgorithms } from '../../src/core/crc/catalogue';
import { createCrcGenerator, CRC_MODULE, MAX_PIPELINE_STAGES, type CrcConfig } from '../../src/core/hdl/crc';
import { fifoGenerator, MODULE_NAME as FIFO_MODULE } from '../../src/core/hdl/fifo';
import { fsmGenerator } from '../../src/core/hdl/fsm';
import { uartGenerator, UART_MODULE } from '../../src/core/hdl/uart';
import { catalogueSimulationCases, randomSimulationCases, SMALL_DATA_WIDTHS } from '../cases/crc-simulation';
import { streamCases } from '../cases/crc-stream-cases';
import { fifoConfig, memoryBits, optionFifoCases, presetFifoCases } from '../cases/fifo-cases';
import { fixedFsmCases, randomFsmCases } from '../cases/fsm-cases';
import { DIVIDER_ONE, highSpeedRealClock, presetUartCases, randomUartCases } from '../cases/uart-cases';

const SEED = TEST_SEED;
/** FIFO memories above this many bits are kept as memories (see SynthOptions.keepMemories). */
const MEMORY_BITS_LIMIT = 8192;
/** CRC random parameter sets are synthesised up to this many XOR inputs (W x D). */
const CRC_TERMS_LIMIT = 2048;
const TIMEOUT_MS = 600_000;

type Generate = (language: HdlLanguage) => HdlFile | Promise<HdlFile>;

/** Both languages of one design through synthesis. */
async function synthesiseBoth(generate: Generate, top: string, o: SynthOptions = {}): Promise<void> {
  const verilog = await generate('verilog');
  const vhdl = await generate('vhdl');
  await Promise.all([
    synthesiseVerilog({ [verilog.name]: verilog.text }, top, o),
    synthesiseVhdl({ [vhdl.name]: vhdl.text }, top, '08', o),
  ]);
}

let kernel: Promise<CrcKernel> | undefined;
const crcGenerate =
  (config: CrcConfig): Generate =>
  async (language) => {
    kernel ??= loadKernel<CrcKernel>('crc');
    return createCrcGenerator(await kernel).generate(config, language);
  };

/** The CRC cases described in the header. */
function crcCases(): { name: string; config: CrcConfig }[] {
  const algorithms = predefinedAlgorithms();
  const simulated = [...catalogueSimulationCases(algorithms, SEED), ...randomSimulationCases(16, SEED + 1)];
  const firstOfWidth = algorithms.filter((a, i) => algorithms.findIndex((b) => b.width === a.width) === i);
  const byteWide = firstOfWidth.map((a) => ({ name: `${a.name} D=8`, config: { params: paramsOf(a), dataWidth: 8 } }));
  const crc32 = algorithms.find((a) => a.name === 'CRC-32/ISO-HDLC');
  if (!crc32) throw new Error('CRC-32/ISO-HDLC is not in the catalogue');
  const otherWidths = SMALL_DATA_WIDTHS.filter((d) => d !== 8).map((dataWidth) => ({
    name: `CRC-32/ISO-HDLC D=${dataWidth}`,
    config: { params: paramsOf(crc32), dataWidth },
  }));
  const random = simulated
    .filter((c) => c.name.startsWith('random') && c.config.params.width * c.config.dataWidth <= CRC_TERMS_LIMIT)
    .map((c) => ({ name: `${c.name} D=${c.config.dataWidth}`, config: c.config }));
  const wide = { name: 'CRC-32/ISO-HDLC D=512 (the wide bus)', config: { params: paramsOf(crc32), dataWidth: 512 } };
  return [...byteWide, ...otherWidths, ...random, wide];
}

describeWith(['yosys', 'ghdl'], `Synthesis of generated HDL: Yosys and ghdl --synth (seed ${SEED})`, () => {
  // First, so its minutes overlap with the rest of the suite.
  const widest = fifoConfig({ dataWidth: 256, fifoDepth: 16, enableECC: true });
  it.concurrent(
    'FIFO 256 x 16 with ECC (the widest case, synthesised once)',
    async () => {
      expect(fifoGenerator.validate(widest)).toEqual([]);
      const verilog = fifoGenerator.generate(widest, 'verilog');
      const vhdl = fifoGenerator.generate(widest, 'vhdl');
      await Promise.all([
        synthesiseVerilog({ [verilog.name]: verilog.text }, FIFO_MODULE, { timeoutMs: 1_500_000 }),
        synthesiseVhdl({ [vhdl.name]: vhdl.text }, FIFO_MODULE, '08', { checkNetlist: false }),
      ]);
    },
    1_800_000,
  );

  const uartCases = [...presetUartCases(), highSpeedRealClock(), ...DIVIDER_ONE, ...randomUartCases(SEED)];
  for (const { name, config } of uartCases) {
    it.concurrent(
      `UART ${name}`,
      () => synthesiseBoth((l) => uartGenerator.generate(config, l), UART_MODULE),
      TIMEOUT_MS,
    );
  }

  for (const { name, config } of [...fixedFsmCases(), ...randomFsmCases(SEED)]) {
    it.concurrent(
      `FSM ${name}`,
      () => synthesiseBoth((l) => fsmGenerator.generate(config, l), config.moduleName),
      TIMEOUT_MS,
    );
  }

  for (const { name, config } of [...presetFifoCases(), ...optionFifoCases()]) {
    const keepMemories = memoryBits(config) > MEMORY_BITS_LIMIT;
    const kept = keepMemories ? ', memory kept as a memory' : '';
    const label = `FIFO ${name} (${config.dataWidth} x ${config.fifoDepth}${kept})`;
    it.concurrent(
      label,
      () => synthesiseBoth((l) => fifoGenerator.generate(config, l), FIFO_MODULE, { keepMemories }),
      TIMEOUT_MS,
    );
  }

  for (const { name, config } of crcCases()) {
    it.concurrent(`CRC ${name}`, () => synthesiseBoth(crcGenerate(config), CRC_MODULE), TIMEOUT_MS);
  }

  // Every variant at D <= 256 as simulated. At 512 and 1024 bits Yosys needs minutes for each
  // CRC-32/64 design on the CI machine's two cores, so there one partial-word and one full-word
  // variant keep their simulated algorithm, and every variant (each pipeline depth, with and
  // without a partial last word) is also synthesised with CRC-16/ARC: the same structure (the
  // partial-word table, the stages, the delayed controls) with narrower XOR trees, ~15 s each.
  // Simulation (crc-stream.test.ts) covers every variant at every width with the wide algorithms.
  const all = streamCases(SEED);
  const narrow = paramsOf(predefinedAlgorithms().find((a) => a.name === 'CRC-16/ARC')!);
  const synthesised = [
    ...all.filter(
      ({ config: c }) =>
        c.dataWidth <= 256 ||
        c.params.width <= narrow.width ||
        (c.partialLastWord ? c.pipelineStages === MAX_PIPELINE_STAGES : c.pipelineStages === 1),
    ),
    ...all
      .filter(({ config: c }) => c.dataWidth > 256 && c.params.width > narrow.width)
      .map(({ config: c }) => ({
        name: `CRC-16/ARC D=${c.dataWidth} ${c.partialLastWord ? 'partial' : 'full words'} P=${c.pipelineStages}`,
        config: { ...c, params: narrow },
      })),
  ];
  for (const { name, config } of synthesised) {
    it.concurrent(
      `CRC wide data path ${name} (synth -lut 6)`,
      // GHDL's netlist of the widest goes through ghdl --synth only: Yosys already maps the Verilog.
      () => synthesiseBoth(crcGenerate(config), CRC_MODULE, { lut: 6, checkNetlist: config.dataWidth <= 256 }),
      TIMEOUT_MS,
    );
  }
});
