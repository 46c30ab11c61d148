/**
 * A WAI-ARIA tab list: one Tab stop (roving tabindex), ArrowLeft/ArrowRight (wrapping), Home and End
 * select a tab and focus it. The pages render their panels themselves, only the selected tab's.
 */
import type { KeyboardEvent, ReactNode } from 'react';

export interface TabItem<T extends string> {
  id: T;
  label: string;
  /** Shown after the label, inside the tab (a count). */
  extra?: ReactNode;
}

interface TabListProps<T extends string> {
  tabs: readonly TabItem<T>[];
  selected: T;
  onSelect: (id: T) => void;
  'aria-label': string;
  tabId: (id: T) => string;
  /** The panel element's id; undefined when the tab has no panel element of its own. */
  panelId: (id: T) => string | undefined;
  className?: string;
  /** A class for the selected tab, for pages styled by class rather than by aria-selected. */
  selectedClassName?: string;
}

/** The index a key moves to, or undefined for a key the tab list leaves alone. */
function targetIndex(key: string, index: number, count: number): number | undefined {
  if (key === 'ArrowRight') return (index + 1) % count;
  if (key === 'ArrowLeft') return (index - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return undefined;
}

export function TabList<T extends string>({
  tabs,
  selected,
  onSelect,
  tabId,
  panelId,
  className,
  selectedClassName,
  'aria-label': label,
}: TabListProps<T>) {
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((t) => t.id === selected);
    const target = tabs[targetIndex(e.key, index, tabs.length) ?? -1];
    if (!target) return;
    e.preventDefault();
    onSelect(target.id);
    document.getElementById(tabId(target.id))?.focus();
  };
  return (
    <div className={className} role="tablist" aria-label={label} onKeyDown={onKeyDown}>
      {tabs.map((t) => {
        const isSelected = t.id === selected;
        return (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={tabId(t.id)}
            aria-selected={isSelected}
            // Only the selected tab's panel is in the document: the others point at nothing.
            aria-controls={isSelected ? panelId(t.id) : undefined}
            tabIndex={isSelected ? 0 : -1}
            className={isSelected ? selectedClassName : undefined}
            onClick={() => onSelect(t.id)}
          >
            {t.label}
            {t.extra}
          </button>
        );
      })}
    </div>
  );
}
