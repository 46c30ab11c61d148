import { useEffect, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { Sidebar } from './Sidebar';
import { PRODUCT, pageByPath } from './registry';

/** Page frame: navigation bar (with the mobile menu toggle), sidebar, overlay and content. */
export function Layout() {
  const { pathname } = useLocation();
  // The menu is open for the route it was opened on, so a route change closes it.
  const [menuOpenAt, setMenuOpenAt] = useState<string | null>(null);
  const menuOpen = menuOpenAt === pathname;
  const close = () => setMenuOpenAt(null);

  useEffect(() => {
    if (!menuOpen) return;
    document.body.classList.add('scroll-locked');
    // A tap outside the sidebar and the toggle closes the menu.
    const onPointer = (e: PointerEvent) => {
      const t = e.target as Element;
      if (!t.closest('#sidebar') && !t.closest('.menu-toggle')) close();
    };
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && close();
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.body.classList.remove('scroll-locked');
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [menuOpen]);

  const current = pageByPath(pathname);
  return (
    <div className="app">
      <header className="navbar">
        <button
          type="button"
          className="menu-toggle"
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          aria-expanded={menuOpen}
          aria-controls="sidebar"
          onClick={() => setMenuOpenAt(menuOpen ? null : pathname)}
        >
          {menuOpen ? '✕' : '☰'}
        </button>
        <Link to="/" className="navbar-brand">
          {PRODUCT}
        </Link>
        {current && (
          <span className="navbar-crumb" aria-label="Current tool">
            / {current.title}
          </span>
        )}
        <nav className="navbar-links" aria-label="Main">
          <Link to="/">Home</Link>
          <Link to="/admin/analytics">Analytics</Link>
        </nav>
      </header>
      <Sidebar open={menuOpen} onClose={close} />
      {menuOpen && <div className="overlay" data-testid="overlay" aria-hidden="true" onClick={close} />}
      <main className="content" id="main">
        <Outlet />
      </main>
    </div>
  );
}
