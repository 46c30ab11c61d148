import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Icon, type IconName } from './icons';
import { pages, sidebarGroups } from './registry';
import { filterPages, filterStatus } from './search';
import { composing, paletteShortcut } from '../browser/shortcut';

// "20+ Tools" is the spec's wording (the registry test keeps at least 20 pages declared).
const STATS = ['20+ Tools', `${sidebarGroups.length} Categories`, '100% Free & Open'];

const FEATURES: { title: string; icon: IconName; text: string; link?: { to: string; text: string } }[] = [
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
    // Not in the sidebar (the spec's sidebar stays as specified): reached from here and the palette.
    link: { to: '/benchmarks', text: 'Run the benchmarks on your device' },
  },
];

/**
 * A tool not built yet: the badge is seen beside its link, and its link says "soon" to a screen
 * reader (as the sidebar's does), whose list of links read the name alone.
 */
const SoonBadge = () => (
  <span className="badge badge-soon" aria-hidden="true">
    Soon
  </span>
);

/** The filter a history entry of the home page held (its `state`), so Back brings it back. */
const filterOf = (state: unknown) =>
  typeof state === 'object' && state !== null && 'filter' in state && typeof state.filter === 'string'
    ? state.filter
    : '';

export function Home() {
  const location = useLocation();
  const navigate = useNavigate();
  const [filter, setShownFilter] = useState(() => filterOf(location.state));
  // Kept in the history entry (not the address, so no page view per keystroke): a match opened,
  // then Back, found the filter empty and the matches gone.
  const setFilter = (value: string) => {
    setShownFilter(value);
    void navigate(location, { replace: true, state: { filter: value } });
  };
  const matches = filterPages(filter, pages);
  const shortcut = paletteShortcut();
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
              <Icon name={f.icon} size={28} />
            </div>
            <h2>{f.title}</h2>
            <p>{f.text}</p>
            {f.link && (
              <p>
                <Link to={f.link.to}>{f.link.text}</Link>
              </p>
            )}
          </div>
        ))}
      </section>
      <div className="home-filter">
        <input
          type="search"
          aria-label="Filter tools"
          placeholder={shortcut ? `Filter tools (or press ${shortcut} anywhere)` : 'Filter tools'}
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          onKeyDown={(e) => {
            // As in the palette: Enter opens the best match (not the one committing an IME's text).
            if (e.key === 'Enter' && !composing(e) && matches?.[0]) navigate(matches[0].path);
          }}
        />
        {/* Always present, so screen readers hear each change (one created with its text often is not). */}
        <p className="home-filter-status" role="status">
          {filterStatus(filter, matches)}
        </p>
      </div>
      {matches && (
        <section className="home-matches" aria-label="Matching tools">
          <ul>
            {matches.map(({ path, title, description, icon, kind }) => (
              <li key={path}>
                <Link to={path}>
                  <Icon name={icon} /> {title}
                  {kind === 'placeholder' && <span className="sr-only"> soon</span>}
                </Link>
                {kind === 'placeholder' && <SoonBadge />}
                <p>{description}</p>
              </li>
            ))}
          </ul>
        </section>
      )}
      <section className="home-groups" aria-label="All tools" hidden={matches !== null}>
        {sidebarGroups.map((g) => (
          <div key={g.id} className="home-group">
            <h2>
              <Icon name={g.icon} /> {g.title}
            </h2>
            <ul>
              {g.pages.map(({ path, title, kind }) => (
                <li key={path}>
                  <Link to={path}>
                    {title}
                    {kind === 'placeholder' && <span className="sr-only"> soon</span>}
                  </Link>
                  {kind === 'placeholder' && <SoonBadge />}
                </li>
              ))}
            </ul>
          </div>
        ))}
      </section>
    </article>
  );
}
