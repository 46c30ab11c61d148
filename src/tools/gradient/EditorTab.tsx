import { useRef } from 'react';
import { useGradientStore } from './store';
import { StorageWarning } from './StorageWarning';
import { StopRow, swatchId } from './StopRow';
import { BLEND_MODES, QUICK_ANGLES, type GradientType, type RadialShape } from '../../core/gradient/model';
import { sortStops } from '../../core/gradient/stops';
import { Select } from '../../components/fields';
import { changeThenFocus } from '../../components/focus';
import { useGradientUndo } from './undo';

const TYPE_LABELS: [GradientType, string][] = [
  ['linear', 'Linear'],
  ['radial', 'Radial'],
  ['conic', 'Conic'],
];
const SHAPE_LABELS: [RadialShape, string][] = [
  ['circle', 'Circle'],
  ['ellipse', 'Ellipse'],
];

/** The gradient's angle, 0-360°, with its value in the label: a linear's direction, a conic's start. */
function AngleSlider({ id, label, angle }: { id: string; label: string; angle: number }) {
  return (
    <>
      <label className="field" htmlFor={id}>
        <span>
          {label}: {angle}°
        </span>
      </label>
      <input
        id={id}
        type="range"
        min={0}
        max={360}
        value={angle}
        onChange={(e) => useGradientStore.getState().setAngle(e.target.value)}
      />
    </>
  );
}

export function EditorTab() {
  const g = useGradientStore((s) => s.gradient);
  const st = useGradientStore.getState();
  const undo = useGradientUndo();
  return (
    <div className="gradient-editor">
      <section className="editor-section">
        <h2 id="gradient-type-heading">Gradient Type</h2>
        <div className="segmented" role="group" aria-labelledby="gradient-type-heading">
          {TYPE_LABELS.map(([t, label]) => (
            <button
              key={t}
              type="button"
              aria-pressed={g.type === t}
              className={g.type === t ? 'active' : ''}
              onClick={() => st.setType(t)}
            >
              {label}
            </button>
          ))}
        </div>
      </section>

      {g.type === 'linear' && (
        <section className="editor-section">
          <AngleSlider id="gradient-angle" label="Angle" angle={g.angle} />
          <div className="quick-angles" role="group" aria-label="Quick angles">
            {QUICK_ANGLES.map((a) => (
              <button
                key={a}
                type="button"
                aria-pressed={g.angle === a}
                className={g.angle === a ? 'active' : ''}
                onClick={() => st.setAngle(a)}
              >
                {a}°
              </button>
            ))}
          </div>
        </section>
      )}

      {g.type === 'radial' && (
        <section className="editor-section">
          <h2 id="gradient-shape-heading">Shape</h2>
          <div className="segmented" role="group" aria-labelledby="gradient-shape-heading">
            {SHAPE_LABELS.map(([s, label]) => (
              <button
                key={s}
                type="button"
                aria-pressed={g.shape === s}
                className={g.shape === s ? 'active' : ''}
                onClick={() => st.setShape(s)}
              >
                {label}
              </button>
            ))}
          </div>
        </section>
      )}

      {(g.type === 'radial' || g.type === 'conic') && (
        <section className="editor-section">
          {/* The spec's Angle slider is linear-only, but a conic starts at the angle (from …deg): its own slider turns it. */}
          {g.type === 'conic' && <AngleSlider id="gradient-from-angle" label="Start angle" angle={g.angle} />}
          <label className="field" htmlFor="gradient-pos-x">
            <span>Position X: {g.position.x}%</span>
          </label>
          <input
            id="gradient-pos-x"
            type="range"
            min={0}
            max={100}
            value={g.position.x}
            onChange={(e) => st.setPosition('x', e.target.value)}
          />
          <label className="field" htmlFor="gradient-pos-y">
            <span>Position Y: {g.position.y}%</span>
          </label>
          <input
            id="gradient-pos-y"
            type="range"
            min={0}
            max={100}
            value={g.position.y}
            onChange={(e) => st.setPosition('y', e.target.value)}
          />
        </section>
      )}

      {/* A group named by its heading: the buttons keep the spec's names, "+ Add" and "Random", and
          a screen reader tells this Random from the Live Preview's by the group it is in. */}
      <section className="editor-section" role="group" aria-labelledby="gradient-stops-heading">
        <div className="section-head">
          <h2 id="gradient-stops-heading">Color Stops ({g.stops.length})</h2>
          <div className="row">
            {/* The new stop (the largest id) takes the focus on its swatch, wherever it sorted to. */}
            <button
              type="button"
              className="add-stop"
              onClick={() =>
                changeThenFocus(st.addStop, () =>
                  document.getElementById(
                    swatchId(Math.max(...useGradientStore.getState().gradient.stops.map((s) => s.id))),
                  ),
                )
              }
            >
              + Add
            </button>
            <button type="button" onClick={() => undo.replace('New random color stops.', st.randomizeStops)}>
              Random
            </button>
          </div>
        </div>
        {undo.undoBar}
        <ul className="stop-list">
          {sortStops(g.stops).map((s, i) => (
            <StopRow key={s.id} stop={s} index={i + 1} canRemove={g.stops.length > 2} />
          ))}
        </ul>
      </section>

      <section className="editor-section">
        <h2>Advanced Options</h2>
        <div className="row">
          <label className="field" htmlFor="gradient-blend">
            <span>Blend Mode</span>
            <Select id="gradient-blend" value={g.blendMode} options={BLEND_MODES} onChange={st.setBlendMode} />
          </label>
          <label className="checkbox">
            <input type="checkbox" checked={g.repeating} onChange={(e) => st.setRepeating(e.target.checked)} />{' '}
            Repeating
          </label>
        </div>
      </section>

      <SaveSection />
    </div>
  );
}

function SaveSection() {
  const name = useGradientStore((s) => s.name);
  const { setName, save } = useGradientStore.getState();
  const nameRef = useRef<HTMLInputElement>(null);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!save()) window.alert('Please enter a name for your gradient');
    // Saving clears the name and disables the button: focus stays on the name, ready for the next one.
    else nameRef.current?.focus();
  };
  return (
    <section className="editor-section">
      <h2>Save Gradient</h2>
      <form className="row" onSubmit={submit}>
        <input
          ref={nameRef}
          aria-label="Gradient name"
          placeholder="Gradient name"
          value={name}
          maxLength={80}
          onChange={(e) => setName(e.target.value)}
          // Enter with a blank name: the disabled Save button blocks the form's own submission.
          onKeyDown={(e) => e.key === 'Enter' && !name.trim() && submit(e)}
        />
        <button type="submit" className="primary" disabled={!name.trim()}>
          Save Gradient
        </button>
      </form>
      <StorageWarning />
    </section>
  );
}
