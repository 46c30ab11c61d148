/**
 * Generated FSMs, simulated for real: the default configuration, both examples in every encoding,
 * and randomised configurations (Moore and Mealy, 1-7 states, multi-bit and wide inputs, random
 * conditions in the condition language), in Icarus Verilog and GHDL (VHDL-93c and 2008). Each
 * testbench applies a random input sequence and checks every output, every cycle, against the
 * TypeScript reference model of the configuration.
 */
import { expect, it } from 'vitest';
import { describeWith } from '../helpers/system';
import { simulateVerilog, simulateVhdl } from '../helpers/hdl';
import {
  compileFsm, COMPLEX_EXAMPLE, DEFAULT_FSM, generateFsmTestbenchVerilog, generateFsmTestbenchVhdl, generateFsmVerilog,
  generateFsmVhdl, SIMPLE_EXAMPLE, type CompiledFsm, type FsmConfig, type FsmSignal, type StateEncoding,
} from '../../src/core/hdl/fsm/index';
import { randomInt, seededRandom } from '../../src/core/hdl/random';

const SEED = Number(process.env.HDL_SEED ?? Date.now() % 1_000_000);

function compiled(c: FsmConfig): CompiledFsm {
  const r = compileFsm(c);
  expect(r.errors).toEqual([]);
  return r.fsm!;
}

function expectPass(output: string): void {
  expect(output).not.toMatch(/FAIL/);
  expect(output).toMatch(/PASS: \d+ cycles/);
}

async function runVerilog(fsm: CompiledFsm, seed: number): Promise<void> {
  const name = fsm.config.moduleName;
  const r = await simulateVerilog({ [`${name}.v`]: generateFsmVerilog(fsm), 'tb.v': generateFsmTestbenchVerilog(fsm, { seed }) }, `${name}_tb`);
  expectPass(r.stdout);
}

async function runVhdl(fsm: CompiledFsm, seed: number, std: '93c' | '08'): Promise<void> {
  const name = fsm.config.moduleName;
  const r = await simulateVhdl({ [`${name}.vhd`]: generateFsmVhdl(fsm), 'tb.vhd': generateFsmTestbenchVhdl(fsm, { seed }) }, `${name}_tb`, std);
  expectPass(r.stdout + r.stderr);
}

/** An element of a non-empty list (randomInt stays below the length). */
const pick = <T,>(rand: () => number, list: readonly T[]): T => list[randomInt(rand, list.length)]!;

/** A random condition over the inputs, in the documented condition language. */
function randomCondition(rand: () => number, inputs: FsmSignal[], depth = 0): string {
  if (inputs.length === 0) return rand() < 0.5 ? '1' : 'true';
  const s = pick(rand, inputs);
  const max = 2 ** Math.min(s.width, 20);
  const leaf = (): string => {
    switch (randomInt(rand, 6)) {
      case 0: return s.name;
      case 1: return `!${s.name}`;
      case 2: return s.width > 1 ? `${s.name}[${randomInt(rand, s.width)}]` : s.name;
      case 3: return `${s.name} == ${randomInt(rand, max)}`;
      case 4: return `${s.name} ${['<', '<=', '>', '>=', '!='][randomInt(rand, 5)]} ${randomInt(rand, max)}`;
      default: {
        const t = pick(rand, inputs);
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
    from: pick(rand, states).name,
    to: pick(rand, states).name,
    condition: randomCondition(rand, inputs),
    outputs: Object.fromEntries(outputs.filter(() => rand() < 0.5).map((o) => [o.name, value(o)])),
  }));
  const encodings: StateEncoding[] = ['binary', 'onehot', 'gray'];
  return {
    moduleName: `fsm_r${index}`,
    fsmType: rand() < 0.5 ? 'moore' : 'mealy',
    encoding: pick(rand, encodings),
    resetState: pick(rand, states).name,
    clkName: rand() < 0.5 ? 'clk' : 'clock_in',
    resetName: rand() < 0.5 ? 'reset' : 'areset',
    numStates: n,
    states,
    inputs,
    outputs,
    transitions,
  };
}

describeWith(['iverilog', 'ghdl'], 'FSM generator: simulated in Icarus Verilog and GHDL', () => {
  const fixed: [string, FsmConfig][] = [['default', DEFAULT_FSM], ['simple example', SIMPLE_EXAMPLE], ['complex example', COMPLEX_EXAMPLE]];
  for (const [label, base] of fixed) {
    for (const encoding of ['binary', 'onehot', 'gray'] as const) {
      for (const fsmType of ['moore', 'mealy'] as const) {
        const fsm = compiled({ ...base, encoding, fsmType });
        const name = `${label}, ${fsmType}, ${encoding}`;
        it.concurrent(`${name}: Verilog`, () => runVerilog(fsm, SEED));
        it.concurrent(`${name}: VHDL-${fsmType === 'moore' ? '93c' : '08'}`, () => runVhdl(fsm, SEED, fsmType === 'moore' ? '93c' : '08'));
      }
    }
  }

  const rand = seededRandom(SEED);
  for (let i = 0; i < 10; i++) {
    const config = randomConfig(rand, i);
    const fsm = compiled(config);
    const name = `random #${i} (seed ${SEED}): ${config.fsmType}, ${config.encoding}, ${config.states.length} states, ${config.transitions.length} transitions`;
    it.concurrent(`${name}: Verilog`, () => runVerilog(fsm, SEED + i));
    it.concurrent(`${name}: VHDL-93c and 2008`, async () => {
      await runVhdl(fsm, SEED + i, '93c');
      await runVhdl(fsm, SEED + i, '08');
    });
  }
});
