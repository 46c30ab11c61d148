import { create } from 'zustand';
import {
  addState,
  DEFAULT_FSM,
  ENCODINGS,
  FSM_TYPES,
  moveOutputValues,
  removeOutput,
  removeState,
  renameInput,
  renameState,
  type FsmConfig,
  type FsmSignal,
  type FsmState,
  type FsmTransition,
} from '../../core/hdl/fsm/config';
import { generateBoth, type GenerationResult } from './logic';
import { keepDraft } from '../../browser/draft';
import type { PermalinkSpec } from '../../browser/permalink';
import { tool } from './tool';

export type FsmTab = 'config' | 'code';

export interface GeneratedFsm extends GenerationResult {
  /** The configuration the code was generated from (for downloads and the testbench). */
  config: FsmConfig;
}

type SignalKind = 'inputs' | 'outputs';

interface FsmStore {
  config: FsmConfig;
  tab: FsmTab;
  generated: GeneratedFsm | null;
  setTab(tab: FsmTab): void;
  setConfig(config: FsmConfig): void;
  update(patch: Partial<FsmConfig>): void;
  addState(): void;
  removeState(index: number): void;
  updateState(index: number, patch: Partial<FsmState>): void;
  setStateOutput(index: number, output: string, value: string): void;
  addSignal(kind: SignalKind): void;
  removeSignal(kind: SignalKind, index: number): void;
  updateSignal(kind: SignalKind, index: number, patch: Partial<FsmSignal>): void;
  addTransition(): void;
  removeTransition(index: number): void;
  moveTransition(index: number, by: -1 | 1): void;
  updateTransition(index: number, patch: Partial<FsmTransition>): void;
  setTransitionOutput(index: number, output: string, value: string): void;
  setGenerated(g: GeneratedFsm | null): void;
}

function freshName(prefix: string, taken: string[]): string {
  let i = taken.length;
  while (taken.includes(`${prefix}${i}`)) i++;
  return `${prefix}${i}`;
}

export const useFsmStore = create<FsmStore>((set) => {
  /** The name being typed ('states.2', 'inputs.0'), the machine before it was, and the last key's result. */
  let typing: { field: string; base: FsmConfig; result: FsmConfig } | null = null;
  /**
   * A name typed key by key can pass through another's name (DONE, I, ..., IDLE, IDLE_WAIT): the
   * next key would then take that one's references too. So while one name is typed, each key
   * renames from the machine as it was before the typing began.
   */
  const typed = (field: string, c: FsmConfig, rename: (base: FsmConfig) => FsmConfig) => {
    const base = typing?.field === field && typing.result === c ? typing.base : c;
    const result = rename(base);
    typing = { field, base, result };
    return result;
  };
  const edit = (fn: (c: FsmConfig) => FsmConfig) => set((s) => ({ config: fn(s.config) }));
  return {
    config: DEFAULT_FSM,
    tab: 'config',
    generated: null,
    setTab: (tab) => set({ tab }),
    setConfig: (config) => set({ config }),
    update: (patch) => edit((c) => ({ ...c, ...patch })),
    addState: () => edit(addState),
    removeState: (index) => edit((c) => removeState(c, index)),
    updateState: (index, patch) =>
      edit((c) => {
        const apply = (m: FsmConfig) => ({
          ...m,
          states: m.states.map((s, i) => (i === index ? { ...s, ...patch } : s)),
        });
        if (patch.name === undefined || patch.name === c.states[index]?.name) return apply(c);
        return typed(`states.${index}`, c, (base) => apply(renameState(base, index, patch.name!)));
      }),
    setStateOutput: (index, output, value) =>
      edit((c) => ({
        ...c,
        states: c.states.map((s, i) => (i === index ? { ...s, outputs: { ...s.outputs, [output]: value } } : s)),
      })),
    addSignal: (kind) =>
      edit((c) => {
        const taken = [...c.inputs, ...c.outputs].map((s) => s.name);
        const name = freshName(kind === 'inputs' ? 'in_' : 'out_', taken);
        return { ...c, [kind]: [...c[kind], { name, width: 1, description: '' }] };
      }),
    removeSignal: (kind, index) =>
      edit((c) =>
        kind === 'outputs' ? removeOutput(c, index) : { ...c, inputs: c.inputs.filter((_, i) => i !== index) },
      ),
    updateSignal: (kind, index, patch) =>
      edit((c) => {
        const old = c[kind][index]?.name;
        const { name } = patch;
        const apply = (m: FsmConfig) => ({
          ...m,
          [kind]: m[kind].map((s, i) => (i === index ? { ...s, ...patch } : s)),
        });
        if (old === undefined || name === undefined || name === old) return apply(c);
        if (kind === 'inputs') return typed(`inputs.${index}`, c, (base) => apply(renameInput(base, index, name)));
        return apply(moveOutputValues(c, index, name));
      }),
    addTransition: () =>
      edit((c) => {
        const [first, second] = c.states; // from the first state to the second (or itself)
        if (!first) return c;
        const transition = { from: first.name, to: (second ?? first).name, condition: c.inputs[0]?.name ?? '1' };
        return { ...c, transitions: [...c.transitions, transition] };
      }),
    removeTransition: (index) => edit((c) => ({ ...c, transitions: c.transitions.filter((_, i) => i !== index) })),
    moveTransition: (index, by) =>
      edit((c) => {
        const j = index + by;
        const moved = c.transitions[index];
        const other = c.transitions[j];
        if (!moved || !other) return c;
        const transitions = [...c.transitions];
        transitions[index] = other;
        transitions[j] = moved;
        return { ...c, transitions };
      }),
    updateTransition: (index, patch) =>
      edit((c) => ({ ...c, transitions: c.transitions.map((t, i) => (i === index ? { ...t, ...patch } : t)) })),
    setTransitionOutput: (index, output, value) =>
      edit((c) => ({
        ...c,
        transitions: c.transitions.map((t, i) =>
          i === index ? { ...t, outputs: { ...t.outputs, [output]: value } } : t,
        ),
      })),
    setGenerated: (generated) => set({ generated }),
  };
});

keepDraft(useFsmStore, tool.path, ({ config, tab }) => ({ config, tab }));
reopenCodeTab();

/**
 * A draft keeps the machine, not its code (a few ms to make again): reopened on the Generated Code
 * tab, it shows the code of the machine kept (it said 'Press Generate Code' after a reload), or the
 * Configuration tab when that machine has no code.
 */
function reopenCodeTab() {
  const { tab, config, generated } = useFsmStore.getState();
  if (tab !== 'code' || generated) return;
  const r = generateBoth(config);
  useFsmStore.setState(r.files.verilog || r.files.vhdl ? { generated: { ...r, config } } : { tab: 'config' });
}

const isText = (v: unknown) => typeof v === 'string';
const isRecordOfText = (v: unknown) =>
  v === undefined || (typeof v === 'object' && v !== null && Object.values(v).every(isText));
const listOf = (v: unknown, ok: (item: Record<string, unknown>) => boolean) =>
  v === undefined ||
  (Array.isArray(v) && v.every((x) => typeof x === 'object' && x !== null && ok(x as Record<string, unknown>)));

/** A width an emptied field left NaN is null in JSON, so in the link the page writes. */
const isWidth = (v: unknown) => typeof v === 'number' || v === null;
const widthsRead = (signals: FsmSignal[]) => signals.map((s) => ({ ...s, width: s.width ?? NaN }));

const isOneOf = (v: unknown, options: { value: string }[]) => v === undefined || options.some((o) => o.value === v);

/**
 * A machine from a link must have the shape the editors draw, and a type and an encoding their lists
 * offer; its meaning is checked by validate().
 */
function fsmShapeOk(c: Partial<FsmConfig>): boolean {
  return (
    isOneOf(c.fsmType, FSM_TYPES) &&
    isOneOf(c.encoding, ENCODINGS) &&
    listOf(c.states, (s) => isText(s.name) && isText(s.code) && isText(s.description) && isRecordOfText(s.outputs)) &&
    listOf(c.inputs, (s) => isText(s.name) && isWidth(s.width) && isText(s.description)) &&
    listOf(c.outputs, (s) => isText(s.name) && isWidth(s.width) && isText(s.description)) &&
    listOf(c.transitions, (t) => isText(t.from) && isText(t.to) && isText(t.condition) && isRecordOfText(t.outputs))
  );
}

/** The whole machine is in the link (its lists as JSON). */
export const fsmLink: PermalinkSpec<FsmStore, FsmConfig> = {
  pick: ({ config }) => config,
  apply: (config) => {
    const c = { ...useFsmStore.getState().config, ...config };
    useFsmStore.getState().setConfig({ ...c, inputs: widthsRead(c.inputs), outputs: widthsRead(c.outputs) });
  },
  defaults: DEFAULT_FSM,
  accept: fsmShapeOk,
};
