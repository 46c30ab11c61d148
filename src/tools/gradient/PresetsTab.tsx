import { useGradientStore } from './store';
import { PRESETS, presetStops } from '../../core/gradient/presets';
import { gradientFunction } from '../../core/gradient/css';

export function PresetsTab() {
  const loadPreset = useGradientStore((s) => s.loadPreset);
  return (
    <div>
      <h2>Gradient Presets ({PRESETS.length})</h2>
      <div className="gradient-cards">
        {PRESETS.map((p) => (
          <button
            key={p.name}
            type="button"
            className="gradient-card"
            onClick={() => loadPreset(p)}
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
