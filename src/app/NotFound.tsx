import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { PRODUCT, pages } from './registry';

/**
 * Suggests pages whose path or title shares a word with the unknown path, those sharing the most
 * words first: every generator shares "generator", so /data-generator/old must lead with the data
 * generator rather than cut it after five others.
 */
function suggestions(pathname: string) {
  const words = pathname
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 2);
  const shared = (p: (typeof pages)[number]) =>
    words.filter((w) => p.path.includes(w) || p.title.toLowerCase().includes(w)).length;
  return pages
    .map((page) => ({ page, score: shared(page) }))
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score) // stable: declaration order breaks ties
    .slice(0, 5)
    .map((s) => s.page);
}

export function NotFound() {
  const { pathname } = useLocation();
  const similar = suggestions(pathname);
  // Like a tool's title (ToolRoute): the tab, history and screen readers say where the user is.
  useEffect(() => {
    document.title = `Page not found · ${PRODUCT}`;
    return () => void (document.title = PRODUCT);
  }, []);
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
                <Link to={t.path}>{t.title}</Link>
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
