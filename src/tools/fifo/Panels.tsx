import { fifoGenerator } from '../../core/hdl/fifo';
import type { FifoConfig } from '../../core/hdl/fifo/config';
import { metricRows, wordCount } from './logic';

/** A threshold slider with its value in percent and, when the depth is usable, in words. */
export function Slider({
  id,
  label,
  value,
  range,
  words,
  invalid = false,
  describedBy,
  onChange,
}: {
  id: string;
  label: string;
  value: number;
  range: { min: number; max: number };
  /** The threshold in words; null while the depth is unusable. */
  words: number | null;
  /** The value is out of the range (from a link): marked, and described by `describedBy`. */
  invalid?: boolean;
  describedBy?: string;
  onChange: (v: number) => void;
}) {
  const text = words === null ? `${value}%` : `${value}% (${wordCount(words)})`;
  return (
    <div className="field fifo-slider">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="range"
        min={range.min}
        max={range.max}
        step={1}
        value={value}
        aria-valuetext={text}
        aria-invalid={invalid}
        aria-describedby={invalid ? describedBy : undefined}
        onChange={(e) => onChange(Number(e.target.value))}
      />
      <output htmlFor={id} data-testid={`${id}-value`}>
        {text}
      </output>
    </div>
  );
}

/** The Performance Metrics panel: figures and the generator's notes. */
export function Metrics({ config }: { config: FifoConfig }) {
  const notes = fifoGenerator.summary(config).notes;
  return (
    <section className="panel" aria-labelledby="fifo-metrics-title">
      <h2 id="fifo-metrics-title">Performance Metrics</h2>
      <dl className="fifo-metrics">
        {metricRows(config).map((m) => (
          <div key={m.id}>
            <dt>{m.label}</dt>
            <dd data-testid={`metric-${m.id}`}>{m.value}</dd>
          </div>
        ))}
      </dl>
      {notes.length > 0 && (
        <ul className="fifo-notes" data-testid="fifo-notes">
          {notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
