/**
 * Generated UART, simulated for real: every preset and randomised configurations, in Icarus Verilog
 * and GHDL (VHDL-93c and 2008), with the generator's own self-checking testbenches (loopback of
 * random words with an independent txd decoder, injected parity and framing errors, overrun).
 * The testbench overrides CLK_FREQ so one bit is a few dozen cycles; one run keeps the real clock.
 * In the random runs the injected frames come from a sender up to 2 % off the nominal baud. The
 * presets' Verilog also runs under -g2012, whose time 0 differs (tests/harness/hdl.ts).
 */
import { expect, it } from 'vitest';
import { describeWith } from '../harness/system';
import { simulateVerilog, simulateVhdl, VERILOG_STANDARDS, type VerilogStandard } from '../harness/hdl';
import { synthesiseVhdl } from '../harness/synth';
import {
  baudCounter,
  fastClockFor,
  randomWords,
  uartGenerator,
  type UartConfig,
  type UartTestbenchOptions,
} from '../../src/core/hdl/uart';
import { randomInt, seededRandom } from '../../src/core/random';
import { TEST_SEED } from '../cases/seed';
import { DIVIDER_ONE, highSpeedRealClock, presetUartCases, randomUartCases } from '../cases/uart-cases';

const SEED = TEST_SEED;

function expectPass(output: string): void {
  expect(output).not.toMatch(/FAIL/);
  expect(output).toMatch(/PASS/);
}

async function runVerilog(c: UartConfig, o: UartTestbenchOptions, standard: VerilogStandard = '2005'): Promise<void> {
  const dut = uartGenerator.generate(c, 'verilog');
  const r = await simulateVerilog(
    { [dut.name]: dut.text, 'tb.v': uartGenerator.testbench(c, 'verilog', o).text },
    'uart_module_tb',
    undefined,
    standard,
  );
  expectPass(r.stdout + r.stderr);
}

async function runVhdl(c: UartConfig, o: UartTestbenchOptions, std: '93c' | '08'): Promise<void> {
  const dut = uartGenerator.generate(c, 'vhdl');
  const r = await simulateVhdl(
    { [dut.name]: dut.text, 'tb.vhd': uartGenerator.testbench(c, 'vhdl', o).text },
    'uart_module_tb',
    std,
  );
  expectPass(r.stdout + r.stderr);
}

describeWith(['iverilog', 'ghdl'], 'UART generator: simulated in Icarus Verilog and GHDL', () => {
  for (const { name, config: c } of presetUartCases()) {
    const o = { clockFreq: fastClockFor(c), words: randomWords(c.dataBits, 10, SEED) };
    for (const standard of VERILOG_STANDARDS)
      it.concurrent(`${name}: Verilog (-g${standard}) loopback, parity/frame errors, overrun`, () =>
        runVerilog(c, o, standard),
      );
    it.concurrent(`${name}: VHDL-93c`, () => runVhdl(c, o, '93c'));
    it.concurrent(`${name}: VHDL-2008`, () => runVhdl(c, o, '08'));
  }

  const realClock = highSpeedRealClock();
  it.concurrent(realClock.name, async () => {
    await runVerilog(realClock.config, {});
    await runVhdl(realClock.config, {}, '93c');
  });

  // The configurations come from randomUartCases (shared with the synthesis suite); the
  // testbench's clock, words and sender skew from a second stream.
  const rand = seededRandom(SEED + 1);
  randomUartCases(SEED).forEach(({ name: label, config: c }, i) => {
    // Injected frames come from a sender up to 2 % off the receiver's baud (mid-bit sampling tolerance).
    const senderSkewPercent = Math.round((rand() * 4 - 2) * 10) / 10;
    const words = randomWords(c.dataBits, 6 + randomInt(rand, 10), SEED + i);
    const o = { clockFreq: fastClockFor(c, 2 + randomInt(rand, 3)), words, senderSkewPercent };
    const name = `${label}, sender ${senderSkewPercent}% off`;
    const std = i % 2 ? '08' : '93c';
    it.concurrent(`${name} in Verilog`, () => runVerilog(c, o));
    it.concurrent(`${name} in VHDL-${std}`, () => runVhdl(c, o, std));
  });
});

describeWith(['iverilog', 'ghdl', 'yosys'], 'UART generator at baud divider 1', () => {
  for (const { name, config: c } of DIVIDER_ONE) {
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
