/**
 * The FSM configurations the HDL suites use: the fixed cases and seeded random ones simulated by
 * tests/hdl/fsm.test.ts (and synthesised by tests/hdl/synth.test.ts), and the fuzzer's draw over
 * the whole space compileFsm accepts (tests/hdl/fuzz.test.ts).
 */
import {
  COMPLEX_EXAMPLE,
  DEFAULT_FSM,
  ENCODINGS,
  SIMPLE_EXAMPLE,
  type FsmConfig,
  type FsmSignal,
  type FsmState,
  type StateEncoding,
} from '../../src/core/hdl/fsm';
import { MAX_WIDTH } from '../../src/core/hdl/fsm/design';
import { randomInt, seededRandom, type Random } from '../../src/core/random';
import { between, logBetween, pick, randomBits } from './draw';

export interface FsmCase {
  name: string;
  config: FsmConfig;
}

/** Issue 19: Verilog-2005 allows '!' only before a primary, so '!!start' must be written '!(!start)'. */
export const DOUBLE_NEGATIONS: FsmConfig = {
  ...DEFAULT_FSM,
  transitions: [
    { from: 'IDLE', to: 'RUN', condition: '!!start' },
    { from: 'RUN', to: 'DONE', condition: '!(!stop)' },
    { from: 'DONE', to: 'IDLE', condition: '!start' },
  ],
};

/** The default and both examples in every encoding, Moore and Mealy, and the double negations. */
export function fixedFsmCases(): FsmCase[] {
  const fixed: [string, FsmConfig][] = [
    ['default', DEFAULT_FSM],
    ['simple example', SIMPLE_EXAMPLE],
    ['complex example', COMPLEX_EXAMPLE],
  ];
  const cases = fixed.flatMap(([label, base]) =>
    (['binary', 'onehot', 'gray'] as const).flatMap((encoding) =>
      (['moore', 'mealy'] as const).map((fsmType) => ({
        name: `${label}, ${fsmType}, ${encoding}`,
        config: { ...base, encoding, fsmType },
      })),
    ),
  );
  return [...cases, { name: 'double negations (!!start, !(!stop))', config: DOUBLE_NEGATIONS }];
}

/** A random condition over the inputs, in the documented condition language. */
function randomCondition(rand: Random, inputs: FsmSignal[], depth = 0): string {
  if (inputs.length === 0) return rand() < 0.5 ? '1' : 'true';
  const s = pick(rand, inputs);
  const max = 2 ** Math.min(s.width, 20);
  const leaf = (): string => {
    switch (randomInt(rand, 6)) {
      case 0:
        return s.name;
      case 1:
        return `!${s.name}`;
      case 2:
        return s.width > 1 ? `${s.name}[${randomInt(rand, s.width)}]` : s.name;
      case 3:
        return `${s.name} == ${randomInt(rand, max)}`;
      case 4:
        return `${s.name} ${pick(rand, ['<', '<=', '>', '>=', '!='])} ${randomInt(rand, max)}`;
      default: {
        const t = pick(rand, inputs);
        return `${s.name} ${pick(rand, ['==', '!=', '<', '>='])} ${t.name}`;
      }
    }
  };
  if (depth >= 2 || rand() < 0.4) return leaf();
  const op = rand() < 0.5 ? '&&' : '||';
  const left = randomCondition(rand, inputs, depth + 1);
  const right = randomCondition(rand, inputs, depth + 1);
  return rand() < 0.3 ? `!(${left} ${op} ${right})` : `(${left}) ${op} ${right}`;
}

/** Moore or Mealy, 1-7 states, multi-bit and wide inputs, random conditions (the simulation suite's draw). */
export function randomFsmConfig(rand: Random, index: number): FsmConfig {
  const n = 1 + randomInt(rand, 7);
  const inputs: FsmSignal[] = Array.from({ length: randomInt(rand, 5) }, (_, i) => ({
    name: `in${i}`,
    width: rand() < 0.5 ? 1 : rand() < 0.85 ? 2 + randomInt(rand, 7) : 33 + randomInt(rand, 8),
    description: `input ${i}`,
  }));
  const sidWidth = Math.max(1, Math.ceil(Math.log2(n + 1)));
  const outputs: FsmSignal[] = [
    { name: 'sid', width: sidWidth, description: 'state number (observes the state)' },
    ...Array.from({ length: randomInt(rand, 3) }, (_, i) => ({
      name: `out${i}`,
      width: 1 + randomInt(rand, 5),
      description: '',
    })),
  ];
  const value = (o: FsmSignal) => String(randomInt(rand, 2 ** o.width));
  const states = Array.from({ length: n }, (_, i) => ({
    name: `S${i}_${'ABC'.charAt(i % 3)}`,
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

/** The random configurations tests/hdl/fsm.test.ts simulates for `seed`. */
export function randomFsmCases(seed: number, count = 10): FsmCase[] {
  const rand = seededRandom(seed);
  return Array.from({ length: count }, (_, i) => {
    const config = randomFsmConfig(rand, i);
    const shape = `${config.states.length} states, ${config.transitions.length} transitions`;
    const name = `random #${i} (seed ${seed}): ${config.fsmType}, ${config.encoding}, ${shape}`;
    return { name, config };
  });
}

// ---- The fuzzer's draw: every form of the condition language, every option compileFsm accepts.

/** A number as the language writes it: decimal, 0x hex (digits in either case) or 0b binary. */
function literal(rand: Random, value: bigint): string {
  switch (randomInt(rand, 3)) {
    case 0:
      return value.toString();
    case 1:
      return `0x${rand() < 0.5 ? value.toString(16) : value.toString(16).toUpperCase()}`;
    default:
      return `0b${value.toString(2)}`;
  }
}

/** An operand: an input, a bit select or a number that fits `width` bits (the validation's rule). */
function operand(rand: Random, inputs: FsmSignal[], width: number): string {
  const s = pick(rand, inputs);
  switch (randomInt(rand, 4)) {
    case 0:
      return s.name;
    case 1:
      return `${s.name}[${randomInt(rand, s.width)}]`;
    default:
      return literal(rand, randomBits(rand, Math.min(width, 1 + randomInt(rand, width))));
  }
}

const CMP_OPS = ['==', '!=', '<', '<=', '>', '>='];

/** A comparison; a number compared with a signal fits the signal's width. */
function comparison(rand: Random, inputs: FsmSignal[]): string {
  const s = pick(rand, inputs);
  const bitSelect = rand() < 0.25;
  const left = bitSelect ? `${s.name}[${randomInt(rand, s.width)}]` : s.name;
  const width = bitSelect ? 1 : s.width;
  const right = rand() < 0.6 ? literal(rand, randomBits(rand, width)) : operand(rand, inputs, width);
  const op = pick(rand, CMP_OPS);
  const number = () => literal(rand, randomBits(rand, 4));
  if (rand() < 0.2) return `${number()} ${op} ${number()}`; // numbers only
  return rand() < 0.3 ? `${right} ${op} ${left}` : `${left} ${op} ${right}`;
}

/** A primary of the grammar: parentheses, true/false, a number, an input, a bit select or a comparison. */
function fuzzPrimary(rand: Random, inputs: FsmSignal[], depth: number): string {
  const forms = inputs.length ? 7 : 2;
  switch (randomInt(rand, forms)) {
    case 0:
      return pick(rand, ['true', 'false', '1', '0', '0x0', '0b1', '7']);
    case 1:
      return depth < 3 ? `(${fuzzCondition(rand, inputs, depth + 1)})` : 'true';
    case 2:
      return pick(rand, inputs).name;
    case 3: {
      const s = pick(rand, inputs);
      return `${s.name}[${randomInt(rand, s.width)}]`;
    }
    default:
      return comparison(rand, inputs);
  }
}

/** A unary: nested negations ('!!a', '!(!a)', '!!!a') in front of a primary. */
function fuzzUnary(rand: Random, inputs: FsmSignal[], depth: number): string {
  const bangs = rand() < 0.5 ? 0 : pick(rand, [1, 1, 2, 3]);
  const space = rand() < 0.2 ? ' ' : '';
  return `${`!${space}`.repeat(bangs)}${fuzzPrimary(rand, inputs, depth)}`;
}

/** A condition in every form of the language (tokens spaced at random). */
export function fuzzCondition(rand: Random, inputs: FsmSignal[], depth = 0): string {
  if (depth === 0 && rand() < 0.05) return pick(rand, ['', '  ', '1']);
  const terms = 1 + (depth < 3 ? randomInt(rand, 3) : 0);
  const parts = Array.from({ length: terms }, () => fuzzUnary(rand, inputs, depth));
  return parts.reduce(
    (text, part) => `${text}${rand() < 0.8 ? ' ' : ''}${pick(rand, ['&&', '||'])}${rand() < 0.8 ? ' ' : ''}${part}`,
  );
}

/** A name the generator accepts, in mixed case (VHDL compares names without case). */
function fuzzName(rand: Random, stem: string, i: number): string {
  const cased = rand() < 0.3 ? stem.toUpperCase() : stem;
  return `${cased}${i}${rand() < 0.3 ? `_${pick(rand, ['a', 'Q', 'x9'])}` : ''}`;
}

function fuzzWidth(rand: Random): number {
  return rand() < 0.4 ? 1 : logBetween(rand, 2, MAX_WIDTH);
}

/** Any configuration compileFsm accepts: 1-12 states, every encoding and type, widths 1-64. */
export function fuzzFsmConfig(rand: Random, index: number): FsmConfig {
  const n = rand() < 0.8 ? between(rand, 1, 6) : between(rand, 7, 12);
  const inputs: FsmSignal[] = Array.from({ length: randomInt(rand, 5) }, (_, i) => ({
    name: fuzzName(rand, 'in', i),
    width: fuzzWidth(rand),
    description: rand() < 0.5 ? `input ${i}` : '',
  }));
  const outputs: FsmSignal[] = Array.from({ length: randomInt(rand, 4) }, (_, i) => ({
    name: fuzzName(rand, 'out', i),
    width: fuzzWidth(rand),
    description: '',
  }));
  const value = (o: FsmSignal) => literal(rand, randomBits(rand, o.width));
  const someOutputs = () => Object.fromEntries(outputs.filter(() => rand() < 0.6).map((o) => [o.name, value(o)]));
  const states: FsmState[] = Array.from({ length: n }, (_, i) => ({
    name: fuzzName(rand, 'S', i),
    code: rand() < 0.7 ? i.toString(2).padStart(2, '0') : randomInt(rand, 2 * n).toString(2),
    description: rand() < 0.5 ? `state ${i}` : '',
    outputs: someOutputs(),
  }));
  const transitions = Array.from({ length: randomInt(rand, 3 * n + 1) }, () => ({
    from: pick(rand, states).name,
    to: pick(rand, states).name,
    condition: fuzzCondition(rand, inputs),
    outputs: someOutputs(),
  }));
  return {
    moduleName: `fz_fsm${index}`,
    fsmType: rand() < 0.5 ? 'moore' : 'mealy',
    encoding: pick(rand, ENCODINGS).value,
    resetState: pick(rand, states).name,
    clkName: pick(rand, ['clk', 'Clock', 'clk_sys']),
    resetName: pick(rand, ['reset', 'rst_n', 'ARESET']),
    numStates: n,
    states,
    inputs,
    outputs,
    transitions,
  };
}
