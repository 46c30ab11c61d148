/**
 * Undo for a button that replaces what the user built (an example or a preset over their
 * configuration, Clear All over their input). `replace(message, apply)` runs `apply` and keeps
 * what the store held before; `undoBar` offers it back while the store still holds exactly what
 * was put there: after an edit, Undo would throw that edit away too, so it is no longer offered.
 * `pick` returns the part of the store that is the user's work: a part as it is (`s.config`), or
 * several in an array (`[s.input, s.file]`); "still what was put there" compares them shallowly.
 */
import { useState, type ReactNode } from 'react';
import type { StoreApi, UseBoundStore } from 'zustand';
import { shallow } from 'zustand/shallow';
import { useShallow } from 'zustand/react/shallow';
import { UndoBar } from '../components/UndoBar';
import { sameConfig } from './useHdlGenerator';

/** What a page does with it: replace through it, and show the bar where the replacing button is. */
export interface Undoable {
  replace(message: string, apply: () => void): void;
  undoBar: ReactNode;
}

interface Replaced<S> {
  message: string;
  before: S;
  after: S;
  returnFocus: Element | null;
}

export function useUndoableReplace<T, S>(
  store: UseBoundStore<StoreApi<T>>,
  pick: (state: T) => S,
  restore: (saved: S) => void,
  /** Whether replacing `before` by `after` lost anything worth an Undo (default: they differ). */
  worthUndo: (before: S, after: S) => boolean = (before, after) => !sameConfig(before, after),
): Undoable {
  const current = store(useShallow(pick));
  const [replaced, setReplaced] = useState<Replaced<S> | null>(null);
  const replace = (message: string, apply: () => void) => {
    const before = pick(store.getState());
    apply();
    const after = pick(store.getState());
    const returnFocus = document.activeElement; // the button that made the replacement
    setReplaced(worthUndo(before, after) ? { message, before, after, returnFocus } : null);
  };
  const offered = replaced && shallow(current, replaced.after) ? replaced : null;
  const undoBar = (
    <UndoBar
      offer={
        offered && {
          message: offered.message,
          returnFocus: offered.returnFocus,
          onUndo: () => {
            restore(offered.before);
            setReplaced(null);
          },
        }
      }
    />
  );
  return { replace, undoBar };
}
