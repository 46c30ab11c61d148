import { useGradientStore } from './store';
import { gradientFunction } from '../../core/gradient/css';
import { gradientFromSaved, savedSubtitle } from '../../core/gradient/saved';

export function SavedTab() {
  const saved = useGradientStore((s) => s.saved);
  const { loadSaved, deleteSaved, clearSaved } = useGradientStore.getState();
  if (saved.length === 0) {
    return (
      <div className="empty-state">
        <p className="empty-title">No saved gradients yet</p>
        <p>Create and save gradients to see them here!</p>
      </div>
    );
  }
  return (
    <div>
      <div className="section-head">
        <h3>Saved Gradients ({saved.length})</h3>
        <button type="button" onClick={clearSaved}>
          Clear All
        </button>
      </div>
      <ul className="gradient-cards saved-list">
        {saved.map((s) => (
          <li key={s.id} className="gradient-card saved-card">
            <button
              type="button"
              className="card-load"
              onClick={() => loadSaved(s)}
              aria-label={`Load saved gradient ${s.name}`}
            >
              <span className="card-preview" style={{ backgroundImage: gradientFunction(gradientFromSaved(s)) }} />
              <span className="card-name">{s.name}</span>
              <span className="card-meta">{savedSubtitle(s)}</span>
            </button>
            <button
              type="button"
              className="card-delete"
              aria-label={`Delete saved gradient ${s.name}`}
              onClick={() => deleteSaved(s.id)}
            >
              🗑
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
