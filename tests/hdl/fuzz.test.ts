/**
 * Fuzzers: configurations drawn at random from the whole space each generator's validation accepts
 * (tests/cases/*-cases.ts: every condition-language form for FSMs, every baud divider from 1 up
 * for UARTs, any CRC parameters, any FIFO option within a size bound). For each, the design and
 * its testbench must compile in Icarus (-g2005) and GHDL (--std=93c and 08), and the design must
 * synthesise in both languages (Yosys; ghdl --synth; tests/harness/synth.ts).
 *
 * Every run draws FIXED per generator from a constant seed (the same cases everywhere, so CI is
 * stable) and FRESH more from TEST_SEED (fixed under CI=true, new on every local run; the seed is
 * in the test names, and TEST_SEED=<n> replays a run).
 */
import { expect, it } from 'vitest';
import { compileVerilog, elaborateVhdl } from '../harness/hdl';
import { synthesiseVerilog, synthesiseVhdl } from '../harness/synth';
import { describeWith } from '../harness/system';
import { TEST_SEED } from '../cases/seed';
import { seededRandom, type Random } from '../../src/core/random';
import type { HdlGenerator, HdlLanguage } from '../../src/core/hdl/contract';
import { loadKernel } from '../../server/wasm';
import type { CrcKernel } from '../../src/core/crc/kernel';
import { createCrcGenerator, CRC_MODULE, type CrcConfig } from '../../src/core/hdl/crc';
import { fifoGenerator, MODULE_NAME as FIFO_MODULE, type FifoConfig } from '../../src/core/hdl/fifo';
import { fsmGenerator, type FsmConfig } from '../../src/core/hdl/fsm';
import { uartGenerator, UART_MODULE, type UartConfig } from '../../src/core/hdl/uart';
import { fuzzCrcConfig } from '../cases/crc-cases';
import { fuzzFifoConfig } from '../cases/fifo-cases';
import { fuzzFsmConfig } from '../cases/fsm-cases';
import { fuzzUartConfig } from '../cases/uart-cases';

/** Configurations per generator from the constant seed, and from TEST_SEED. */
const FIXED = 6;
const FRESH = 3;
const FIXED_SEED = 19_000_019;
const TIMEOUT_MS = 600_000;
/** Size bounds of the draw, so one configuration takes seconds. */
const CRC_MAX_TERMS = 4096;
const FIFO_COST = { maxMemoryBits: 4096, maxEccDataWidth: 32 };

// Icarus warns about what -Wall flags; generated files must not trigger the ones that mean a bug.
// "no timescale": the CRC and FSM designs had none while their testbenches (and the UART and FIFO
// designs) had one, so a design compiled with them warned of "confusing timing results".
const ICARUS_BUG_WARNINGS = /implicit|truncat|out of bound|not a primary|port .* is not connected|no timescale/i;

/** The design and its testbench, in both languages, through every check. */
async function fuzzOne<C>(generator: HdlGenerator<C, unknown>, config: C, top: string): Promise<void> {
  expect(generator.validate(config)).toEqual([]);
  const files = (language: HdlLanguage) => {
    const dut = generator.generate(config, language);
    const tb = generator.testbench(config, language);
    return { dut: { [dut.name]: dut.text }, all: { [dut.name]: dut.text, [tb.name]: tb.text } };
  };
  const verilog = files('verilog');
  const vhdl = files('vhdl');
  const compiled = await compileVerilog(verilog.all, `${top}_tb`);
  expect(compiled.stdout + compiled.stderr).not.toMatch(ICARUS_BUG_WARNINGS);
  await elaborateVhdl(vhdl.all, `${top}_tb`, '93c');
  await elaborateVhdl(vhdl.all, `${top}_tb`, '08');
  await Promise.all([synthesiseVerilog(verilog.dut, top), synthesiseVhdl(vhdl.dut, top, '08')]);
}

/** FIXED draws from the constant seed and FRESH from TEST_SEED, each named with its seed. */
function draws<C>(stream: number, draw: (rand: Random, index: number) => C): { label: string; config: C }[] {
  const from = (seed: number, count: number) => {
    const rand = seededRandom(seed + stream);
    return Array.from({ length: count }, (_, i) => ({ label: `#${i} of seed ${seed}`, config: draw(rand, i) }));
  };
  return [...from(FIXED_SEED, FIXED), ...from(TEST_SEED, FRESH)];
}

let crcKernel: Promise<CrcKernel> | undefined;

describeWith(
  ['iverilog', 'ghdl', 'yosys'],
  `HDL fuzzers: random valid configurations compile and synthesise (TEST_SEED=${TEST_SEED})`,
  () => {
    for (const { label, config } of draws<FsmConfig>(1, (rand, i) => fuzzFsmConfig(rand, i))) {
      const conditions = config.transitions.map((t) => t.condition).join(' | ');
      it.concurrent(
        `FSM ${label}: ${config.fsmType}, ${config.encoding}, ${config.states.length} states, conditions ${conditions}`,
        () => fuzzOne(fsmGenerator, config, config.moduleName),
        TIMEOUT_MS,
      );
    }

    for (const { label, config } of draws<UartConfig>(2, (rand) => fuzzUartConfig(rand))) {
      it.concurrent(
        `UART ${label}: ${JSON.stringify(config)}`,
        () => fuzzOne(uartGenerator, config, UART_MODULE),
        TIMEOUT_MS,
      );
    }

    for (const { label, config } of draws<CrcConfig>(3, (rand) => fuzzCrcConfig(rand, CRC_MAX_TERMS))) {
      const p = config.params;
      const reflect = `refin=${p.refin} refout=${p.refout}`;
      const wide = `${config.partialLastWord ? ' partial' : ''}${config.pipelineStages ? ` P=${config.pipelineStages}` : ''}`;
      const name = `W=${p.width} poly=0x${p.poly.toString(16)} ${reflect} D=${config.dataWidth}${wide}`;
      it.concurrent(
        `CRC ${label}: ${name}`,
        async () => {
          crcKernel ??= loadKernel<CrcKernel>('crc');
          await fuzzOne(createCrcGenerator(await crcKernel), config, CRC_MODULE);
        },
        TIMEOUT_MS,
      );
    }

    for (const { label, config } of draws<FifoConfig>(4, (rand) => fuzzFifoConfig(rand, FIFO_COST))) {
      it.concurrent(
        `FIFO ${label}: ${JSON.stringify(config)}`,
        () => fuzzOne(fifoGenerator, config, FIFO_MODULE),
        TIMEOUT_MS,
      );
    }
  },
);
