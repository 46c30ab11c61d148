/**
 * Undo for the two Random buttons: each replaces what the user built (the whole gradient, or its
 * stops) at one press, so the gradient before it is offered back until the next edit.
 */
import { useUndoableReplace, type Undoable } from '../../hooks/useUndoableReplace';
import { useGradientStore } from './store';
import type { GradientSpec } from '../../core/gradient/model';

const restore = (gradient: GradientSpec) => useGradientStore.setState({ gradient, openStopId: null });

export function useRandomUndo(): Undoable {
  return useUndoableReplace(useGradientStore, (s) => s.gradient, restore);
}
