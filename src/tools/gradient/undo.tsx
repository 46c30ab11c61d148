/**
 * Undo for what replaces the gradient being built at one press: the two Random buttons, a preset
 * and a saved gradient loaded over it. The gradient before is offered back until the next edit.
 * Random in Color Stops has a bar of its own; the rest share the one under the Live Preview
 * (a provider on the page: a preset or saved card goes away with its tab when it loads).
 */
import { createContext, useContext, type ReactNode } from 'react';
import { useUndoableReplace, type Undoable } from '../../hooks/useUndoableReplace';
import { useGradientStore } from './store';
import type { GradientSpec } from '../../core/gradient/model';

const restore = (gradient: GradientSpec) => useGradientStore.setState({ gradient, openStopId: null });

/** An Undo of its own (Random in Color Stops). */
export function useGradientUndo(): Undoable {
  return useUndoableReplace(useGradientStore, (s) => s.gradient, restore);
}

const PageUndo = createContext<Undoable | null>(null);

export function GradientUndoProvider({ children }: { children: ReactNode }) {
  return <PageUndo.Provider value={useGradientUndo()}>{children}</PageUndo.Provider>;
}

/** The page's Undo, shown under the Live Preview. */
export function usePageUndo(): Undoable {
  const undo = useContext(PageUndo);
  if (!undo) throw new Error('usePageUndo needs a GradientUndoProvider.');
  return undo;
}
