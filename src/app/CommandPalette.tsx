import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Icon } from './icons';
import { pageByPath, pages } from './registry';
import { recentPaths } from './recent';
import { searchPages } from './search';
import type { PageDeclaration } from './tool';
import './palette.css';
import { excerpt } from '../core/excerpt';
import { composing, paletteShortcut } from '../browser/shortcut';

interface Entry {
  page: PageDeclaration;
  recent: boolean;
}

/** Recent tools then every tool for an empty query; otherwise the ranked matches. */
function entriesFor(query: string): Entry[] {
  if (query.trim()) return searchPages(query, pages).map((page) => ({ page, recent: false }));
  const recent = recentPaths()
    .map(pageByPath)
    .filter((p): p is PageDeclaration => p !== undefined);
  const rest = pages.filter((p) => p.kind !== 'placeholder' && !recent.includes(p));
  return [...recent.map((page) => ({ page, recent: true })), ...rest.map((page) => ({ page, recent: false }))];
}

/**
 * The command palette (Ctrl+K, Cmd+K or "/"): a modal dialog holding an ARIA 1.2 combobox. The
 * input keeps focus; arrows move the active option, Enter opens it, Escape closes.
 */
/** `onClose(true)`: closed by opening a tool (the page behind it is going away). */
export default function CommandPalette({ onClose }: { onClose: (navigated?: boolean) => void }) {
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const id = useId();
  const entries = useMemo(() => entriesFor(query), [query]);
  const activeIndex = Math.min(active, entries.length - 1);

  useEffect(() => input.current?.focus(), []);
  // A modal, as the open menu: the page under it does not scroll (the wheel over the backdrop did).
  useEffect(() => {
    document.body.classList.add('palette-open');
    return () => document.body.classList.remove('palette-open');
  }, []);
  useEffect(() => {
    list.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest' });
  }, [activeIndex]);

  /** How many options the list shows at once, less one so that a page step keeps one in view. */
  const optionsPerPage = () => {
    const el = list.current;
    const option = el?.querySelector<HTMLElement>('[role="option"]');
    return el && option?.offsetHeight ? Math.max(1, Math.floor(el.clientHeight / option.offsetHeight) - 1) : 1;
  };

  const open = (page: PageDeclaration) => {
    // The tool already shown (the first recent entry) is not opened again: a bare address over
    // the same page dropped its link's settings, which the page writes only as they change. The
    // palette just closes, the focus back where it was (as after Escape: the page stays, and so
    // does an open menu, whose page is inert).
    if (page.path === pathname) return onClose();
    onClose(true);
    void navigate(page.path);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (composing(e)) return; // the input method's keys: the text is not typed yet
    const n = entries.length;
    if (e.key === 'ArrowDown' && n) setActive((activeIndex + 1) % n);
    else if (e.key === 'ArrowUp' && n) setActive((activeIndex - 1 + n) % n);
    else if ((e.key === 'PageDown' || e.key === 'PageUp') && n) {
      // A page of options at a time, stopping at the ends (as VS Code's quick open does).
      const step = e.key === 'PageDown' ? optionsPerPage() : -optionsPerPage();
      setActive(Math.min(n - 1, Math.max(0, activeIndex + step)));
    } else if (e.key === 'Enter' && entries[activeIndex]) open(entries[activeIndex].page);
    else if (e.key === 'Escape') {
      // The palette's Escape: the page's own Escape handlers (a colour popup, the mobile menu)
      // listen on document and would close what is under it too.
      e.stopPropagation();
      onClose();
    } else if (e.key !== 'Tab') return; // Tab stays in the dialog: the input is its only stop
    e.preventDefault();
  };

  const optionId = (i: number) => `${id}-option-${i}`;
  return (
    <div
      className="palette-backdrop"
      // A click on the modal palette or its backdrop is not a click outside the page's popups.
      onPointerDown={(e) => e.stopPropagation()}
      onMouseDown={(e) => {
        e.stopPropagation();
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <div className="palette" role="dialog" aria-modal="true" aria-label="Search tools">
        <input
          ref={input}
          className="palette-input"
          type="text"
          role="combobox"
          aria-label="Search tools"
          aria-expanded={entries.length > 0}
          aria-controls={`${id}-list`}
          aria-autocomplete="list"
          aria-activedescendant={entries.length ? optionId(activeIndex) : undefined}
          // The keys' hint where there are keys (a phone's touch screen has none: it was cut short there).
          placeholder={paletteShortcut() ? 'Search tools… (↑ ↓ to move, Enter to open, Esc to close)' : 'Search tools…'}
          autoComplete="off"
          spellCheck={false}
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
        />
        <ul ref={list} id={`${id}-list`} className="palette-list" role="listbox" aria-label="Tools">
          {entries.map(({ page, recent }, i) => (
            <li
              key={page.path}
              id={optionId(i)}
              role="option"
              aria-selected={i === activeIndex}
              className="palette-option"
              onMouseMove={() => i !== activeIndex && setActive(i)}
              onMouseDown={(e) => e.preventDefault()} // keep focus in the input
              onClick={() => open(page)}
            >
              <Icon name={page.icon} />
              <span className="palette-title">{page.title}</span>
              {recent && <span className="palette-tag">Recent</span>}
              {page.kind === 'placeholder' && <span className="palette-tag">Soon</span>}
              <span className="palette-description">{page.description}</span>
            </li>
          ))}
        </ul>
        <p className="palette-status" role="status">
          {entries.length
            ? `${entries.length} ${entries.length === 1 ? 'tool' : 'tools'}`
            : `No tool matches “${excerpt(query)}”`}
        </p>
      </div>
    </div>
  );
}
