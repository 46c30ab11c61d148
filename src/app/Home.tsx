import { Link } from 'react-router-dom';
import { groups, toolByPath } from './registry';

const STATS = ['20+ Tools', '6 Categories', '100% Free & Open'];

const FEATURES = [
  { title: 'Developer Tools', icon: '💻', text: 'Format and convert JSON, YAML and CSV, decode JWTs, encode Base64 and URLs, and work out subnets.' },
  { title: 'Designer Tools', icon: '🎨', text: 'Check colour contrast against WCAG, and build gradients you can export as PNG and SVG.' },
  { title: 'Fast & Reliable', icon: '⚡', text: 'Heavy work runs in WebAssembly workers, so large files convert without freezing the page, and generated hardware is verified by simulation.' },
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
            <li key={s} className="stat">{s}</li>
          ))}
        </ul>
      </section>
      <section className="feature-cards" aria-label="Features">
        {FEATURES.map((f) => (
          <div key={f.title} className="feature-card">
            <div className="feature-icon" aria-hidden="true">{f.icon}</div>
            <h2>{f.title}</h2>
            <p>{f.text}</p>
          </div>
        ))}
      </section>
      <section className="home-groups" aria-label="All tools">
        {groups.map((g) => (
          <div key={g.id} className="home-group">
            <h2>{g.icon} {g.title}</h2>
            <ul>
              {g.paths.map((p) => {
                const t = toolByPath(p)!;
                return (
                  <li key={p}>
                    <Link to={p}>{t.title}</Link>
                    {t.kind === 'placeholder' && <span className="badge badge-soon">Soon</span>}
                  </li>
                );
              })}
            </ul>
          </div>
        ))}
      </section>
    </article>
  );
}
