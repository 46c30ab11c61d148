/**
 * Undo for a button that replaces what the user built (an example or a preset over their
 * configuration). `replace(message, apply)` runs `apply` and keeps what the store held before;
 * `undoBar` offers it back while the store still holds what was loaded: after an edit, Undo would
 * throw that edit away too, so it is no longer offered. `pick` returns a part of the store as it is
 * (no new object per call).
 */
import { useState } from 'react';
import type { StoreApi, UseBoundStore } from 'zustand';
import { UndoBar } from '../components/UndoBar';
import { sameConfig } from './useHdlGenerator';

interface Replaced<S> {
  message: string;
  before: S;
  after: S;
}

export function useUndoableReplace<T, S>(
  store: UseBoundStore<StoreApi<T>>,
  pick: (state: T) => S,
  restore: (saved: S) => void,
) {
  const current = store(pick);
  const [replaced, setReplaced] = useState<Replaced<S> | null>(null);
  const replace = (message: string, apply: () => void) => {
    const before = pick(store.getState());
    apply();
    const after = pick(store.getState());
    setReplaced(sameConfig(before, after) ? null : { message, before, after });
  };
  const offered = replaced && sameConfig(current, replaced.after) ? replaced : null;
  const undoBar = offered && (
    <UndoBar
      message={offered.message}
      onUndo={() => {
        restore(offered.before);
        setReplaced(null);
      }}
    />
  );
  return { replace, undoBar };
}
