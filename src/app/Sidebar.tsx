import { useState, type MouseEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Icon } from './icons';
import { sidebarGroups, groupOfPath, pages, VERSION, PRODUCT } from './registry';
import { filterPages, filterStatus } from './search';
import type { PageDeclaration } from './tool';
import { composing } from '../browser/shortcut';

const NAV_DELAY_MS = 300;

/**
 * Sidebar (spec part 1, "Sidebar navigation"): one group expanded at a time, clicking the open
 * group collapses it; a tool link closes the menu, then navigates after 300 ms with a full load.
 */
export function Sidebar({ open, onClose, inert }: { open: boolean; onClose: () => void; inert: boolean }) {
  const { pathname } = useLocation();
  const [expanded, setExpanded] = useState<string | null>(() => groupOfPath(pathname)?.id ?? null);
  // A tool reached without a page load (the palette, a home page link, Back) opens its group too,
  // unless the open one lists it already; the visitor's own collapsing on a page stays.
  const [shownPath, setShownPath] = useState(pathname);
  if (shownPath !== pathname) {
    setShownPath(pathname);
    const listedInOpen = sidebarGroups.some((g) => g.id === expanded && g.pages.some((p) => p.path === pathname));
    const group = groupOfPath(pathname);
    if (group && !listedInOpen) setExpanded(group.id);
  }
  const [filter, setFilter] = useState('');
  const matches = filterPages(filter, pages);

  const navigate = useNavigate();
  const openPage = (path: string) => {
    onClose();
    setTimeout(() => {
      // The spec's full page load, unless it has nothing to load from (offline, and no service
      // worker to serve the page): it went to the browser's "No internet" page, this one gone.
      if (!navigator.onLine && !navigator.serviceWorker?.controller) void navigate(path);
      else window.location.assign(path);
    }, NAV_DELAY_MS);
  };

  const followLink = (e: MouseEvent<HTMLAnchorElement>, path: string) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return; // new tab etc. stays native
    e.preventDefault();
    openPage(path);
  };

  const toolLink = ({ path, title, kind }: PageDeclaration) => (
    <a
      href={path}
      className={`tool-link ${pathname === path ? 'active' : ''}`}
      aria-current={pathname === path ? 'page' : undefined}
      onClick={(e) => followLink(e, path)}
    >
      {title}
      {kind === 'placeholder' && <span className="soon-dot"> soon</span>}
    </a>
  );

  return (
    <nav id="sidebar" className={`sidebar ${open ? 'sidebar-open' : ''}`} aria-label="Tools" inert={inert}>
      <Link to="/" className="sidebar-brand" onClick={onClose}>
        <span className="brand-mark" aria-hidden="true">
          ⟨B⟩
        </span>{' '}
        {PRODUCT}
      </Link>
      <input
        type="search"
        className="sidebar-filter"
        aria-label="Filter tools"
        placeholder="Filter tools"
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
        onKeyDown={(e) => {
          // As in the palette: Enter opens the best match (not the one committing an IME's text).
          if (e.key === 'Enter' && !composing(e) && matches?.[0]) openPage(matches[0].path);
          // Escape empties the box first (in every browser); the next one closes the small screen's menu.
          if (e.key === 'Escape' && !composing(e) && filter) {
            e.preventDefault();
            setFilter('');
          }
        }}
      />
      {/* Always present, so screen readers hear each change (as the home page's filter). */}
      <p className="sr-only" role="status">
        {filterStatus(filter, matches)}
      </p>
      {matches && (
        <ul className="group-tools sidebar-matches" aria-label="Matching tools">
          {matches.map((page) => (
            <li key={page.path}>{toolLink(page)}</li>
          ))}
          {matches.length === 0 && <li className="sidebar-no-match">No tool matches</li>}
        </ul>
      )}
      <ul className="sidebar-groups" hidden={matches !== null}>
        {sidebarGroups.map((g) => {
          const isOpen = expanded === g.id;
          return (
            <li key={g.id} className={`sidebar-group ${isOpen ? 'expanded' : ''}`}>
              <button
                type="button"
                className="group-toggle"
                aria-expanded={isOpen}
                aria-controls={`group-${g.id}`}
                onClick={() => setExpanded(isOpen ? null : g.id)}
              >
                <Icon name={g.icon} /> {g.title}
                <span className="chevron">
                  <Icon name={isOpen ? 'chevron-down' : 'chevron-right'} size={16} />
                </span>
              </button>
              <ul id={`group-${g.id}`} className="group-tools" hidden={!isOpen}>
                {g.pages.map((page) => (
                  <li key={page.path}>{toolLink(page)}</li>
                ))}
              </ul>
            </li>
          );
        })}
      </ul>
      <footer className="sidebar-footer">
        {PRODUCT} {VERSION}
      </footer>
    </nav>
  );
}
