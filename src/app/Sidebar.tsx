import { useState, type MouseEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { iconGlyph } from './icons';
import { sidebarGroups, groupOfPath, VERSION, PRODUCT } from './registry';

const NAV_DELAY_MS = 300;

/**
 * Sidebar (spec part 1, "Sidebar navigation"): one group expanded at a time, clicking the open
 * group collapses it; a tool link closes the menu, then navigates after 300 ms with a full load.
 */
export function Sidebar({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { pathname } = useLocation();
  const [expanded, setExpanded] = useState<string | null>(() => groupOfPath(pathname)?.id ?? null);

  const followLink = (e: MouseEvent<HTMLAnchorElement>, path: string) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return; // new tab etc. stays native
    e.preventDefault();
    onClose();
    setTimeout(() => window.location.assign(path), NAV_DELAY_MS);
  };

  return (
    <nav id="sidebar" className={`sidebar ${open ? 'sidebar-open' : ''}`} aria-label="Tools">
      <Link to="/" className="sidebar-brand" onClick={onClose}>
        <span className="brand-mark" aria-hidden="true">
          ⟨B⟩
        </span>{' '}
        {PRODUCT}
      </Link>
      <ul className="sidebar-groups">
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
                <span aria-hidden="true">{iconGlyph(g.icon)}</span> {g.title}
                <span className="chevron" aria-hidden="true">
                  {isOpen ? '▾' : '▸'}
                </span>
              </button>
              <ul id={`group-${g.id}`} className="group-tools" hidden={!isOpen}>
                {g.pages.map(({ path, title, kind }) => (
                  <li key={path}>
                    <a
                      href={path}
                      className={`tool-link ${pathname === path ? 'active' : ''}`}
                      aria-current={pathname === path ? 'page' : undefined}
                      onClick={(e) => followLink(e, path)}
                    >
                      {title}
                      {kind === 'placeholder' && <span className="soon-dot"> soon</span>}
                    </a>
                  </li>
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
