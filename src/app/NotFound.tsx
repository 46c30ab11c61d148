import { Link, useLocation } from 'react-router-dom';
import { pages } from './registry';

/** Suggests pages whose path or title shares a word with the unknown path. */
function suggestions(pathname: string) {
  const words = pathname
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 2);
  return pages.filter((p) => words.some((w) => p.path.includes(w) || p.title.toLowerCase().includes(w))).slice(0, 5);
}

export function NotFound() {
  const { pathname } = useLocation();
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
