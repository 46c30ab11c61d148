/**
 * Generated FSMs, simulated for real: the default configuration, both examples in every encoding,
 * and randomised configurations (Moore and Mealy, 1-7 states, multi-bit and wide inputs, random
 * conditions in the condition language), in Icarus Verilog and GHDL (VHDL-93c and 2008). Each
 * testbench applies a random input sequence and checks every output, every cycle, against the
 * product's model of the configuration; before simulating, every expected output is checked
 * against the test's own reference model (tests/oracles/fsm-reference.ts), which reads the
 * conditions with its own evaluator, so a bug in the product's condition parser cannot pass both.
 * The Verilog runs under -g2005 and -g2012, whose time 0 differs (tests/harness/hdl.ts).
 */
import { expect, it } from 'vitest';
import { describeWith } from '../harness/system';
import { simulateVerilog, simulateVhdl, VERILOG_STANDARDS } from '../harness/hdl';
import {
  compileFsm,
  COMPLEX_EXAMPLE,
  DEFAULT_FSM,
  fsmGenerator,
  fsmTestSequence,
  SIMPLE_EXAMPLE,
  type FsmConfig,
} from '../../src/core/hdl/fsm';
import { seededRandom } from '../../src/core/random';
import { TEST_SEED } from '../cases/seed';
import { evaluate, sequenceProblems } from '../oracles/fsm-reference';
import { fixedFsmCases, randomFsmCases, randomFsmConfig } from '../cases/fsm-cases';

const SEED = TEST_SEED;

function usable(c: FsmConfig): FsmConfig {
  expect(fsmGenerator.validate(c)).toEqual([]);
  return c;
}

function expectPass(output: string): void {
  expect(output).not.toMatch(/FAIL/);
  expect(output).toMatch(/PASS: \d+ cycles/);
}

/** What the testbench for `seed` will expect, checked against the test's own reference model. */
function expectReferenceAgrees(c: FsmConfig, seed: number): void {
  const { fsm } = compileFsm(c);
  expect(sequenceProblems(c, fsmTestSequence(fsm!, { seed }))).toEqual([]);
}

async function runVerilog(c: FsmConfig, seed: number): Promise<void> {
  expectReferenceAgrees(c, seed);
  const dut = fsmGenerator.generate(c, 'verilog');
  const tb = fsmGenerator.testbench(c, 'verilog', { seed });
  for (const standard of VERILOG_STANDARDS) {
    const files = { [dut.name]: dut.text, [tb.name]: tb.text };
    const r = await simulateVerilog(files, `${c.moduleName}_tb`, undefined, standard);
    expectPass(r.stdout);
  }
}

async function runVhdl(c: FsmConfig, seed: number, std: '93c' | '08'): Promise<void> {
  expectReferenceAgrees(c, seed);
  const dut = fsmGenerator.generate(c, 'vhdl');
  const tb = fsmGenerator.testbench(c, 'vhdl', { seed });
  const r = await simulateVhdl({ [dut.name]: dut.text, [tb.name]: tb.text }, `${c.moduleName}_tb`, std);
  expectPass(r.stdout + r.stderr);
}

it("the test's reference reads the condition language as documented", () => {
  const v = { start: 1n, stop: 0n, count: 3n, data: 0b1010n };
  const cases: [string, boolean][] = [
    ['', true],
    ['1', true],
    ['0', false],
    ['true', true],
    ['false', false],
    ['start', true],
    ['!start', false],
    ['start && !stop', true],
    ['stop || (start && count == 3)', true],
    ['!count == 3', false],
    ['!(count == 3)', false],
    ['count < 0x10', true],
    ['count >= 0b100', false],
    ['count != start', true],
    ['data[1]', true],
    ['data[2]', false],
    ['data[3] && data[1] && !data[0]', true],
    ['missing', false],
    ['start && stop || count > 2', true],
    ['!!start', true],
    ['count == 3 && (stop || !data[2])', true],
  ];
  for (const [condition, want] of cases) expect(evaluate(condition, v), condition).toBe(want);
});

it('the reference model agrees with the expectations of the examples and random configurations', () => {
  const rand = seededRandom(SEED + 99);
  for (const c of [DEFAULT_FSM, SIMPLE_EXAMPLE, COMPLEX_EXAMPLE, { ...COMPLEX_EXAMPLE, fsmType: 'moore' as const }])
    expectReferenceAgrees(c, SEED);
  for (let i = 0; i < 40; i++) expectReferenceAgrees(randomFsmConfig(rand, 100 + i), SEED + i);
});

describeWith(['iverilog', 'ghdl'], 'FSM generator: simulated in Icarus Verilog and GHDL', () => {
  for (const { name, config } of fixedFsmCases()) {
    const fsm = usable(config);
    const std = fsm.fsmType === 'moore' ? '93c' : '08';
    it.concurrent(`${name}: Verilog`, () => runVerilog(fsm, SEED));
    it.concurrent(`${name}: VHDL-${std}`, () => runVhdl(fsm, SEED, std));
  }

  randomFsmCases(SEED).forEach(({ name, config }, i) => {
    const fsm = usable(config);
    it.concurrent(`${name}: Verilog`, () => runVerilog(fsm, SEED + i));
    it.concurrent(`${name}: VHDL-93c and 2008`, async () => {
      await runVhdl(fsm, SEED + i, '93c');
      await runVhdl(fsm, SEED + i, '08');
    });
  });
});
