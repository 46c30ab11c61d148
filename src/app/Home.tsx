import { Link } from 'react-router-dom';
import { iconGlyph, type IconName } from './icons';
import { sidebarGroups } from './registry';

// "20+ Tools" is the spec's wording (the registry test keeps at least 20 pages declared).
const STATS = ['20+ Tools', `${sidebarGroups.length} Categories`, '100% Free & Open'];

const FEATURES: { title: string; icon: IconName; text: string }[] = [
  {
    title: 'Developer Tools',
    icon: 'laptop',
    text: 'Format and convert JSON, YAML and CSV, decode JWTs, encode Base64 and URLs, and work out subnets.',
  },
  {
    title: 'Designer Tools',
    icon: 'palette',
    text: 'Check colour contrast against WCAG, and build gradients you can export as PNG and SVG.',
  },
  {
    title: 'Fast & Reliable',
    icon: 'bolt',
    text: 'Heavy work runs in WebAssembly workers, so large files convert without freezing the page, and generated hardware is verified by simulation.',
  },
];

export function Home() {
  return (
    <article className="home">
      <section className="hero">
        <h1>BitSmith</h1>
        <p className="hero-tagline">
          A comprehensive suite of free tools for developers, hardware engineers and designers, running in your browser.
        </p>
        <ul className="hero-stats" aria-label="Highlights">
          {STATS.map((s) => (
            <li key={s} className="stat">
              {s}
            </li>
          ))}
        </ul>
      </section>
      <section className="feature-cards" aria-label="Features">
        {FEATURES.map((f) => (
          <div key={f.title} className="feature-card">
            <div className="feature-icon" aria-hidden="true">
              {iconGlyph(f.icon)}
            </div>
            <h2>{f.title}</h2>
            <p>{f.text}</p>
          </div>
        ))}
      </section>
      <section className="home-groups" aria-label="All tools">
        {sidebarGroups.map((g) => (
          <div key={g.id} className="home-group">
            <h2>
              {iconGlyph(g.icon)} {g.title}
            </h2>
            <ul>
              {g.pages.map(({ path, title, kind }) => (
                <li key={path}>
                  <Link to={path}>{title}</Link>
                  {kind === 'placeholder' && <span className="badge badge-soon">Soon</span>}
                </li>
              ))}
            </ul>
          </div>
        ))}
      </section>
    </article>
  );
}
