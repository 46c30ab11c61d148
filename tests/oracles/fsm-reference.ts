/**
 * An FSM reference model written for the tests, sharing no code with src/core/hdl/fsm: its own
 * reading of the condition language (a character scanner and a recursive evaluator that computes
 * values as it parses) and its own step rule. The simulation tests check every output the
 * generated testbenches expect against it, so a bug in the product's condition parser or model
 * cannot pass both.
 *
 * The condition language, as documented: `a || b`, `a && b`, `!a`, parentheses, `true`, `false`,
 * comparisons `== != < <= > >=` (unsigned, binding tighter than `!`), operands that are input
 * names, bit selects `x[3]` or numbers (12, 0x1F, 0b101). An input or number alone is true when
 * non-zero; an empty condition is always true.
 */
import type { FsmConfig, FsmCycle } from '../../src/core/hdl/fsm';

type Token = { kind: 'number'; value: bigint } | { kind: 'name'; text: string } | { kind: 'symbol'; text: string };

const SYMBOLS = ['&&', '||', '==', '!=', '<=', '>=', '<', '>', '!', '(', ')', '[', ']'];

function scan(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  for (let c = text[i]; c !== undefined; c = text[i]) {
    if (c === ' ' || c === '\t') {
      i++;
    } else if (c >= '0' && c <= '9') {
      let j = i;
      while (j < text.length && /[0-9a-fA-FxXbB]/.test(text[j]!)) j++;
      tokens.push({ kind: 'number', value: BigInt(text.slice(i, j).toLowerCase()) });
      i = j;
    } else if (/[A-Za-z_]/.test(c)) {
      let j = i;
      while (j < text.length && /[A-Za-z0-9_]/.test(text[j]!)) j++;
      tokens.push({ kind: 'name', text: text.slice(i, j) });
      i = j;
    } else {
      const symbol = SYMBOLS.find((s) => text.startsWith(s, i));
      if (!symbol) throw new Error(`reference: cannot read '${c}' in '${text}'`);
      tokens.push({ kind: 'symbol', text: symbol });
      i += symbol.length;
    }
  }
  return tokens;
}

const COMPARE: Record<string, (a: bigint, b: bigint) => boolean> = {
  '==': (a, b) => a === b,
  '!=': (a, b) => a !== b,
  '<': (a, b) => a < b,
  '<=': (a, b) => a <= b,
  '>': (a, b) => a > b,
  '>=': (a, b) => a >= b,
};

/** True when `condition` holds for the input values (missing inputs are 0). */
export function evaluate(condition: string, inputs: Record<string, bigint>): boolean {
  const tokens = scan(condition);
  if (tokens.length === 0) return true;
  let at = 0;
  const isSymbol = (text: string) => tokens[at]?.kind === 'symbol' && (tokens[at] as { text: string }).text === text;
  const take = (text: string) => {
    if (!isSymbol(text)) throw new Error(`reference: expected '${text}' in '${condition}'`);
    at++;
  };

  const operand = (): bigint => {
    const t = tokens[at++];
    if (t?.kind === 'number') return t.value;
    if (t?.kind !== 'name') throw new Error(`reference: expected an operand in '${condition}'`);
    const value = inputs[t.text] ?? 0n;
    if (!isSymbol('[')) return value;
    take('[');
    const bit = tokens[at++];
    if (bit?.kind !== 'number') throw new Error(`reference: expected a bit number in '${condition}'`);
    take(']');
    return (value >> bit.value) & 1n;
  };
  const atom = (): boolean => {
    if (isSymbol('(')) {
      take('(');
      const value = either();
      take(')');
      return value;
    }
    const t = tokens[at];
    if (t?.kind === 'name' && (t.text === 'true' || t.text === 'false')) {
      at++;
      return t.text === 'true';
    }
    const left = operand();
    const op = tokens[at];
    const compare = op?.kind === 'symbol' ? COMPARE[op.text] : undefined;
    if (compare) {
      at++;
      return compare(left, operand());
    }
    return left !== 0n;
  };
  const negation = (): boolean => {
    if (!isSymbol('!')) return atom();
    take('!');
    return !negation();
  };
  const both = (): boolean => {
    let value = negation();
    while (isSymbol('&&')) {
      take('&&');
      const right = negation(); // always read the right side, whatever the left gave
      value = value && right;
    }
    return value;
  };
  const either = (): boolean => {
    let value = both();
    while (isSymbol('||')) {
      take('||');
      const right = both();
      value = value || right;
    }
    return value;
  };

  const result = either();
  if (at !== tokens.length) throw new Error(`reference: unread text in '${condition}'`);
  return result;
}

/** An output value as typed: 5, 0x1F or 0b101; blank is undefined. */
function outputValue(text: string | undefined): bigint | undefined {
  const t = (text ?? '').trim().replace(/_/g, '').toLowerCase();
  return t === '' ? undefined : BigInt(t);
}

/**
 * One clock cycle in `state`: the outputs during it and the next state. The first transition out
 * of the state (in list order) whose condition holds is taken; Mealy transitions override the
 * state's outputs where they give a value; with no transition the state holds.
 */
export function referenceStep(
  c: FsmConfig,
  state: string,
  inputs: Record<string, bigint>,
): { outputs: bigint[]; next: string } {
  const own = c.states.find((s) => s.name === state);
  if (!own) throw new Error(`reference: no state ${state}`);
  const stateOutputs = c.outputs.map((o) => outputValue(own.outputs?.[o.name]) ?? 0n);
  const taken = c.transitions.find((t) => t.from === state && evaluate(t.condition, inputs));
  if (!taken) return { outputs: stateOutputs, next: state };
  if (c.fsmType === 'moore') return { outputs: stateOutputs, next: taken.to };
  const outputs = c.outputs.map((o, i) => outputValue(taken.outputs?.[o.name]) ?? stateOutputs[i]!);
  return { outputs, next: taken.to };
}

/**
 * Replays a testbench's cycle list (inputs and reset per cycle) through the reference model and
 * lists every state or output the testbench expects differently. Reset is asynchronous: the state
 * is the reset state during a reset cycle and after it.
 */
export function sequenceProblems(c: FsmConfig, cycles: FsmCycle[]): string[] {
  const problems: string[] = [];
  let state = c.resetState;
  cycles.forEach((cycle, i) => {
    if (cycle.reset) state = c.resetState;
    const inputs = Object.fromEntries(c.inputs.map((s, k) => [s.name, cycle.inputs[k]!]));
    const r = referenceStep(c, state, inputs);
    if (cycle.state !== state) problems.push(`cycle ${i}: testbench expects state ${cycle.state}, reference ${state}`);
    c.outputs.forEach((o, k) => {
      if (cycle.outputs[k] !== r.outputs[k]) {
        problems.push(`cycle ${i} (${state}): ${o.name} expected ${cycle.outputs[k]}, reference ${r.outputs[k]}`);
      }
    });
    state = cycle.reset ? c.resetState : r.next;
  });
  return problems;
}
