import { placeholderSubtitle } from './registry';
import type { PlaceholderDeclaration } from './tool';

const PLANNED_FEATURES = [
  'Intuitive interface',
  'Real-time preview',
  'Export multiple formats',
  'Collaboration features',
];

/** Spec part 2, "Placeholder pages": the subtitle is the description, else "{title} - Coming soon...". */
export function PlaceholderPage({ page }: { page: Pick<PlaceholderDeclaration, 'title' | 'description'> }) {
  return (
    <article className="placeholder-page">
      <p className="placeholder-kicker">Under Active Development</p>
      <h1>{page.title}</h1>
      <p className="tool-description">{placeholderSubtitle(page)}</p>
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
