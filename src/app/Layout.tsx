import { lazy, Suspense, useCallback, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { Sidebar } from './Sidebar';
import { LoadBoundary } from './LoadBoundary';
import { Icon } from './icons';
import { PRODUCT, pageByPath, titleOfPath } from './registry';
import { useTheme } from './theme';
import { isApple, paletteShortcut } from '../browser/shortcut';

// The palette is its own chunk (the first load stays small), fetched when the browser is idle.
const loadPalette = () => import('./CommandPalette');
const CommandPalette = lazy(loadPalette);

/**
 * The palette's chunk could not be loaded (the connection down before it was fetched, with no
 * service worker to serve it; or gone after a deploy): a notice in its place, where the whole app
 * used to unmount into a blank tab. Only a reload tries again: the user's choice, as on a tool
 * that could not be loaded.
 */
function PaletteLoadFailure({ onClose, children }: { onClose: () => void; children: ReactNode }) {
  const notice = (
    <div
      className="palette-failed"
      role="alert"
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return;
        e.stopPropagation(); // the palette's Escape: not the menu's or a popup's under it
        onClose();
      }}
    >
      <p>Search could not be loaded: the connection may be down, or a new version of BitSmith was released.</p>
      <button type="button" onClick={() => window.location.reload()}>
        Reload
      </button>{' '}
      <button type="button" autoFocus onClick={onClose}>
        Close
      </button>
    </div>
  );
  return <LoadBoundary fallback={notice}>{children}</LoadBoundary>;
}

/** Below this width the sidebar is an off-canvas menu (keep in step with styles.css). */
const MOBILE_QUERY = '(max-width: 900px)';

function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const media = window.matchMedia(query);
      media.addEventListener('change', onChange);
      return () => media.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
  );
}

/** Inputs that take no typed text: "/" on them types nothing, so it opens the palette. */
const NOT_TEXT_INPUTS = /^(checkbox|radio|range|color|file|button|submit|reset|image)$/;

const isTextField = (t: EventTarget | null) =>
  t instanceof HTMLElement &&
  (t.isContentEditable ||
    /^(TEXTAREA|SELECT)$/.test(t.tagName) ||
    (t instanceof HTMLInputElement && !NOT_TEXT_INPUTS.test(t.type)));

/**
 * Ctrl+K / Cmd+K anywhere toggles the command palette (as in VS Code, GitHub and Linear); "/"
 * outside a text field opens it. On a Mac, Ctrl+K in a text field is the system's (delete to the
 * end of the line), as GitHub leaves it: ⌘K opens the palette there.
 */
function usePaletteShortcut(open: () => void, close: () => void, isOpen: boolean) {
  useEffect(() => {
    const apple = isApple();
    const onKey = (e: KeyboardEvent) => {
      const systems = apple && e.ctrlKey && !e.metaKey && isTextField(e.target);
      const ctrlK = e.key.toLowerCase() === 'k' && (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && !systems;
      const slash = e.key === '/' && !e.ctrlKey && !e.metaKey && !e.altKey && !isTextField(e.target);
      if (!ctrlK && !slash) return;
      e.preventDefault();
      if (ctrlK && isOpen) close();
      else open();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, close, isOpen]);
}

/** Page frame: skip link, navigation bar (menu toggle, search, theme), sidebar, overlay and content. */
export function Layout() {
  const { pathname } = useLocation();
  // The menu is open for the route it was opened on, so a route change closes it.
  const [menuOpenAt, setMenuOpenAt] = useState<string | null>(null);
  const mobile = useMediaQuery(MOBILE_QUERY);
  // The menu is a small screen's: a window grown past it (a tablet turned) closes it, or its
  // overlay would dim the wide page and keep it from scrolling.
  const menuOpen = mobile && menuOpenAt === pathname;
  const close = () => setMenuOpenAt(null);
  if (!mobile && menuOpenAt !== null) setMenuOpenAt(null); // not open again when it narrows back
  const [paletteOpen, setPaletteOpen] = useState(false);
  // Nor when Back returns to the route it was opened on: it opened again there, untapped.
  const [routeShown, setRouteShown] = useState(pathname);
  if (routeShown !== pathname) {
    setRouteShown(pathname);
    setMenuOpenAt(null);
    // The palette goes with the page it was over (Back or Forward under it): it stayed open over
    // the page Back brought, and its Escape sent the focus to <body>.
    setPaletteOpen(false);
  }
  const [theme, toggleTheme] = useTheme();
  const shortcut = paletteShortcut();
  const focusBeforePalette = useRef<Element | null>(null);

  const openPalette = useCallback(() => {
    focusBeforePalette.current ??= document.activeElement;
    setPaletteOpen(true);
  }, []);
  const closePalette = useCallback((navigated = false) => {
    setPaletteOpen(false);
    const back = focusBeforePalette.current;
    focusBeforePalette.current = null;
    // Opening a tool replaces the page, and with it the control focus came from: the new page's
    // content takes focus instead (as the skip link gives it), so the keyboard starts there.
    if (navigated) document.getElementById('main')?.focus();
    else if (back instanceof HTMLElement && back.isConnected) back.focus();
  }, []);
  usePaletteShortcut(openPalette, closePalette, paletteOpen);
  // A page that goes away takes the focused control with it (a home page link, Enter in its filter
  // box), and the focus fell to <body>: the new page's content takes it, as from the palette.
  const shownPath = useRef(pathname);
  // Screen readers hear the new page's title: a navbar link or Back keeps the focus where it was,
  // and the page changed under it unheard. The title comes from the address, not from the page's
  // own effects, whose order against this one (or a lazy chunk still loading) is not ours to rely on.
  const routeAnnouncer = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    const title = titleOfPath(pathname);
    document.title = title;
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    focusBeforePalette.current = null; // a palette closed by the route change: its control is gone
    if (!document.activeElement || document.activeElement === document.body) document.getElementById('main')?.focus();
    if (routeAnnouncer.current) routeAnnouncer.current.textContent = title;
  }, [pathname]);
  useEffect(() => {
    // Only a head start: when it fails (offline, a server restart), opening the palette says so,
    // with Reload. Uncaught, the failure was also an error in the page.
    const id = setTimeout(() => void loadPalette().catch(() => undefined), 1500);
    return () => clearTimeout(id);
  }, []);

  useEffect(() => {
    if (!menuOpen) return;
    document.body.classList.add('scroll-locked');
    // A tap outside the sidebar and the toggle closes the menu. The overlay closes it on its click:
    // gone at pointerdown, it would let the tap's mousedown and click fall on the page under it.
    const onPointer = (e: PointerEvent) => {
      const t = e.target as Element;
      if (!t.closest('#sidebar, .menu-toggle, .overlay')) close();
    };
    // Escape closes the menu and gives focus back to its toggle (the sidebar turns inert); not the
    // one that cancels an input method's composition in its filter box.
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.isComposing) return;
      if (e.defaultPrevented) return; // taken inside the menu (its filter box emptied itself)
      close();
      document.querySelector<HTMLElement>('.menu-toggle')?.focus();
    };
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
      <a
        href="#main"
        className="skip-link"
        // The focus and the scroll a #main link gives, without #main in the address: Copy link
        // copied it (promising settings), Back had a step more, and a JWT link lost its #token=.
        onClick={(e) => {
          const main = document.getElementById('main');
          if (!main) return;
          e.preventDefault();
          main.focus({ preventScroll: true });
          main.scrollIntoView();
        }}
      >
        Skip to content
      </a>
      <header className="navbar">
        <button
          type="button"
          className="menu-toggle"
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          aria-expanded={menuOpen}
          aria-controls="sidebar"
          onClick={() => setMenuOpenAt(menuOpen ? null : pathname)}
        >
          <Icon name={menuOpen ? 'close' : 'menu'} size={20} />
        </button>
        <Link to="/" className="navbar-brand">
          {PRODUCT}
        </Link>
        {current && (
          <span className="navbar-crumb" aria-label="Current tool">
            / {current.title}
          </span>
        )}
        <button
          type="button"
          className="palette-button"
          aria-label={shortcut ? `Search tools (${shortcut})` : 'Search tools'}
          aria-keyshortcuts="Control+K Meta+K /"
          onClick={openPalette}
        >
          <Icon name="search" size={16} />
          <span className="palette-button-text">Search tools</span> {shortcut && <kbd>{shortcut}</kbd>}
        </button>
        <nav className="navbar-links" aria-label="Main">
          <Link to="/" className="navbar-home">
            Home
          </Link>
          <Link to="/admin/analytics">Analytics</Link>
        </nav>
        <button
          type="button"
          className="theme-toggle"
          aria-label={theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme'}
          onClick={toggleTheme}
        >
          <Icon name={theme === 'dark' ? 'sun' : 'moon'} size={18} />
        </button>
      </header>
      {/* Off-canvas and closed, the sidebar is out of the Tab order and the accessibility tree. */}
      <Sidebar open={menuOpen} onClose={close} inert={mobile && !menuOpen} />
      {menuOpen && (
        <div
          className="overlay"
          data-testid="overlay"
          aria-hidden="true"
          // The focus stays where it is until the click, which hands it from the menu (about to
          // turn inert) to the toggle, as Escape does: it used to fall to <body>.
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => {
            const inMenu = document.activeElement?.closest('#sidebar');
            close();
            if (inMenu) document.querySelector<HTMLElement>('.menu-toggle')?.focus();
          }}
        />
      )}
      <p className="sr-only" role="status" ref={routeAnnouncer} />
      {/* While the menu is open over it, the page is out of the Tab order (a modal menu). */}
      <main className="content" id="main" tabIndex={-1} inert={mobile && menuOpen}>
        <Outlet />
      </main>
      {paletteOpen && (
        <PaletteLoadFailure onClose={closePalette}>
          <Suspense fallback={null}>
            <CommandPalette onClose={closePalette} />
          </Suspense>
        </PaletteLoadFailure>
      )}
    </div>
  );
}
