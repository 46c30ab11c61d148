import { createContext, memo, useContext, useDeferredValue, useMemo } from 'react';
import { parseCondition, ConditionError } from '../../core/hdl/fsm/condition';
import {
  removeState as withoutState,
  type FsmConfig,
  type FsmSignal,
  type FsmState,
  type FsmTransition,
} from '../../core/hdl/fsm/config';
import { Select, type SelectOption } from '../../components/fields';
import { changeThenFocus, removeKeepingFocus } from '../../components/focus';
import { useFsmStore } from './store';

/** The id of the Checks panel's error message with this index. */
export const errorId = (index: number) => `fsm-error-${index}`;

/** Marks a field the checks found wrong and points it at their message (`error`: the message's index). */
function invalidWhen(error: number | undefined) {
  return error === undefined ? {} : { 'aria-invalid': true, 'aria-describedby': errorId(error) };
}

/** The fields' errors, as compileFsm gives them: field key -> index of its message. */
export type FieldErrors = Record<string, number>;

/**
 * The checks' message index of each output value of a row, as text (`[null,3]`): a memoised row
 * gets a new value only when its own marks change.
 */
function valueErrors(fields: FieldErrors, row: string, outputs: FsmSignal[]): string {
  return JSON.stringify(outputs.map((o) => fields[`${row}.outputs.${o.name}`] ?? null));
}

/** invalidWhen for output value `k` of a row's valueErrors text. */
function valueInvalidWhen(errors: string, k: number) {
  return invalidWhen((JSON.parse(errors) as (number | null)[])[k] ?? undefined);
}

/** invalidWhen for the fields kit's inputs (TextField takes `invalid`). */
export function textFieldError(error: number | undefined) {
  return { invalid: error !== undefined, 'aria-describedby': error === undefined ? undefined : errorId(error) };
}

/** Removes through the page's Undo: `message` says what went, and Undo brings it back. */
export const RemovalUndo = createContext<(message: string, remove: () => void) => void>((_, remove) => remove());

/**
 * Removes a row, offering Undo. Its focus goes to the Remove of the row taking its place, else of
 * the previous row, else to Add.
 */
function useRemoveRow() {
  const removeWithUndo = useContext(RemovalUndo);
  return (button: HTMLElement, message: string, remove: () => void) =>
    removeKeepingFocus(button, () => removeWithUndo(message, remove), {
      scope: 'section',
      controls: '.fsm-remove',
      fallback: (section) => section.querySelector<HTMLElement>('.fsm-section-head button'),
    });
}

/**
 * Runs `add`, which appends a row, then focuses the row's first field (its label, from the row
 * count after the add: `State 4 name`), so the keyboard goes on in the new row.
 */
function addThenFocus(add: () => void, firstField: (config: FsmConfig) => string) {
  changeThenFocus(add, () =>
    document.querySelector<HTMLElement>(`[aria-label="${firstField(useFsmStore.getState().config)}"]`),
  );
}

/**
 * What Undo offers back when state `index` goes: the state, the transitions to and from it, and
 * the reset state when it was that one (removeState makes the first state left the reset state).
 */
function stateRemoved(index: number): string {
  const before = useFsmStore.getState().config;
  const name = before.states[index]?.name ?? '';
  const lost = before.transitions.filter((t) => t.from === name || t.to === name).length;
  const reset = before.resetState === name ? withoutState(before, index).resetState : undefined;
  return `State ${name} removed${lost ? ` with its ${lost} transition${lost === 1 ? '' : 's'}` : ''}${reset === undefined ? '' : `; the reset state is now ${reset}`}.`;
}

/**
 * Moves transition `i` by one and keeps focus on it, so Enter again moves it on: its Move button in
 * its new row, else (disabled at the end of the list) its other Move button.
 */
function moveKeepingFocus(i: number, by: -1 | 1) {
  const button = (dir: 'up' | 'down') =>
    document.querySelector<HTMLButtonElement>(`[aria-label="Move transition ${i + by + 1} ${dir}"]`);
  changeThenFocus(
    () => useFsmStore.getState().moveTransition(i, by),
    () => {
      const same = button(by < 0 ? 'up' : 'down');
      return same && !same.disabled ? same : button(by < 0 ? 'down' : 'up');
    },
  );
}

/** The states as options; a name that is no state (a removed one, or '') is kept first so it shows. */
export function stateOptions(config: FsmConfig, current: string): SelectOption<string>[] {
  return optionsOf(
    config.states.map((s) => s.name),
    current,
  );
}

function optionsOf(names: string[], current: string): SelectOption<string>[] {
  const options = names.map((n) => ({ value: n, label: n }));
  return names.includes(current) ? options : [{ value: current, label: current || '(none)' }, ...options];
}

function conditionProblem(text: string): string {
  try {
    parseCondition(text);
    return '';
  } catch (e) {
    return e instanceof ConditionError ? e.message : String(e);
  }
}

export function StatesEditor({ config, fields }: { config: FsmConfig; fields: FieldErrors }) {
  const addState = useFsmStore((s) => s.addState);
  const single = config.states.length <= 1;
  return (
    <section className="panel" aria-labelledby="fsm-states-title">
      <div className="fsm-section-head">
        <h2 id="fsm-states-title">States ({config.states.length})</h2>
        <button type="button" onClick={() => addThenFocus(addState, (c) => `State ${c.states.length} name`)}>
          Add State
        </button>
      </div>
      <div className="fsm-table-wrap">
        <table className="fsm-table">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Code</th>
              <th scope="col">Description</th>
              {config.outputs.map((o) => (
                <th scope="col" key={o.name}>
                  {o.name}
                </th>
              ))}
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {config.states.map((s, i) => (
              <StateRow
                key={i}
                index={i}
                state={s}
                outputs={config.outputs}
                single={single}
                nameError={fields[`states.${i}.name`]}
                valueErrors={valueErrors(fields, `states.${i}`, config.outputs)}
              />
            ))}
          </tbody>
        </table>
      </div>
      <p className="fsm-hint">
        Binary encoding uses these codes when they are distinct binary numbers; one-hot and Gray number the states in
        list order. Output values: 5, 0x1F or 0b101 (blank = 0).
      </p>
    </section>
  );
}

/**
 * One state's row. Memoised, like the transitions' rows: with 60 states and 120 transitions, every
 * keystroke re-rendered every row (60-190 ms a key); now only the row typed in.
 */
const StateRow = memo(function StateRow({
  index: i,
  state: s,
  outputs,
  single,
  nameError,
  valueErrors,
}: {
  index: number;
  state: FsmState;
  outputs: FsmSignal[];
  single: boolean;
  /** The index of the checks' message about this state's name. */
  nameError: number | undefined;
  /** The checks' messages about its output values (see valueErrors). */
  valueErrors: string;
}) {
  const { removeState, updateState, setStateOutput } = useFsmStore.getState();
  const removeRow = useRemoveRow();
  return (
    <tr>
      <td>
        <input
          aria-label={`State ${i + 1} name`}
          {...invalidWhen(nameError)}
          value={s.name}
          onChange={(e) => updateState(i, { name: e.target.value })}
        />
      </td>
      <td>
        <input
          className="fsm-narrow mono"
          aria-label={`State ${i + 1} code`}
          value={s.code}
          onChange={(e) => updateState(i, { code: e.target.value })}
        />
      </td>
      <td>
        <input
          aria-label={`State ${i + 1} description`}
          value={s.description}
          onChange={(e) => updateState(i, { description: e.target.value })}
        />
      </td>
      {outputs.map((o, k) => (
        <td key={o.name}>
          <input
            className="fsm-narrow mono"
            aria-label={`State ${s.name} output ${o.name}`}
            {...valueInvalidWhen(valueErrors, k)}
            placeholder="0"
            value={s.outputs?.[o.name] ?? ''}
            onChange={(e) => setStateOutput(i, o.name, e.target.value)}
          />
        </td>
      ))}
      <td>
        <button
          type="button"
          className="fsm-remove"
          aria-label={`Remove state ${s.name}`}
          disabled={single}
          title={single ? 'At least one state is needed' : undefined}
          onClick={(e) => removeRow(e.currentTarget, stateRemoved(i), () => removeState(i))}
        >
          Remove
        </button>
      </td>
    </tr>
  );
});

export function SignalsEditor({
  kind,
  config,
  fields,
}: {
  kind: 'inputs' | 'outputs';
  config: FsmConfig;
  fields: FieldErrors;
}) {
  const { addSignal, removeSignal, updateSignal } = useFsmStore();
  const removeRow = useRemoveRow();
  const list: FsmSignal[] = config[kind];
  const noun = kind === 'inputs' ? 'Input' : 'Output';
  return (
    <section className="panel" aria-labelledby={`fsm-${kind}-title`}>
      <div className="fsm-section-head">
        <h2 id={`fsm-${kind}-title`}>
          {noun}s ({list.length})
        </h2>
        <button
          type="button"
          onClick={() =>
            addThenFocus(
              () => addSignal(kind),
              (c) => `${noun} ${c[kind].length} name`,
            )
          }
        >
          Add {noun}
        </button>
      </div>
      {list.length === 0 && <p className="fsm-hint">No {kind}.</p>}
      {list.map((s, i) => (
        <div className="row fsm-signal" key={i}>
          <input
            aria-label={`${noun} ${i + 1} name`}
            {...invalidWhen(fields[`${kind}.${i}.name`])}
            value={s.name}
            onChange={(e) => updateSignal(kind, i, { name: e.target.value })}
          />
          <label className="fsm-inline">
            Width
            <input
              className="fsm-narrow"
              type="number"
              min={1}
              max={64}
              aria-label={`${noun} ${i + 1} width`}
              {...invalidWhen(fields[`${kind}.${i}.width`])}
              value={Number.isFinite(s.width) ? s.width : ''}
              onChange={(e) => updateSignal(kind, i, { width: e.target.value === '' ? NaN : Number(e.target.value) })}
            />
          </label>
          <input
            className="fsm-grow"
            aria-label={`${noun} ${i + 1} description`}
            placeholder="Description"
            value={s.description}
            onChange={(e) => updateSignal(kind, i, { description: e.target.value })}
          />
          <button
            type="button"
            className="fsm-remove"
            aria-label={`Remove ${kind === 'inputs' ? 'input' : 'output'} ${s.name}`}
            onClick={(e) => removeRow(e.currentTarget, `${noun} ${s.name} removed.`, () => removeSignal(kind, i))}
          >
            Remove
          </button>
        </div>
      ))}
    </section>
  );
}

/** The state names, the same array while they stay the same (a description typed keeps it). */
function useStateNames(config: FsmConfig): string[] {
  const key = config.states.map((s) => s.name).join('\u0000');
  return useMemo(() => key.split('\u0000'), [key]);
}

export function TransitionsEditor({ config, fields }: { config: FsmConfig; fields: FieldErrors }) {
  const addTransition = useFsmStore((s) => s.addTransition);
  const mealy = config.fsmType === 'mealy';
  // A renamed state changes every row's lists: that re-render runs in the background, in slices, so
  // typing the name stays fluent.
  const names = useDeferredValue(useStateNames(config));
  const last = config.transitions.length - 1;
  return (
    <section className="panel" aria-labelledby="fsm-transitions-title">
      <div className="fsm-section-head">
        <h2 id="fsm-transitions-title">Transitions ({config.transitions.length})</h2>
        <button
          type="button"
          onClick={() => addThenFocus(addTransition, (c) => `Transition ${c.transitions.length} from`)}
        >
          Add Transition
        </button>
      </div>
      <p className="fsm-hint">
        Priority order: the first true condition out of a state wins; with none the state holds. Conditions:{' '}
        <code>start</code>, <code>!stop</code>, <code>start &amp;&amp; !stop</code>, <code>a || (b &amp;&amp; c)</code>,{' '}
        <code>count == 3</code>, <code>count &lt; 0x10</code>, <code>data[7]</code>, <code>a != b</code>; empty or{' '}
        <code>1</code> means always.
        {mealy && ' Mealy outputs: values while the transition is taken (blank keeps the state value).'}
      </p>
      {config.transitions.map((t, i) => (
        <TransitionRow
          key={i}
          index={i}
          transition={t}
          names={names}
          outputs={mealy ? config.outputs : NO_SIGNALS}
          isLast={i === last}
          conditionError={fields[`transitions.${i}.condition`]}
          valueErrors={valueErrors(fields, `transitions.${i}`, mealy ? config.outputs : NO_SIGNALS)}
        />
      ))}
    </section>
  );
}

const NO_SIGNALS: FsmSignal[] = [];

const TransitionRow = memo(function TransitionRow({
  index: i,
  transition: t,
  names,
  outputs,
  isLast,
  conditionError,
  valueErrors,
}: {
  index: number;
  transition: FsmTransition;
  names: string[];
  /** The Mealy outputs set on the transition (none for Moore). */
  outputs: FsmSignal[];
  isLast: boolean;
  /** The index of the checks' message about the condition (a syntax error, an unknown input, ...). */
  conditionError: number | undefined;
  /** The checks' messages about its Mealy output values (see valueErrors). */
  valueErrors: string;
}) {
  const { removeTransition, updateTransition, setTransitionOutput } = useFsmStore.getState();
  const removeRow = useRemoveRow();
  const problem = conditionProblem(t.condition);
  return (
    <div className="fsm-transition">
      <span className="fsm-priority" aria-hidden="true">
        {i + 1}.
      </span>
      <Select
        aria-label={`Transition ${i + 1} from`}
        value={t.from}
        options={optionsOf(names, t.from)}
        onChange={(from) => updateTransition(i, { from })}
      />
      <span aria-hidden="true">→</span>
      <Select
        aria-label={`Transition ${i + 1} to`}
        value={t.to}
        options={optionsOf(names, t.to)}
        onChange={(to) => updateTransition(i, { to })}
      />
      <input
        className="fsm-grow mono"
        aria-label={`Transition ${i + 1} condition`}
        value={t.condition}
        aria-invalid={problem !== '' || conditionError !== undefined}
        aria-describedby={conditionError === undefined ? undefined : errorId(conditionError)}
        onChange={(e) => updateTransition(i, { condition: e.target.value })}
      />
      {outputs.map((o, k) => (
        <input
          key={o.name}
          className="fsm-narrow mono"
          aria-label={`Transition ${i + 1} output ${o.name}`}
          {...valueInvalidWhen(valueErrors, k)}
          placeholder={o.name}
          value={t.outputs?.[o.name] ?? ''}
          onChange={(e) => setTransitionOutput(i, o.name, e.target.value)}
        />
      ))}
      <button
        type="button"
        aria-label={`Move transition ${i + 1} up`}
        disabled={i === 0}
        onClick={() => moveKeepingFocus(i, -1)}
      >
        ↑
      </button>
      <button
        type="button"
        aria-label={`Move transition ${i + 1} down`}
        disabled={isLast}
        onClick={() => moveKeepingFocus(i, 1)}
      >
        ↓
      </button>
      <button
        type="button"
        className="fsm-remove"
        aria-label={`Remove transition ${i + 1}`}
        onClick={(e) => removeRow(e.currentTarget, `Transition ${i + 1} removed.`, () => removeTransition(i))}
      >
        Remove
      </button>
      {problem && (
        <span className="fsm-field-error" role="alert">
          Condition: {problem}
        </span>
      )}
    </div>
  );
});
