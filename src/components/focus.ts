/** Keeps keyboard focus on the page when an action removes or hides the focused control. */
import { flushSync } from 'react-dom';

type Target = HTMLElement | null | undefined;

/** Runs `change`, lets React render it at once, then focuses the target (an element id) in the updated page. */
export function changeThenFocus(change: () => void, target: string | (() => Target)): void {
  flushSync(change);
  (typeof target === 'string' ? document.getElementById(target) : target())?.focus();
}

interface Siblings {
  /** The closest ancestor of the control that holds the list and its fallback (a section). */
  scope: string;
  /** The same control on every item of the list, within the scope. */
  controls: string;
  /** Where focus goes when no other item's control can take it (the list's Add button). */
  fallback: (scope: Element) => Target;
}

/**
 * Runs `remove`, which takes away the item holding `control`, then focuses the same control on the
 * item that took its place, else on the new last item, else the fallback.
 */
export function removeKeepingFocus(control: HTMLElement, remove: () => void, siblings: Siblings): void {
  const scope = control.closest(siblings.scope);
  if (!scope) return remove();
  const controls = () => [...scope.querySelectorAll<HTMLButtonElement>(siblings.controls)];
  const index = controls().indexOf(control as HTMLButtonElement);
  changeThenFocus(remove, () => {
    const left = controls();
    const next = left[Math.min(index, left.length - 1)];
    return next?.isConnected && !next.disabled ? next : siblings.fallback(scope);
  });
}
