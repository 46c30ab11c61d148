/**
 * The FSM design model: compileFsm checks a configuration (errors block generation; warnings such
 * as unreachable states or shadowed transitions do not) and turns it into the form the emitters,
 * the testbenches and the reference model `step` use; configurationLines is the header comment
 * block of every generated file.
 */
import { ENCODINGS, type FsmConfig } from './config';
import {
  comparedConstants,
  ConditionError,
  conditionSignals,
  evaluateCondition,
  isAlways,
  parseCondition,
  type CmpOp,
  type Cond,
  type Widths,
} from './condition';
import { identifierProblem } from './names';
import { stateCodes, type StateCodes } from './encoding';
import { excerpt } from '../../excerpt';
import { nearestName } from '../../edit-distance';

export const MAX_WIDTH = 64;

export interface CompiledTransition {
  index: number;
  from: string;
  to: string;
  text: string;
  cond: Cond;
  /** Mealy output overrides by output index (undefined: keep the state's value). */
  outputs: (bigint | undefined)[];
}

export interface CompiledFsm {
  config: FsmConfig;
  codes: StateCodes;
  inputWidths: Widths;
  /** State name -> output values in output order. */
  stateOutputs: Map<string, bigint[]>;
  /** State name -> its transitions in priority order. */
  transitionsFrom: Map<string, CompiledTransition[]>;
}

export interface CompileResult {
  fsm?: CompiledFsm;
  errors: string[];
  warnings: string[];
  /**
   * The fields a name, width, condition or output value error is about, each with the index of its
   * message in `errors` ('moduleName', 'states.1.name', 'inputs.0.width', 'transitions.2.condition',
   * 'states.0.outputs.busy', ...), so that a page can mark them.
   */
  fields: Record<string, number>;
}

/** Parses an output value: decimal, 0x hex or 0b binary; '' is `blank`. */
export function parseValue(text: string | undefined, blank: bigint | undefined): bigint | undefined | null {
  const t = (text ?? '').trim().replace(/_/g, '');
  if (t === '') return blank;
  if (!/^(0x[0-9a-f]+|0b[01]+|\d+)$/i.test(t)) return null;
  return BigInt(t.toLowerCase());
}

/** A name, value or condition the user typed, quoted in a message: at most its first 40 characters. */
/**
 * A record's own value for a name the user typed: `constructor`, `toString` or `hasOwnProperty` are
 * names like any other, never Object.prototype's.
 */
const own = <T>(record: Record<string, T> | undefined, name: string): T | undefined =>
  record && Object.hasOwn(record, name) ? record[name] : undefined;

const q = (text: string | undefined) => `'${excerpt(String(text))}'`;

function fits(value: bigint, width: number): boolean {
  return value >= 0n && value < 1n << BigInt(width);
}

/** Adds an error about some fields (the first error about a field is the one it keeps). */
function fieldError(r: CompileResult, message: string, ...fields: (string | undefined)[]): void {
  r.errors.push(message);
  for (const f of fields) if (f !== undefined) r.fields[f] ??= r.errors.length - 1;
}

function checkNames(c: FsmConfig, r: CompileResult): void {
  const seen = new Map<string, { who: string; field?: string }>();
  // `position`: the row of a list ("State 2"), so an emptied name says which one it was.
  const claim = (kind: string, name: string, field: string, position?: number) => {
    const problem = identifierProblem(name);
    if (name === '') {
      fieldError(r, `${position === undefined ? kind : `${kind} ${position + 1} name`} ${problem}.`, field);
      return;
    }
    if (problem) {
      fieldError(r, `${kind} ${q(name)} ${problem}.`, field);
      return;
    }
    const key = name.toLowerCase();
    const other = seen.get(key);
    if (other)
      fieldError(
        r,
        `Duplicate name ${q(name)}: ${other.who} and ${kind.toLowerCase()} ${q(name)} (names are compared without case, as in VHDL).`,
        field,
        other.field,
      );
    else seen.set(key, { who: `${kind.toLowerCase()} ${q(name)}`, field });
  };
  claim('Module name', c.moduleName, 'moduleName');
  // The testbench is an entity / module of its own: <module>_tb.
  if (!identifierProblem(c.moduleName))
    seen.set(`${c.moduleName.toLowerCase()}_tb`, { who: `the testbench ${q(c.moduleName + '_tb')}` });
  claim('Clock name', c.clkName, 'clkName');
  claim('Reset name', c.resetName, 'resetName');
  c.inputs.forEach((s, i) => claim('Input', s.name, `inputs.${i}.name`, i));
  c.outputs.forEach((s, i) => claim('Output', s.name, `outputs.${i}.name`, i));
  c.states.forEach((s, i) => claim('State', s.name, `states.${i}.name`, i));
}

function checkWidths(kind: 'inputs' | 'outputs', c: FsmConfig, r: CompileResult): void {
  const noun = kind === 'inputs' ? 'Input' : 'Output';
  c[kind].forEach((s, i) => {
    if (!Number.isInteger(s.width) || s.width < 1 || s.width > MAX_WIDTH)
      fieldError(r, `${noun} ${q(s.name)} width must be a whole number from 1 to ${MAX_WIDTH}.`, `${kind}.${i}.width`);
  });
}

function outputValues(
  c: FsmConfig,
  where: string,
  values: Record<string, string> | undefined,
  blank: bigint | undefined,
  r: CompileResult,
  /** The values' field: 'states.0.outputs', 'transitions.2.outputs'. */
  field: string,
): (bigint | undefined)[] {
  return c.outputs.map((o) => {
    const error = (message: string) => fieldError(r, message, `${field}.${o.name}`);
    const text = own(values, o.name);
    const v = parseValue(text, blank);
    if (v === null) {
      error(`${where}: value ${q(text)} for output ${q(o.name)} is not a number (use 5, 0x1F or 0b101).`);
      return 0n;
    }
    if (v !== undefined && Number.isInteger(o.width) && o.width >= 1 && !fits(v, Math.min(o.width, MAX_WIDTH))) {
      error(
        `${where}: value ${excerpt(String(v))} does not fit output ${q(o.name)} (${o.width} bit${o.width > 1 ? 's' : ''}).`,
      );
    }
    return v;
  });
}

/**
 * Why comparing an input with a constant it cannot hold is refused: `==` never holds; the other
 * comparisons always give the same answer (`count < 8` of a 3-bit count is always true).
 */
function beyondInput(signal: { name: string; bit?: number }, op: CmpOp, value: bigint, width: number): string {
  const name = signal.bit === undefined ? signal.name : `${signal.name}[${signal.bit}]`;
  // A bit select is named as such: "input 'v' (1 bit)" sent the reader to an 8-bit v's width.
  const compared = `${signal.bit === undefined ? 'input' : 'bit'} ${q(name)} (${width} bit${width > 1 ? 's' : ''})`;
  if (op === '==') return `${excerpt(String(value))} can never equal ${compared}.`;
  const truth = op === '<' || op === '<=' || op === '!='; // the constant is above every value of the input
  const max = (1n << BigInt(width)) - 1n;
  return `${q(`${name} ${op} ${value}`)} is always ${truth}: ${compared} is at most ${max}.`;
}

function compileCondition(
  t: FsmConfig['transitions'][number],
  label: string,
  widths: Widths,
  r: CompileResult,
  field: string,
): Cond {
  const error = (message: string) => fieldError(r, message, field);
  let cond: Cond;
  try {
    cond = parseCondition(t.condition);
  } catch (e) {
    if (!(e instanceof ConditionError)) throw e;
    error(`${label}: condition ${q(t.condition)}: ${e.message}.`);
    return { kind: 'const', value: false };
  }
  for (const s of conditionSignals(cond)) {
    const width = own(widths, s.name);
    if (width === undefined) {
      // TRUE, False (VHDL's spelling) are reserved words, never inputs: the language's true, false.
      const constant = ['true', 'false'].find((c) => c === s.name.toLowerCase() && s.bit === undefined);
      const meant = constant ?? nearestName(s.name, Object.keys(widths));
      error(`${label}: condition uses ${q(s.name)}, which is not an input${meant ? ` (did you mean ${meant}?)` : ''}.`);
    } else if (s.bit !== undefined && s.bit >= width)
      error(`${label}: bit ${s.bit} is outside input ${q(s.name)} (${width} bit${width > 1 ? 's' : ''}).`);
  }
  for (const { signal, op, value } of comparedConstants(cond)) {
    const width = signal.bit !== undefined ? 1 : own(widths, signal.name);
    if (width !== undefined && !fits(value, width)) error(`${label}: ${beyondInput(signal, op, value, width)}`);
  }
  return cond;
}

/**
 * The most input bits whose every value is tried to find a transition that is never taken (256
 * values): wider inputs are left to the always-true rule, so the live checks stay quick.
 */
const TRIED_BITS = 8;

/** Every value of the inputs `names` together (their widths adding up to at most TRIED_BITS). */
function everyValue(names: string[], widths: Widths): Record<string, bigint>[] {
  const total = names.reduce((n, name) => n + widths[name]!, 0);
  return Array.from({ length: 2 ** total }, (_, v) => {
    const values: Record<string, bigint> = {};
    let rest = BigInt(v);
    for (const name of names) {
      const w = BigInt(widths[name]!);
      values[name] = rest & ((1n << w) - 1n);
      rest >>= w;
    }
    return values;
  });
}

/**
 * Why transition `j` of a state's list is never taken, if it is not and the inputs read up to it are
 * narrow enough to try every value: its condition never holds, or only when an earlier one does.
 */
function neverTakenReason(list: CompiledTransition[], j: number, widths: Widths): string | undefined {
  const names = [...new Set(list.slice(0, j + 1).flatMap((t) => conditionSignals(t.cond).map((s) => s.name)))];
  if (names.reduce((n, name) => n + widths[name]!, 0) > TRIED_BITS) return undefined;
  let holds = false;
  for (const values of everyValue(names, widths)) {
    if (!evaluateCondition(list[j]!.cond, values)) continue;
    holds = true;
    if (!list.slice(0, j).some((t) => evaluateCondition(t.cond, values))) return undefined;
  }
  return holds
    ? `an earlier transition out of ${list[j]!.from} is taken whenever its condition holds`
    : 'its condition never holds';
}

/** States no usable transition leads to from the reset state (never-taken transitions do not count). */
function unreachable(c: FsmConfig, from: Map<string, CompiledTransition[]>, neverTaken: Set<number>): string[] {
  const seen = new Set([c.resetState]);
  const queue = [c.resetState];
  while (queue.length) {
    for (const t of from.get(queue.shift()!) ?? []) {
      if (neverTaken.has(t.index) || (t.cond.kind === 'const' && !t.cond.value)) continue;
      if (!seen.has(t.to)) {
        seen.add(t.to);
        queue.push(t.to);
      }
    }
  }
  return c.states.filter((s) => !seen.has(s.name)).map((s) => s.name);
}

/** Descriptions and conditions end up in one-line comments: keep them on one line. */
function oneLine(text: string): string {
  return text.replace(/[\r\n\t\f\v]+/g, ' ').trim();
}

function tidy(c: FsmConfig): FsmConfig {
  const desc = <T extends { description: string }>(x: T): T => ({ ...x, description: oneLine(x.description ?? '') });
  return {
    ...c,
    states: c.states.map(desc),
    inputs: c.inputs.map(desc),
    outputs: c.outputs.map(desc),
    transitions: c.transitions.map((t) => ({ ...t, condition: oneLine(t.condition ?? '') })),
  };
}

export function compileFsm(config: FsmConfig): CompileResult {
  const c = tidy(config);
  const result: CompileResult = { errors: [], warnings: [], fields: {} };
  const { errors, warnings } = result;
  if (c.states.length === 0) return { ...result, errors: ['Add at least one state.'] };
  checkNames(c, result);
  checkWidths('inputs', c, result);
  checkWidths('outputs', c, result);
  const stateNames = new Set(c.states.map((s) => s.name));
  if (!stateNames.has(c.resetState)) errors.push(`Reset state ${q(c.resetState)} is not one of the states.`);

  const inputWidths: Widths = Object.fromEntries(c.inputs.map((s) => [s.name, s.width]));
  const stateOutputs = new Map<string, bigint[]>();
  c.states.forEach((s, i) =>
    stateOutputs.set(
      s.name,
      outputValues(c, `State ${excerpt(s.name)}`, s.outputs, 0n, result, `states.${i}.outputs`) as bigint[],
    ),
  );

  const transitionsFrom = new Map<string, CompiledTransition[]>(c.states.map((s) => [s.name, []]));
  c.transitions.forEach((t, index) => {
    const label = `Transition ${index + 1} (${excerpt(t.from || '?')} → ${excerpt(t.to || '?')})`;
    if (!stateNames.has(t.from)) errors.push(`${label}: unknown state ${q(t.from)}.`);
    if (!stateNames.has(t.to)) errors.push(`${label}: unknown state ${q(t.to)}.`);
    const cond = compileCondition(t, label, inputWidths, result, `transitions.${index}.condition`);
    const outputs =
      c.fsmType === 'mealy'
        ? outputValues(c, label, t.outputs, undefined, result, `transitions.${index}.outputs`)
        : c.outputs.map(() => undefined);
    transitionsFrom
      .get(t.from)
      ?.push({ index, from: t.from, to: t.to, text: t.condition.trim() || '1', cond, outputs });
  });

  const neverTaken = new Set<number>();
  for (const [state, list] of transitionsFrom) {
    const always = list.findIndex((t) => isAlways(t.cond));
    for (const t of list.slice(always + 1)) {
      if (always < 0) continue;
      neverTaken.add(t.index);
      warnings.push(
        `Transition ${t.index + 1} (${state} → ${t.to}) is never taken: an earlier transition out of ${state} is always true.`,
      );
    }
  }
  if (errors.length) return result;
  for (const [state, list] of transitionsFrom)
    list.forEach((t, j) => {
      const why = neverTaken.has(t.index) ? undefined : neverTakenReason(list, j, inputWidths);
      if (!why) return;
      neverTaken.add(t.index);
      warnings.push(`Transition ${t.index + 1} (${state} → ${t.to}) is never taken: ${why}.`);
    });
  for (const name of unreachable(c, transitionsFrom, neverTaken))
    warnings.push(`State ${name} is unreachable from the reset state ${c.resetState}.`);
  const codes = stateCodes(c);
  if (codes.note) warnings.push(codes.note);
  return { ...result, fsm: { config: c, codes, inputWidths, stateOutputs, transitionsFrom } };
}

export interface StepResult {
  next: string;
  outputs: bigint[];
  /** The transition taken, if any. */
  taken?: CompiledTransition;
}

/** The reference model: outputs during this cycle and the state after the next clock edge. */
export function step(fsm: CompiledFsm, state: string, inputs: Record<string, bigint>): StepResult {
  const taken = fsm.transitionsFrom.get(state)?.find((t) => evaluateCondition(t.cond, inputs));
  const base = fsm.stateOutputs.get(state)!;
  const outputs = fsm.config.fsmType === 'mealy' && taken ? base.map((v, i) => taken.outputs[i] ?? v) : [...base];
  return { next: taken ? taken.to : state, outputs, taken };
}

/** The configuration block at the top of every generated FSM file (both languages). */
export function configurationLines(fsm: CompiledFsm): string[] {
  const c = fsm.config;
  const encoding = ENCODINGS.find((e) => e.value === c.encoding)?.label ?? c.encoding;
  const signal = (s: { name: string; width: number; description: string }) =>
    `    ${s.name}${s.width > 1 ? ` [${s.width}]` : ''}${s.description ? `  ${s.description}` : ''}`;
  const nameWidth = Math.max(...c.states.map((s) => s.name.length));
  const lines = [
    'Configuration:',
    `  Module:      ${c.moduleName}`,
    `  Type:        ${c.fsmType === 'moore' ? 'Moore (outputs depend on the state only)' : 'Mealy (outputs depend on the state and the inputs)'}`,
    `  Encoding:    ${encoding} (${fsm.codes.width} state bit${fsm.codes.width > 1 ? 's' : ''})`,
    `  Clock:       ${c.clkName} (rising edge)`,
    `  Reset:       ${c.resetName} (asynchronous, active high) -> ${c.resetState}`,
    `  States (${c.states.length}):`,
    ...c.states.map(
      (s) =>
        `    ${s.name.padEnd(nameWidth)} = ${fsm.codes.codes.get(s.name)}${s.description ? `  ${s.description}` : ''}`,
    ),
    `  Inputs (${c.inputs.length}):`,
    ...c.inputs.map(signal),
    `  Outputs (${c.outputs.length}):`,
    ...c.outputs.map(signal),
    '  Transitions (first true condition out of a state wins; otherwise the state holds):',
    ...c.transitions.map((t, i) => `    ${i + 1}. ${t.from} -> ${t.to} when ${t.condition.trim() || '1'}`),
  ];
  return lines;
}
