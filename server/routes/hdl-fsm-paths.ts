/**
 * Which field of an FSM configuration a message of the FSM generator's validate() is about, so
 * POST /api/hdl/fsm answers `states.2.name` rather than only the sentence. The messages name
 * their subject first ("Input 'go' ...", "Transition 3 (A → B): ..."); names are quoted as
 * excerpts (src/core/excerpt.ts), so they are matched the same way.
 */
import { excerpt } from '../../src/core/excerpt';
import type { FsmConfig } from '../../src/core/hdl/fsm';

type Path = (string | number)[];

const LISTS = { Input: 'inputs', Output: 'outputs', State: 'states' } as const;
const SINGLE: Record<string, keyof FsmConfig> = {
  'module name': 'moduleName',
  'clock name': 'clkName',
  'reset name': 'resetName',
};

const indexOf = (list: { name: string }[], quoted: string, last = false) => {
  const match = (s: { name: string }) => excerpt(s.name).toLowerCase() === quoted.toLowerCase();
  return last ? list.findLastIndex(match) : list.findIndex(match);
};

/** `[list, index, field]`, or the list alone when no entry has that (quoted) name. */
function entry(list: keyof typeof LISTS, quoted: string, c: FsmConfig, field: string, last = false): Path {
  const key = LISTS[list];
  const i = indexOf(c[key], quoted, last);
  return i < 0 ? [key] : [key, i, field];
}

export function fsmIssuePath(message: string, c: FsmConfig): Path {
  if (message.startsWith('Add at least one state')) return ['states'];
  if (message.startsWith('Reset state ')) return ['resetState'];
  for (const [label, field] of Object.entries(SINGLE)) {
    const lower = message.toLowerCase();
    if (lower.startsWith(`${label} '`) || lower.startsWith(`${label} is empty`)) return [field];
  }
  // An emptied name says its row: "State 2 name is empty."
  const emptied = /^(Input|Output|State) (\d+) name /.exec(message);
  if (emptied) return [LISTS[emptied[1] as keyof typeof LISTS], Number(emptied[2]) - 1, 'name'];
  // "Duplicate name 'x': state 'x' and input 'x' (...)": the second of the two.
  const dup = /^Duplicate name '(.*?)': .* and (module name|clock name|reset name|input|output|state) '/.exec(message);
  if (dup) {
    const kind = dup[2]!;
    if (SINGLE[kind]) return [SINGLE[kind]];
    const list = (kind[0]!.toUpperCase() + kind.slice(1)) as keyof typeof LISTS;
    return entry(list, dup[1]!, c, 'name', true);
  }
  const signal = /^(Input|Output|State) '(.*?)' (width)?/.exec(message);
  if (signal) return entry(signal[1] as keyof typeof LISTS, signal[2]!, c, signal[3] ? 'width' : 'name');
  // "State IDLE: value 'x' for output 'busy' ..." / "... does not fit output 'busy' ..."
  const stateValue = /^State (.*?): .*output '(.*?)'/.exec(message);
  if (stateValue) {
    const at = entry('State', stateValue[1]!, c, 'outputs');
    return at.length === 3 ? [...at, stateValue[2]!] : at;
  }
  const transition = /^Transition (\d+) \(.*?\): (.*)$/.exec(message);
  if (transition) {
    const i = Number(transition[1]) - 1;
    const t = c.transitions[i];
    const rest = transition[2]!;
    if (!t) return ['transitions'];
    const unknown = /^unknown state '(.*)'\.$/.exec(rest);
    if (unknown) return ['transitions', i, excerpt(t.from) === unknown[1] ? 'from' : 'to'];
    const value = /output '(.*?)'/.exec(rest);
    if (/^(value|\S+ does not fit)/.test(rest) && value) return ['transitions', i, 'outputs', value[1]!];
    return ['transitions', i, 'condition'];
  }
  return [];
}
