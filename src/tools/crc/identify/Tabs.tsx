/** The CRC page's tab list (Generate, Identify): arrow keys, Home and End move between tabs. */
import type { KeyboardEvent } from 'react';
import { useIdentifyStore, type CrcTab } from './store';

const TABS: [CrcTab, string][] = [
  ['generate', 'Generate'],
  ['identify', 'Identify'],
];

export const tabId = (tab: CrcTab) => `crc-tab-${tab}`;
export const panelId = (tab: CrcTab) => `crc-panel-${tab}`;

export function CrcTabs() {
  const { tab, setTab } = useIdentifyStore();
  const onKey = (e: KeyboardEvent) => {
    const i = TABS.findIndex(([t]) => t === tab);
    const next =
      e.key === 'ArrowRight'
        ? (i + 1) % TABS.length
        : e.key === 'ArrowLeft'
          ? (i + TABS.length - 1) % TABS.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? TABS.length - 1
              : -1;
    if (next < 0) return;
    e.preventDefault();
    const [t] = TABS[next]!;
    setTab(t);
    document.getElementById(tabId(t))?.focus();
  };
  return (
    <div className="tabs crc-tabs" role="tablist" aria-label="CRC tools" onKeyDown={onKey}>
      {TABS.map(([t, label]) => (
        <button
          key={t}
          type="button"
          role="tab"
          id={tabId(t)}
          aria-selected={tab === t}
          // The Generate side is the page itself, without a panel element of its own.
          aria-controls={t === 'identify' && tab === t ? panelId(t) : undefined}
          tabIndex={tab === t ? 0 : -1}
          onClick={() => setTab(t)}
        >
          {label}
        </button>
      ))}
    </div>
  );
}
