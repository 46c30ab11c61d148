import { Link, useLocation } from 'react-router-dom';
import { pages } from './registry';
import { editDistance } from '../core/edit-distance';

const words = (text: string) => text.toLowerCase().split(/[^a-z0-9]+/);

/**
 * How well a word of the address matches a page's path or title: 2 when it is in them, 1 within
 * one typo of one of their words (two from 7 letters: "gradiant", "formater", "genrator"), as the
 * palette forgives them, else 0.
 */
function wordMatch(word: string, page: (typeof pages)[number]): number {
  if (page.path.includes(word) || page.title.toLowerCase().includes(word)) return 2;
  if (word.length < 4) return 0;
  const typos = word.length >= 7 ? 2 : 1;
  return [...words(page.path), ...words(page.title)].some((w) => w && editDistance(word, w) <= typos) ? 1 : 0;
}

/**
 * Suggests pages whose path or title shares a word with the unknown path, those sharing the most
 * words first: every generator shares "generator", so /data-generator/old must lead with the data
 * generator rather than cut it after five others. A misspelt word counts (/gradiant-generator
 * leads with the gradient generator), after an exact one.
 */
function suggestions(pathname: string) {
  const from = words(pathname).filter((w) => w.length > 2);
  const score = (p: (typeof pages)[number]) => {
    const matches = from.map((w) => wordMatch(w, p));
    return { shared: matches.filter((m) => m > 0).length, exact: matches.filter((m) => m === 2).length };
  };
  return pages
    .map((page) => ({ page, ...score(page) }))
    .filter((s) => s.shared > 0)
    .sort((a, b) => b.shared - a.shared || b.exact - a.exact) // stable: declaration order breaks ties
    .slice(0, 5)
    .map((s) => s.page);
}

export function NotFound() {
  // A mistyped link's settings and section still apply on the page it meant.
  const { pathname, search, hash } = useLocation();
  const similar = suggestions(pathname);
  return (
    <article className="not-found">
      <h1>Page not found</h1>
      <p>
        There is no page at <code>{pathname}</code>. It may have moved, or the address has a typo.
      </p>
      {similar.length > 0 && (
        <>
          <p>Did you mean:</p>
          <ul>
            {similar.map((t) => (
              <li key={t.path}>
                <Link to={{ pathname: t.path, search, hash }}>{t.title}</Link>
              </li>
            ))}
          </ul>
        </>
      )}
      <p>
        <Link to="/">Back to all tools</Link>
      </p>
    </article>
  );
}
