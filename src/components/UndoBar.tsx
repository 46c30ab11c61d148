/** A line saying what was just replaced or removed, with Undo; a status, so screen readers announce it. */
import './undo-bar.css';

export function UndoBar({ message, onUndo }: { message: string; onUndo: () => void }) {
  return (
    <div className="undo-bar" role="status">
      {message}
      <button type="button" onClick={onUndo}>
        Undo
      </button>
    </div>
  );
}
