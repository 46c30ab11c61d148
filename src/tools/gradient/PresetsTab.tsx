import { useGradientStore } from './store';
import { PRESETS, presetStops } from '../../core/gradient/presets';
import { gradientFunction } from '../../core/gradient/css';
import { changeThenFocus } from '../../components/focus';
import { tabId } from './tabs';
import { usePageUndo } from './undo';

export function PresetsTab() {
  const loadPreset = useGradientStore((s) => s.loadPreset);
  const undo = usePageUndo();
  return (
    <div>
      <h2>Gradient Presets ({PRESETS.length})</h2>
      <div className="gradient-cards">
        {PRESETS.map((p) => (
          <button
            key={p.name}
            type="button"
            className="gradient-card"
            // Loading switches to the Editor tab, so this card goes away: focus goes to that tab
            // (and comes back there on Undo).
            onClick={() =>
              undo.replace(`Preset “${p.name}” loaded.`, () => changeThenFocus(() => loadPreset(p), tabId('editor')))
            }
            aria-label={`Load preset ${p.name}, ${p.type}`}
          >
            <span
              className="card-preview"
              style={{ backgroundImage: gradientFunction({ ...p, stops: presetStops(p), repeating: false }) }}
            />
            <span className="card-name">{p.name}</span> <span className="card-meta">{p.type}</span>
          </button>
        ))}
      </div>
    </div>
  );
}
