/**
 * Generated UART, simulated for real: every preset and randomised configurations, in Icarus Verilog
 * and GHDL (VHDL-93c and 2008), with the generator's own self-checking testbenches (loopback of
 * random words with an independent txd decoder, injected parity and framing errors, overrun).
 * The testbench overrides CLK_FREQ so one bit is a few dozen cycles; one run keeps the real clock.
 * In the random runs the injected frames come from a sender up to 2 % off the nominal baud.
 */
import { expect, it } from 'vitest';
import { describeWith } from '../helpers/system';
import { simulateVerilog, simulateVhdl } from '../helpers/hdl';
import { synthesiseVhdl } from '../helpers/synth';
import {
  applyPreset, baudCounter, BAUD_RATES, DATA_BITS_OPTIONS, DEFAULT_UART, fastClockFor, OVERSAMPLING_OPTIONS, PARITY_OPTIONS,
  randomWords, uartGenerator, UART_PRESETS, validateUart, type UartConfig, type UartTestbenchOptions,
} from '../../src/core/hdl/uart';
import { randomInt, seededRandom } from '../../src/core/random';
import { TEST_SEED } from '../support/seed';

const SEED = TEST_SEED;

function expectPass(output: string): void {
  expect(output).not.toMatch(/FAIL/);
  expect(output).toMatch(/PASS/);
}

async function runVerilog(c: UartConfig, o: UartTestbenchOptions): Promise<void> {
  const dut = uartGenerator.generate(c, 'verilog');
  const r = await simulateVerilog({ [dut.name]: dut.text, 'tb.v': uartGenerator.testbench(c, 'verilog', o).text }, 'uart_module_tb');
  expectPass(r.stdout + r.stderr);
}

async function runVhdl(c: UartConfig, o: UartTestbenchOptions, std: '93c' | '08'): Promise<void> {
  const dut = uartGenerator.generate(c, 'vhdl');
  const r = await simulateVhdl({ [dut.name]: dut.text, 'tb.vhd': uartGenerator.testbench(c, 'vhdl', o).text }, 'uart_module_tb', std);
  expectPass(r.stdout + r.stderr);
}

function randomConfig(rand: () => number): UartConfig {
  const pick = <T,>(list: readonly T[]) => list[randomInt(rand, list.length)];
  const fifoDepth = rand() < 0.7 ? 1 + randomInt(rand, 12) : 1 + randomInt(rand, 256);
  const c: UartConfig = {
    baudRate: pick(BAUD_RATES),
    dataBits: pick(DATA_BITS_OPTIONS),
    stopBits: pick([1, 2]),
    parity: pick(PARITY_OPTIONS),
    clockFreq: 1_000_000 + randomInt(rand, 199_000_001),
    fifoDepth,
    oversampling: pick(OVERSAMPLING_OPTIONS),
  };
  return validateUart(c).length ? { ...c, clockFreq: 200_000_000, baudRate: 9600 } : c;
}

describeWith(['iverilog', 'ghdl'], 'UART generator: simulated in Icarus Verilog and GHDL', () => {
  for (const preset of UART_PRESETS) {
    const c = applyPreset(DEFAULT_UART, preset);
    const o = { clockFreq: fastClockFor(c), words: randomWords(c.dataBits, 10, SEED) };
    it.concurrent(`preset ${preset.label}: Verilog loopback, parity/frame errors, overrun`, () => runVerilog(c, o));
    it.concurrent(`preset ${preset.label}: VHDL-93c`, () => runVhdl(c, o, '93c'));
    it.concurrent(`preset ${preset.label}: VHDL-2008`, () => runVhdl(c, o, '08'));
  }

  it.concurrent('high speed preset with the real 100 MHz clock (baud counter 6)', async () => {
    const c = applyPreset(DEFAULT_UART, UART_PRESETS[2]);
    await runVerilog(c, {});
    await runVhdl(c, {}, '93c');
  });

  const rand = seededRandom(SEED);
  for (let i = 0; i < 6; i++) {
    const c = randomConfig(rand);
    // Injected frames come from a sender up to 2 % off the receiver's baud (mid-bit sampling tolerance).
    const senderSkewPercent = Math.round((rand() * 4 - 2) * 10) / 10;
    const o = { clockFreq: fastClockFor(c, 2 + randomInt(rand, 3)), words: randomWords(c.dataBits, 6 + randomInt(rand, 10), SEED + i), senderSkewPercent };
    const name = `random #${i} (seed ${SEED}): ${JSON.stringify(c)}, sender ${senderSkewPercent}% off`;
    it.concurrent(`${name} in Verilog`, () => runVerilog(c, o));
    it.concurrent(`${name} in VHDL-${i % 2 ? '08' : '93c'}`, () => runVhdl(c, o, i % 2 ? '08' : '93c'));
  }
});

/** Baud divider 1: clock / (baud x oversampling) from 1 to 2, which the spec allows (issue 19). */
const DIVIDER_ONE: [string, UartConfig][] = [
  ['115200 baud at 16x from 1.8432 MHz', { ...DEFAULT_UART, baudRate: 115200, oversampling: 16, clockFreq: 1_843_200 }],
  ['921600 baud at 32x from 30 MHz', { ...DEFAULT_UART, baudRate: 921600, oversampling: 32, clockFreq: 30_000_000 }],
];

describeWith(['iverilog', 'ghdl', 'yosys'], 'UART generator at baud divider 1', () => {
  for (const [name, c] of DIVIDER_ONE) {
    it.concurrent(`${name}: the VHDL synthesises (ghdl --synth, 93c and 08)`, async () => {
      expect(baudCounter(c)).toBe(1);
      const dut = uartGenerator.generate(c, 'vhdl');
      await synthesiseVhdl({ [dut.name]: dut.text }, 'uart_module', '93c');
      await synthesiseVhdl({ [dut.name]: dut.text }, 'uart_module', '08');
    });
    it.concurrent(`${name}: simulates with the real clock in Verilog and VHDL`, async () => {
      const o = { words: randomWords(c.dataBits, 6, SEED) };
      await runVerilog(c, o);
      await runVhdl(c, o, '93c');
    });
  }
});
