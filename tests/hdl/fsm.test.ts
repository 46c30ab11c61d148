/**
 * Generated FSMs, simulated for real: the default configuration, both examples in every encoding,
 * and randomised configurations (Moore and Mealy, 1-7 states, multi-bit and wide inputs, random
 * conditions in the condition language), in Icarus Verilog and GHDL (VHDL-93c and 2008). Each
 * testbench applies a random input sequence and checks every output, every cycle, against the
 * product's model of the configuration; before simulating, every expected output is checked
 * against the test's own reference model (tests/support/fsm-reference.ts), which reads the
 * conditions with its own evaluator, so a bug in the product's condition parser cannot pass both.
 */
import { expect, it } from 'vitest';
import { describeWith } from '../helpers/system';
import { simulateVerilog, simulateVhdl } from '../helpers/hdl';
import {
  compileFsm, COMPLEX_EXAMPLE, DEFAULT_FSM, fsmGenerator, fsmTestSequence, SIMPLE_EXAMPLE, type FsmConfig, type FsmSignal,
  type StateEncoding,
} from '../../src/core/hdl/fsm';
import { randomInt, seededRandom } from '../../src/core/random';
import { TEST_SEED } from '../support/seed';
import { evaluate, sequenceProblems } from '../support/fsm-reference';

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
  const r = await simulateVerilog({ [dut.name]: dut.text, [tb.name]: tb.text }, `${c.moduleName}_tb`);
  expectPass(r.stdout);
}

async function runVhdl(c: FsmConfig, seed: number, std: '93c' | '08'): Promise<void> {
  expectReferenceAgrees(c, seed);
  const dut = fsmGenerator.generate(c, 'vhdl');
  const tb = fsmGenerator.testbench(c, 'vhdl', { seed });
  const r = await simulateVhdl({ [dut.name]: dut.text, [tb.name]: tb.text }, `${c.moduleName}_tb`, std);
  expectPass(r.stdout + r.stderr);
}

/** A random condition over the inputs, in the documented condition language. */
function randomCondition(rand: () => number, inputs: FsmSignal[], depth = 0): string {
  if (inputs.length === 0) return rand() < 0.5 ? '1' : 'true';
  const s = inputs[randomInt(rand, inputs.length)];
  const max = 2 ** Math.min(s.width, 20);
  const leaf = (): string => {
    switch (randomInt(rand, 6)) {
      case 0: return s.name;
      case 1: return `!${s.name}`;
      case 2: return s.width > 1 ? `${s.name}[${randomInt(rand, s.width)}]` : s.name;
      case 3: return `${s.name} == ${randomInt(rand, max)}`;
      case 4: return `${s.name} ${['<', '<=', '>', '>=', '!='][randomInt(rand, 5)]} ${randomInt(rand, max)}`;
      default: {
        const t = inputs[randomInt(rand, inputs.length)];
        return `${s.name} ${['==', '!=', '<', '>='][randomInt(rand, 4)]} ${t.name}`;
      }
    }
  };
  if (depth >= 2 || rand() < 0.4) return leaf();
  const op = rand() < 0.5 ? '&&' : '||';
  const left = randomCondition(rand, inputs, depth + 1);
  const right = randomCondition(rand, inputs, depth + 1);
  return rand() < 0.3 ? `!(${left} ${op} ${right})` : `(${left}) ${op} ${right}`;
}

function randomConfig(rand: () => number, index: number): FsmConfig {
  const n = 1 + randomInt(rand, 7);
  const inputs: FsmSignal[] = Array.from({ length: randomInt(rand, 5) }, (_, i) => ({
    name: `in${i}`,
    width: rand() < 0.5 ? 1 : rand() < 0.85 ? 2 + randomInt(rand, 7) : 33 + randomInt(rand, 8),
    description: `input ${i}`,
  }));
  const sidWidth = Math.max(1, Math.ceil(Math.log2(n + 1)));
  const outputs: FsmSignal[] = [
    { name: 'sid', width: sidWidth, description: 'state number (observes the state)' },
    ...Array.from({ length: randomInt(rand, 3) }, (_, i) => ({ name: `out${i}`, width: 1 + randomInt(rand, 5), description: '' })),
  ];
  const value = (o: FsmSignal) => String(randomInt(rand, 2 ** o.width));
  const states = Array.from({ length: n }, (_, i) => ({
    name: `S${i}_${['A', 'B', 'C'][i % 3]}`,
    code: (i * 3).toString(2).padStart(2, '0'),
    description: `state ${i}`,
    outputs: Object.fromEntries(outputs.map((o) => [o.name, o.name === 'sid' ? String(i + 1) : value(o)])),
  }));
  const transitions = Array.from({ length: randomInt(rand, 3 * n + 1) }, () => ({
    from: states[randomInt(rand, n)].name,
    to: states[randomInt(rand, n)].name,
    condition: randomCondition(rand, inputs),
    outputs: Object.fromEntries(outputs.filter(() => rand() < 0.5).map((o) => [o.name, value(o)])),
  }));
  const encodings: StateEncoding[] = ['binary', 'onehot', 'gray'];
  return {
    moduleName: `fsm_r${index}`,
    fsmType: rand() < 0.5 ? 'moore' : 'mealy',
    encoding: encodings[randomInt(rand, 3)],
    resetState: states[randomInt(rand, n)].name,
    clkName: rand() < 0.5 ? 'clk' : 'clock_in',
    resetName: rand() < 0.5 ? 'reset' : 'areset',
    numStates: n,
    states,
    inputs,
    outputs,
    transitions,
  };
}

it("the test's reference reads the condition language as documented", () => {
  const v = { start: 1n, stop: 0n, count: 3n, data: 0b1010n };
  const cases: [string, boolean][] = [
    ['', true], ['1', true], ['0', false], ['true', true], ['false', false], ['start', true], ['!start', false],
    ['start && !stop', true], ['stop || (start && count == 3)', true], ['!count == 3', false], ['!(count == 3)', false],
    ['count < 0x10', true], ['count >= 0b100', false], ['count != start', true], ['data[1]', true], ['data[2]', false],
    ['data[3] && data[1] && !data[0]', true], ['missing', false], ['start && stop || count > 2', true],
    ['!!start', true], ['count == 3 && (stop || !data[2])', true],
  ];
  for (const [condition, want] of cases) expect(evaluate(condition, v), condition).toBe(want);
});

it('the reference model agrees with the expectations of the examples and random configurations', () => {
  const rand = seededRandom(SEED + 99);
  for (const c of [DEFAULT_FSM, SIMPLE_EXAMPLE, COMPLEX_EXAMPLE, { ...COMPLEX_EXAMPLE, fsmType: 'moore' as const }]) expectReferenceAgrees(c, SEED);
  for (let i = 0; i < 40; i++) expectReferenceAgrees(randomConfig(rand, 100 + i), SEED + i);
});

describeWith(['iverilog', 'ghdl'], 'FSM generator: simulated in Icarus Verilog and GHDL', () => {
  const fixed: [string, FsmConfig][] = [['default', DEFAULT_FSM], ['simple example', SIMPLE_EXAMPLE], ['complex example', COMPLEX_EXAMPLE]];
  for (const [label, base] of fixed) {
    for (const encoding of ['binary', 'onehot', 'gray'] as const) {
      for (const fsmType of ['moore', 'mealy'] as const) {
        const fsm = usable({ ...base, encoding, fsmType });
        const name = `${label}, ${fsmType}, ${encoding}`;
        it.concurrent(`${name}: Verilog`, () => runVerilog(fsm, SEED));
        it.concurrent(`${name}: VHDL-${fsmType === 'moore' ? '93c' : '08'}`, () => runVhdl(fsm, SEED, fsmType === 'moore' ? '93c' : '08'));
      }
    }
  }

  // Issue 19: Verilog-2005 allows '!' only before a primary, so '!!start' must be written '!(!start)'.
  const doubleNegations = usable({
    ...DEFAULT_FSM,
    transitions: [
      { from: 'IDLE', to: 'RUN', condition: '!!start' },
      { from: 'RUN', to: 'DONE', condition: '!(!stop)' },
      { from: 'DONE', to: 'IDLE', condition: '!start' },
    ],
  });
  it.concurrent('double negations (!!start, !(!stop)): Verilog', () => runVerilog(doubleNegations, SEED));
  it.concurrent('double negations (!!start, !(!stop)): VHDL-93c', () => runVhdl(doubleNegations, SEED, '93c'));

  const rand = seededRandom(SEED);
  for (let i = 0; i < 10; i++) {
    const config = randomConfig(rand, i);
    const fsm = usable(config);
    const name = `random #${i} (seed ${SEED}): ${config.fsmType}, ${config.encoding}, ${config.states.length} states, ${config.transitions.length} transitions`;
    it.concurrent(`${name}: Verilog`, () => runVerilog(fsm, SEED + i));
    it.concurrent(`${name}: VHDL-93c and 2008`, async () => {
      await runVhdl(fsm, SEED + i, '93c');
      await runVhdl(fsm, SEED + i, '08');
    });
  }
});
