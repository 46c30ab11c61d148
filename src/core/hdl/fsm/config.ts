/**
 * FSM generator configuration (spec part 2, sections 3, 4 and 9): entities, defaults, the two
 * examples and the add-state rule. Pure.
 */

export type FsmType = 'moore' | 'mealy';
export type StateEncoding = 'binary' | 'onehot' | 'gray';

export interface FsmState {
  name: string;
  /** Binary code, used as-is by the binary encoding when every code is distinct. */
  code: string;
  description: string;
  /** Output name -> value (decimal, 0x hex or 0b binary); missing means 0. */
  outputs?: Record<string, string>;
}

export interface FsmSignal {
  name: string;
  width: number;
  description: string;
}

export interface FsmTransition {
  from: string;
  to: string;
  /** Condition language (see condition.ts); empty or 1 means always. */
  condition: string;
  /** Mealy only: output values while this transition's condition holds; blank keeps the state's value. */
  outputs?: Record<string, string>;
}

export interface FsmConfig {
  moduleName: string;
  fsmType: FsmType;
  encoding: StateEncoding;
  resetState: string;
  clkName: string;
  resetName: string;
  numStates: number;
  states: FsmState[];
  inputs: FsmSignal[];
  outputs: FsmSignal[];
  /** In priority order: the first true condition out of a state wins. */
  transitions: FsmTransition[];
}

export const FSM_TYPES: { value: FsmType; label: string }[] = [
  { value: 'moore', label: 'Moore' },
  { value: 'mealy', label: 'Mealy' },
];

export const ENCODINGS: { value: StateEncoding; label: string }[] = [
  { value: 'binary', label: 'Binary' },
  { value: 'onehot', label: 'One-Hot' },
  { value: 'gray', label: 'Gray' },
];

/** Spec: a new state's code is the 2-bit binary of the state count. */
export function binaryCode(n: number): string {
  return n.toString(2).padStart(2, '0');
}

/**
 * Appends STATE_{n} (n = current count) with code binary(n) and description "State n". When that
 * name is taken (a state removed or renamed before), n counts on to the first free one: the Checks
 * compare every name of the design without case, so a second STATE_3 would be an error at once.
 */
export function addState(c: FsmConfig): FsmConfig {
  const taken = new Set(
    [c.moduleName, c.clkName, c.resetName, ...c.inputs, ...c.outputs, ...c.states].map((x) =>
      (typeof x === 'string' ? x : x.name).toLowerCase(),
    ),
  );
  let n = c.states.length;
  while (taken.has(`state_${n}`)) n++;
  const states = [...c.states, { name: `STATE_${n}`, code: binaryCode(n), description: `State ${n}` }];
  return { ...c, states, numStates: states.length };
}

/** Removes a state and the transitions touching it; blocked (unchanged) at one state. */
export function removeState(c: FsmConfig, index: number): FsmConfig {
  const gone = c.states[index]?.name;
  const states = c.states.filter((_, i) => i !== index);
  const [first] = states; // none when `index` is the only state
  if (gone === undefined || !first) return c;
  return {
    ...c,
    states,
    numStates: states.length,
    resetState: c.resetState === gone ? first.name : c.resetState,
    transitions: c.transitions.filter((t) => t.from !== gone && t.to !== gone),
  };
}

/**
 * Removes an output and its values in every state and transition (the generators would ignore them);
 * the values stay while another output has the same name.
 */
export function removeOutput(c: FsmConfig, index: number): FsmConfig {
  const gone = c.outputs[index]?.name;
  if (gone === undefined) return c;
  const shared = c.outputs.some((o, i) => i !== index && o.name === gone);
  const drop = (values?: Record<string, string>) => {
    if (shared || values?.[gone] === undefined) return values;
    const { [gone]: _removed, ...rest } = values;
    return rest;
  };
  return {
    ...c,
    outputs: c.outputs.filter((_, i) => i !== index),
    states: c.states.map((s) => ({ ...s, outputs: drop(s.outputs) })),
    transitions: c.transitions.map((t) => ({ ...t, outputs: drop(t.outputs) })),
  };
}

/** The one value key that is no output's name: where moveOutputValues left an output's values. */
function waitingKey(c: FsmConfig): string | undefined {
  const names = new Set(c.outputs.map((o) => o.name));
  const keys = [...c.states, ...c.transitions].flatMap((e) => Object.keys(e.outputs ?? {}));
  const orphans = new Set(keys.filter((k) => !names.has(k)));
  return orphans.size === 1 ? [...orphans][0] : undefined;
}

/**
 * Moves output `index`'s values in every state and transition to `name`, as the name is typed.
 * Never over another output's values: while the name is another output's, the values wait under
 * the name before, and move on when the name is unique again.
 */
export function moveOutputValues(c: FsmConfig, index: number, name: string): FsmConfig {
  const old = c.outputs[index]?.name;
  if (old === undefined || old === name) return c;
  const others = new Set(c.outputs.filter((_, i) => i !== index).map((o) => o.name));
  const from = others.has(old) ? waitingKey(c) : old;
  if (others.has(name) || from === undefined) return c;
  const move = (values?: Record<string, string>) => {
    const v = values?.[from];
    if (!values || v === undefined) return values;
    const { [from]: _moved, ...rest } = values;
    return { ...rest, [name]: v };
  };
  return {
    ...c,
    states: c.states.map((s) => ({ ...s, outputs: move(s.outputs) })),
    transitions: c.transitions.map((t) => ({ ...t, outputs: move(t.outputs) })),
  };
}

/** A name as a condition reads it (condition.ts), other than its constants. */
const conditionName = (name: string) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) && name !== 'true' && name !== 'false';

/**
 * Renames input `index` and the name in every condition (whole names only: `start` in `start_req`
 * stays). The conditions keep the old name while the new one is no name a condition can hold
 * (empty, half typed) or another input's: they never take over another input's references.
 */
export function renameInput(c: FsmConfig, index: number, name: string): FsmConfig {
  const old = c.inputs[index]?.name;
  if (old === undefined) return c;
  const inputs = c.inputs.map((s, i) => (i === index ? { ...s, name } : s));
  const others = c.inputs.filter((_, i) => i !== index).map((s) => s.name);
  if (!conditionName(old) || !conditionName(name) || others.includes(old) || others.includes(name))
    return { ...c, inputs };
  const word = new RegExp(`(?<![A-Za-z0-9_])${old}(?![A-Za-z0-9_])`, 'g');
  return {
    ...c,
    inputs,
    transitions: c.transitions.map((t) => ({ ...t, condition: t.condition.replace(word, name) })),
  };
}

/** Renames a state and every reference to it (transitions, reset state). */
export function renameState(c: FsmConfig, index: number, name: string): FsmConfig {
  const old = c.states[index]?.name;
  if (old === undefined) return c;
  const states = c.states.map((s, i) => (i === index ? { ...s, name } : s));
  const fix = (n: string) => (n === old ? name : n);
  return {
    ...c,
    states,
    resetState: fix(c.resetState),
    transitions: c.transitions.map((t) => ({ ...t, from: fix(t.from), to: fix(t.to) })),
  };
}

export const DEFAULT_FSM: FsmConfig = {
  moduleName: 'my_fsm',
  fsmType: 'moore',
  encoding: 'binary',
  resetState: 'IDLE',
  clkName: 'clk',
  resetName: 'reset',
  numStates: 3,
  states: [
    { name: 'IDLE', code: '00', description: 'Waiting for start', outputs: { busy: '0', complete: '0' } },
    { name: 'RUN', code: '01', description: 'Working', outputs: { busy: '1', complete: '0' } },
    { name: 'DONE', code: '10', description: 'Finished', outputs: { busy: '0', complete: '1' } },
  ],
  inputs: [
    { name: 'start', width: 1, description: 'Start request' },
    { name: 'stop', width: 1, description: 'Stop request' },
  ],
  outputs: [
    { name: 'busy', width: 1, description: 'Machine is running' },
    { name: 'complete', width: 1, description: 'Run has completed' },
  ],
  transitions: [
    { from: 'IDLE', to: 'RUN', condition: 'start' },
    { from: 'RUN', to: 'DONE', condition: 'stop' },
    { from: 'DONE', to: 'IDLE', condition: '!start' },
  ],
};

/** Simple example: a three-state traffic light (Moore, binary). */
export const SIMPLE_EXAMPLE: FsmConfig = {
  moduleName: 'traffic_light',
  fsmType: 'moore',
  encoding: 'binary',
  resetState: 'RED',
  clkName: 'clk',
  resetName: 'reset',
  numStates: 3,
  states: [
    { name: 'RED', code: '00', description: 'Stop', outputs: { red_on: '1', yellow_on: '0', green_on: '0' } },
    { name: 'GREEN', code: '01', description: 'Go', outputs: { red_on: '0', yellow_on: '0', green_on: '1' } },
    {
      name: 'YELLOW',
      code: '10',
      description: 'Prepare to stop',
      outputs: { red_on: '0', yellow_on: '1', green_on: '0' },
    },
  ],
  inputs: [{ name: 'timer_done', width: 1, description: 'Phase timer expired' }],
  outputs: [
    { name: 'red_on', width: 1, description: 'Red lamp' },
    { name: 'yellow_on', width: 1, description: 'Yellow lamp' },
    { name: 'green_on', width: 1, description: 'Green lamp' },
  ],
  transitions: [
    { from: 'RED', to: 'GREEN', condition: 'timer_done' },
    { from: 'GREEN', to: 'YELLOW', condition: 'timer_done' },
    { from: 'YELLOW', to: 'RED', condition: 'timer_done' },
  ],
};

/** Complex example: a four-state burst transfer controller (Mealy, one-hot, multi-bit input). */
export const COMPLEX_EXAMPLE: FsmConfig = {
  moduleName: 'burst_controller',
  fsmType: 'mealy',
  encoding: 'onehot',
  resetState: 'IDLE',
  clkName: 'clk',
  resetName: 'rst',
  numStates: 4,
  states: [
    { name: 'IDLE', code: '00', description: 'Waiting for a request', outputs: { ready: '1', load: '0', phase: '0' } },
    {
      name: 'REQUEST',
      code: '01',
      description: 'Waiting for the bus grant',
      outputs: { ready: '0', load: '0', phase: '1' },
    },
    {
      name: 'TRANSFER',
      code: '10',
      description: 'Moving words until the count reaches 15',
      outputs: { ready: '0', load: '1', phase: '2' },
    },
    {
      name: 'FINISH',
      code: '11',
      description: 'Acknowledge the burst',
      outputs: { ready: '0', load: '0', phase: '3' },
    },
  ],
  inputs: [
    { name: 'req', width: 1, description: 'Transfer request' },
    { name: 'grant', width: 1, description: 'Bus granted' },
    { name: 'abort', width: 1, description: 'Cancel the burst' },
    { name: 'count', width: 4, description: 'Words transferred so far' },
  ],
  outputs: [
    { name: 'ready', width: 1, description: 'Controller idle' },
    { name: 'load', width: 1, description: 'Load the next word' },
    { name: 'phase', width: 2, description: 'Current phase number' },
  ],
  transitions: [
    { from: 'IDLE', to: 'REQUEST', condition: 'req && !abort', outputs: { ready: '0' } },
    { from: 'REQUEST', to: 'IDLE', condition: 'abort' },
    { from: 'REQUEST', to: 'TRANSFER', condition: 'grant', outputs: { load: '1' } },
    { from: 'TRANSFER', to: 'IDLE', condition: 'abort', outputs: { load: '0' } },
    { from: 'TRANSFER', to: 'FINISH', condition: 'count == 15', outputs: { load: '0' } },
    { from: 'FINISH', to: 'IDLE', condition: '!req || (count < 4 && grant)', outputs: { ready: '1' } },
  ],
};
