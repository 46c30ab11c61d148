/**
 * The blocks the three data tools (JSON formatter, JSON/YAML, CSV/JSON) share around their input
 * and output: the options-and-actions panel (options, action buttons, Clear All, example buttons),
 * the "looks like the other format" hint and the input/output pair wired to the data runner. A page
 * gives only what differs: its options, its actions, its examples, its labels.
 */
import { useRef, type ReactNode } from 'react';
import type { StoreApi, UseBoundStore } from 'zustand';
import { trackToolUsage } from '../telemetry';
import { useUndoableReplace, type Undoable } from '../hooks/useUndoableReplace';
import type { JobResult } from '../core/data/jobs';
import type { TextPosition } from '../core/data/position';
import { InputArea, OutputArea, inputFromFile, type DataInput } from './DataIO';
import { BusyButton } from './BusyButton';
import { changeThenFocus } from './focus';
import { MSG } from '../core/data/messages';
import { notUtf8Where } from '../core/data/utf8';
import { WORKER_THRESHOLD } from '../core/data/limits';
import { isAbortError } from '../workers/bridge';

/** A tool's analytics name (its declaration's `analyticsName`). */
type AnalyticsName = Parameters<typeof trackToolUsage>[0];

/** The part of a data runner (useDataRunner) the blocks use. */
interface Runner {
  busy: boolean;
  discard(): void;
}

/** The part of a data page's store the blocks use. */
interface DataState {
  input: DataInput;
  result: JobResult | null;
  errorPosition?: TextPosition;
  /** Counts the runs that set the status (StatusLine's attempt). */
  runs: number;
  set(patch: { status: string; runs: number }): void;
  setInput(input: DataInput): void;
  clear(): void;
}

export interface DataAction {
  label: string;
  run(): void;
}

export interface ExampleButton {
  key: string;
  label: string;
}

const hasInput = (input: DataInput) => input.text !== '' || input.file !== null;

/**
 * Undo for what replaces the user's input (Clear All, the examples): the page's whole state from
 * before (input, options, output) comes back.
 */
export function useDataUndo<T extends DataState>(store: UseBoundStore<StoreApi<T>>): Undoable {
  return useUndoableReplace(
    store,
    (s) => s,
    (before) => store.setState(before, true),
    (before, after) => hasInput(before.input) && before.input !== after.input,
  );
}

/** The buttons of a table of examples: each key with its example's label, in the table's order. */
export function exampleButtons(examples: Record<string, { label: string }>): ExampleButton[] {
  return Object.entries(examples).map(([key, { label }]) => ({ key, label }));
}

/**
 * "Options and actions": the page's options, then its actions (the first is the primary one,
 * all disabled while a job runs) and Clear All, then a row of example buttons; `children` after
 * it (e.g. a "More examples" select).
 */
export function DataActionsPanel({
  options,
  actions,
  runner,
  state,
  undo,
  analyticsName,
  examplesLabel = 'Examples',
  examples,
  onExample,
  children,
}: {
  options: ReactNode;
  actions: DataAction[];
  runner: Runner;
  state: Pick<DataState, 'clear'>;
  /** The page's useDataUndo: Clear All and the examples go through it, and its bar shows here. */
  undo: Undoable;
  /** The tool's analytics name: Clear All is reported as `clear_all`. */
  analyticsName: AnalyticsName;
  examplesLabel?: string;
  examples: readonly ExampleButton[];
  onExample(key: string): void;
  children?: ReactNode;
}) {
  const clearAll = () => {
    runner.discard();
    state.clear();
    trackToolUsage(analyticsName, 'clear_all');
  };
  return (
    <section className="panel" aria-label="Options and actions">
      <div className="data-controls">
        {options}
        <div className="row">
          {actions.map((a, i) => (
            <BusyButton key={a.label} className={i === 0 ? 'primary' : undefined} busy={runner.busy} onClick={a.run}>
              {a.label}
            </BusyButton>
          ))}
          <button type="button" onClick={() => undo.replace('Input and output cleared.', clearAll)}>
            Clear All
          </button>
        </div>
      </div>
      <div className="row examples" role="group" aria-label={examplesLabel}>
        <span>{examplesLabel}:</span>
        {examples.map((ex) => (
          <button
            type="button"
            key={ex.key}
            onClick={() => undo.replace(`Example “${ex.label}” loaded.`, () => onExample(ex.key))}
          >
            {ex.label}
          </button>
        ))}
      </div>
      {children}
      {undo.undoBar}
    </section>
  );
}

/** "The input looks like YAML. [Switch to YAML → JSON]": shown when the input is in the other format. */
export function FormatHint({ hint, switchLabel, onSwitch }: { hint: string; switchLabel: string; onSwitch(): void }) {
  return (
    <p className="data-hint" role="note">
      The input looks like {hint}.
      <button
        type="button"
        // The hint (and this button) goes away: the keyboard goes on from the main action.
        onClick={() => changeThenFocus(onSwitch, () => document.querySelector<HTMLElement>('.data-controls .primary'))}
      >
        {switchLabel}
      </button>
    </p>
  );
}

interface PaneLabels {
  id: string;
  label: string;
}

/**
 * The input area (typed text or a file; Ctrl+Enter runs `onRun`) beside the output area (Copy and
 * Download; a copy is reported as `copy_to_clipboard`).
 */
export function DataPanes({
  state,
  runner,
  onRun,
  analyticsName,
  input,
  output,
}: {
  state: DataState;
  runner: Runner;
  onRun(): void;
  analyticsName: AnalyticsName;
  input: PaneLabels & { placeholder: string; accept: string };
  output: PaneLabels & { downloadName: string; downloadType: string };
}) {
  // Counts the files chosen, so that only the last one's check decides the input.
  const chosen = useRef(0);
  const takeFile = async (f: File) => {
    runner.discard();
    const turn = ++chosen.current;
    const before = state.input;
    const big = f.size > WORKER_THRESHOLD;
    // A big file is the input at once, while the worker checks it is UTF-8 (its conversion checks
    // again): a Convert pressed meanwhile converted the input there was, or said there was none.
    if (big) state.setInput({ text: '', file: f });
    const putBack = (status: string) => {
      if (big) {
        runner.discard();
        state.setInput(before);
      }
      state.set({ status, runs: state.runs + 1 });
    };
    let r: Awaited<ReturnType<typeof inputFromFile>>;
    try {
      r = await inputFromFile(f);
    } catch (e) {
      // A Cancel ends the worker and this check with it ('Cancelled' went unhandled): the big file
      // stays the input. A file that cannot be read leaves the input as it was and says so.
      if (!isAbortError(e) && turn === chosen.current) putBack(`Could not read ${f.name}: ${(e as Error).message}`);
      return;
    }
    if (turn !== chosen.current) return;
    // A file that is not UTF-8 leaves the input as it was and says why.
    if ('byte' in r) putBack(MSG.notUtf8File(f.name, notUtf8Where(r)));
    else if (!big) state.setInput(r);
  };
  return (
    <div className="grid-2">
      <InputArea
        id={input.id}
        label={input.label}
        input={state.input}
        placeholder={input.placeholder}
        accept={input.accept}
        errorPosition={state.errorPosition}
        invalid={state.result?.ok === false && state.result.status !== MSG.cancelled}
        onText={(text) => state.setInput({ text, file: null })}
        onFile={(f) => void takeFile(f)}
        onClearFile={() => {
          runner.discard(); // the removed file's result must not come back later
          state.setInput({ text: '', file: null });
        }}
        onSubmit={() => {
          if (!runner.busy) onRun();
        }}
      />
      <OutputArea
        id={output.id}
        label={output.label}
        result={state.result}
        downloadName={output.downloadName}
        downloadType={output.downloadType}
        onCopied={() => trackToolUsage(analyticsName, 'copy_to_clipboard')}
      />
    </div>
  );
}
