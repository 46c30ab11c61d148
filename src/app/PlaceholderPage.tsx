import { placeholderSubtitle } from './registry';

const PLANNED_FEATURES = ['Intuitive interface', 'Real-time preview', 'Export multiple formats', 'Collaboration features'];

/** Spec part 2, "Placeholder pages". Defaults keep the Icon Generator's "style default". */
export function PlaceholderPage({ title = 'Icon Generator', description = '' }: { title?: string; description?: string }) {
  return (
    <article className="placeholder-page">
      <p className="placeholder-kicker">Under Active Development</p>
      <h1>{title}</h1>
      <p className="tool-description">{placeholderSubtitle({ title, description })}</p>
      <span className="badge badge-soon">Launching Soon</span>
      <section aria-labelledby="planned-heading" className="planned">
        <h2 id="planned-heading">Planned features</h2>
        <ul>
          {PLANNED_FEATURES.map((f) => (
            <li key={f}>{f}</li>
          ))}
        </ul>
      </section>
    </article>
  );
}
