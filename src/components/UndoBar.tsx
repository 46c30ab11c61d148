/**
 * A line saying what was just replaced or removed, with Undo. The live region is always there
 * (empty when nothing is offered): screen readers announce text that changes inside a region,
 * not a region inserted together with its text.
 */
import { changeThenFocus } from './focus';
import './undo-bar.css';

export interface UndoOffer {
  message: string;
  onUndo(): void;
  /** What had focus when the replacement was made (the pressed button): focus goes back there. */
  returnFocus: Element | null;
}

/** A button like `before`, rendered anew: the same aria-label, or for a button without one the same text. */
function twinOf(before: Element | null): Element | null {
  const label = before?.getAttribute('aria-label');
  if (label) return document.querySelector(`[aria-label="${CSS.escape(label)}"]`);
  if (!(before instanceof HTMLButtonElement) || !before.textContent) return null;
  return [...document.querySelectorAll('button')].find((b) => b.textContent === before.textContent) ?? null;
}

/** The element focused before, or its re-rendered twin (same accessible name), else the main region. */
function focusedBefore(before: Element | null): HTMLElement | null {
  const target = (before?.isConnected ? before : null) ?? twinOf(before) ?? document.getElementById('main');
  return target instanceof HTMLElement ? target : null;
}

export function UndoBar({ offer }: { offer: UndoOffer | null }) {
  return (
    <div className={offer ? 'undo-bar' : undefined} role="status">
      {offer?.message}
      {offer && (
        <button
          type="button"
          // Focused once React has rendered what Undo put back (the pressed button may be new).
          onClick={() => changeThenFocus(offer.onUndo, () => focusedBefore(offer.returnFocus))}
        >
          Undo
        </button>
      )}
    </div>
  );
}
