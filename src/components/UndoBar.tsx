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

/** The element focused before, or its re-rendered twin (same accessible name), else the main region. */
function focusedBefore(before: Element | null): HTMLElement | null {
  const label = before?.getAttribute('aria-label');
  const target =
    (before?.isConnected ? before : null) ??
    (label ? document.querySelector(`[aria-label="${CSS.escape(label)}"]`) : null) ??
    document.getElementById('main');
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
