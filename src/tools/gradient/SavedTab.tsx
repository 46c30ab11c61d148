import { useState } from 'react';
import { Trash2 } from 'lucide-react';
import { useGradientStore } from './store';
import { gradientFunction } from '../../core/gradient/css';
import { gradientFromSaved, savedSubtitle, type SavedGradient } from '../../core/gradient/saved';
import { excerpt } from '../../core/excerpt';
import { UndoBar } from '../../components/UndoBar';
import { StorageWarning } from './StorageWarning';
import { changeThenFocus, removeKeepingFocus } from '../../components/focus';
import { tabId } from './tabs';
import { usePageUndo } from './undo';

/** What the last Delete or Clear All removed, so that Undo can put it back. */
interface Removed {
  message: string;
  before: SavedGradient[];
  returnFocus: Element | null;
}

export function SavedTab() {
  const saved = useGradientStore((s) => s.saved);
  const { loadSaved, deleteSaved, clearSaved, restoreSaved } = useGradientStore.getState();
  const [removed, setRemoved] = useState<Removed | null>(null);
  const undo = usePageUndo();

  // Delete and Clear All act at once (spec: "Clear All empties the list") and offer Undo.
  const remove = (message: string, action: () => void) => {
    setRemoved({ message, before: saved, returnFocus: document.activeElement });
    action();
  };

  // Loading switches to the Editor tab, so the card goes away: focus goes to that tab (and comes
  // back there on Undo, which puts back the gradient the load replaced).
  const load = (s: SavedGradient) =>
    undo.replace(`Saved gradient “${excerpt(s.name)}” loaded.`, () =>
      changeThenFocus(() => loadSaved(s), tabId('editor')),
    );
  // Focus moves to the next card's Delete, else the previous one's, else the Saved tab.
  const deleteCard = (button: HTMLElement, s: SavedGradient) =>
    removeKeepingFocus(button, () => remove(`Deleted “${excerpt(s.name)}”.`, () => deleteSaved(s.id)), {
      scope: '.saved-list',
      controls: '.card-delete',
      fallback: () => document.getElementById(tabId('saved')),
    });

  // Rendered at the same place in both branches below: React keeps the one live region.
  const undoBar = (
    <UndoBar
      offer={
        removed && {
          message: removed.message,
          returnFocus: removed.returnFocus,
          onUndo: () => {
            restoreSaved(removed.before);
            setRemoved(null);
          },
        }
      }
    />
  );

  if (saved.length === 0) {
    return (
      <div>
        {undoBar}
        <div className="empty-state">
          <p className="empty-title">No saved gradients yet</p>
          <p>Create and save gradients to see them here!</p>
        </div>
      </div>
    );
  }
  const count = `${saved.length} saved gradient${saved.length === 1 ? '' : 's'}`;
  return (
    <div>
      {undoBar}
      <StorageWarning />
      <div className="section-head">
        <h2>Saved Gradients ({saved.length})</h2>
        <button
          type="button"
          // The list and this button go: focus goes to the Saved tab, as after the last Delete.
          onClick={() => changeThenFocus(() => remove(`Deleted ${count}.`, clearSaved), tabId('saved'))}
        >
          Clear All
        </button>
      </div>
      <ul className="gradient-cards saved-list">
        {saved.map((s) => (
          <li key={s.id} className="gradient-card saved-card">
            <button
              type="button"
              className="card-load"
              onClick={() => load(s)}
              // The name holds the text the card shows (WCAG 2.5.3 Label in Name), as the preset cards'
              // do; the separator "•" is read as a comma.
              aria-label={`Load saved gradient ${s.name}, ${savedSubtitle(s).replace(' • ', ', ')}`}
            >
              <span className="card-preview" style={{ backgroundImage: gradientFunction(gradientFromSaved(s)) }} />
              <span className="card-name">{s.name}</span> <span className="card-meta">{savedSubtitle(s)}</span>
            </button>
            <button
              type="button"
              className="card-delete"
              aria-label={`Delete saved gradient ${s.name}`}
              onClick={(e) => deleteCard(e.currentTarget, s)}
            >
              <Trash2 size={16} aria-hidden="true" />
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
