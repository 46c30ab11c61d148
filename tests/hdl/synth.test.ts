/**
 * Synthesis suite: the designs the simulation suites simulate, synthesised in both languages
 * (tests/harness/synth.ts): Verilog with Yosys (synth, check -assert, no latches, no logic loops),
 * VHDL with ghdl --synth --std=08 and its netlist through the same Yosys checks.
 *
 * A failure here is structural (a latch, a loop, a missing driver, a construct that does not
 * elaborate), so `npm test` (and CI) synthesises every structure once and draws the rest with
 * TEST_SEED (fixed under CI, fresh on each local run); `SYNTH=full npm run test:hdl --
 * tests/hdl/synth.test.ts` synthesises every case below (about 20 minutes on two cores).
 * Per generator, full / sample:
 * - UART and FSM: every configuration tests/hdl/uart.test.ts and fsm.test.ts simulate / the fixed
 *   ones and 2 (UART) or 3 (FSM) of the seeded random ones.
 * - FIFO: every preset and all 64 option combinations / every preset and 4 combinations with
 *   their complements (each option both ways). Memories above MEMORY_BITS_LIMIT stay memories
 *   (an FPGA flow maps them to block RAM); the rest become flip-flops.
 * - CRC: one catalogue algorithm per CRC width (21 widths) at an 8-bit bus, CRC-32 at each other
 *   simulated bus width, the simulated random parameter sets up to W x D = CRC_TERMS_LIMIT, and
 *   one wide bus (D = 512) / 4, 2 and 3 of those and no 512-bit bus (the wide data paths have one).
 * - CRC for wide data paths, mapped to 6-input LUTs (`synth -lut 6`): the cases
 *   tests/hdl/crc-stream.test.ts simulates (partial last word and pipelining at every depth) up
 *   to D = 256; at D = 512 and 1024 every variant with CRC-16/ARC and one partial-word and one
 *   full-word variant with its simulated (wider) algorithm / each of the 7 variants once up to
 *   D = 256 (drawn from its cases up to W x D = 32 x 32) and one CRC-16/ARC variant above. The
 *   VHDL of D > 256 gets ghdl --synth without a second Yosys run on its netlist (minutes each).
 * - The widest case, both ways: one 256-bit FIFO with ECC (GHDL's netlist of it gets ghdl --synth
 *   only, not Yosys a second time).
 */
import { expect, it } from 'vitest';
import { describeWith } from '../harness/system';
import { synthesiseVerilog, synthesiseVhdl, type SynthOptions } from '../harness/synth';
import { TEST_SEED } from '../cases/seed';
import { randomInt, seededRandom } from '../../src/core/random';
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
/** Every case, not the seeded sample (see the header). */
const FULL = process.env.SYNTH === 'full';
const draw = seededRandom(SEED + 7);

/** All of `cases` under SYNTH=full, otherwise `n` of them drawn with the seed (in their order). */
function sample<T>(cases: readonly T[], n: number): T[] {
  if (FULL || cases.length <= n) return [...cases];
  const picked = new Set<number>();
  while (picked.size < n) picked.add(randomInt(draw, cases.length));
  return cases.filter((_, i) => picked.has(i));
}

/** All 64 option combinations, or 4 drawn and their complements: each option both ways. */
function fifoOptionCases(): ReturnType<typeof optionFifoCases> {
  const all = optionFifoCases();
  if (FULL) return all;
  const drawn = sample(all.slice(0, 32), 4);
  return [...drawn, ...drawn.map((c) => all[63 - all.indexOf(c)]!)];
}

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
  if (!FULL) return [...sample(byteWide, 4), ...sample(otherWidths, 2), ...sample(random, 3)];
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

  const uartCases = [...presetUartCases(), highSpeedRealClock(), ...DIVIDER_ONE, ...sample(randomUartCases(SEED), 2)];
  for (const { name, config } of uartCases) {
    it.concurrent(
      `UART ${name}`,
      () => synthesiseBoth((l) => uartGenerator.generate(config, l), UART_MODULE),
      TIMEOUT_MS,
    );
  }

  for (const { name, config } of [...fixedFsmCases(), ...sample(randomFsmCases(SEED), 3)]) {
    it.concurrent(
      `FSM ${name}`,
      () => synthesiseBoth((l) => fsmGenerator.generate(config, l), config.moduleName),
      TIMEOUT_MS,
    );
  }

  for (const { name, config } of [...presetFifoCases(), ...fifoOptionCases()]) {
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
  const full = [
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
  const variant = (c: CrcConfig) => `${c.partialLastWord ?? false} ${c.pipelineStages ?? 0}`;
  const upTo256 = full.filter(({ config: c }) => c.dataWidth <= 256);
  const variants = [...new Set(upTo256.map(({ config: c }) => variant(c)))];
  // The sample draws each variant's structure from its smaller cases (W x D up to 32 x 32): the
  // same partial-word table and stages, a tenth of the Yosys time of a CRC-64 at D = 64.
  const small = (v: string) => {
    const ofVariant = upTo256.filter(({ config: c }) => variant(c) === v);
    const cheap = ofVariant.filter(({ config: c }) => c.params.width * c.dataWidth <= 32 * 32);
    return cheap.length ? cheap : ofVariant;
  };
  const synthesised = FULL
    ? full
    : [
        ...variants.flatMap((v) => sample(small(v), 1)),
        ...sample(
          full.filter(({ config: c }) => c.dataWidth > 256 && c.params.width === narrow.width),
          1,
        ),
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
