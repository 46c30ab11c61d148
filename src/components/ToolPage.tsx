import { useRef, useSyncExternalStore, type KeyboardEvent, type ReactNode } from 'react';
import type { PageDeclaration } from '../app/tool';
import { CopyButton } from './CopyButton';
import { draftKeysOf } from '../browser/draft';
import { webStorage } from '../browser/quiet-storage';
import { draftNotKept, draftNotKeptMessage, isHeldInMemory, onDraftNotKept } from '../browser/draft-kept';
import {
  LINK_DAMAGED_MESSAGE,
  linkDamaged,
  linkHoldsSettings,
  onLinkDamaged,
  settingsLeftOutOfLink,
} from '../browser/link-left-out';

/**
 * What Copy link says: a link that leaves settings out says which and why, and a link that holds
 * nothing (the defaults, or a tool whose options are not in links) does not promise these settings.
 */
function linkCopied(): string {
  const missing = settingsLeftOutOfLink();
  if (!linkHoldsSettings(location.search) && !location.hash)
    return '✅ Link copied: it opens this tool with its default settings';
  if (!missing.length) return '✅ Link copied: it opens this tool with these settings';
  const byWhy = new Map<string, string[]>();
  for (const { name, why } of missing) byWhy.set(why, [...(byWhy.get(why) ?? []), name]);
  const said = [...byWhy].map(([why, names]) => `${names.join(', ')}: ${why}`).join('; ');
  return `⚠️ Link copied without ${said}, it opens this tool with the other settings`;
}

/**
 * Whether Start fresh would forget something of the user's: a draft (written on the first change),
 * settings or a token in the link, a file or text the draft does not hold, a JWT held in memory.
 */
function holdsUserWork(path: string): boolean {
  const drafts = webStorage('sessionStorage');
  return (
    (drafts !== null && draftKeysOf(drafts, path).length > 0) ||
    linkHoldsSettings(location.search) ||
    location.hash !== '' ||
    draftNotKept(path) !== '' ||
    isHeldInMemory(path)
  );
}

/** Forgets the tool's draft and its settings in the link, and reloads it with the defaults. */
function startFresh() {
  const path = location.pathname;
  const drafts = webStorage('sessionStorage');
  if (drafts) for (const key of draftKeysOf(drafts, path)) drafts.removeItem(key);
  location.replace(path);
}

/**
 * Tab from the last button of a modal dialog goes round to its first, Shift+Tab from the first to
 * the last: the browser's modal dialog lets Tab out to its own toolbar.
 */
function keepTabInside(e: KeyboardEvent<HTMLElement>) {
  if (e.key !== 'Tab') return;
  const buttons = e.currentTarget.querySelectorAll('button');
  const edge = e.shiftKey ? buttons[0] : buttons[buttons.length - 1];
  if (document.activeElement !== edge) return;
  e.preventDefault();
  (e.shiftKey ? buttons[buttons.length - 1] : buttons[0])?.focus();
}

/**
 * Start fresh, which asks first when that forgets the user's work (one click next to Copy link
 * lost it for good), in a modal alert dialog: the page behind is inert, Escape or Cancel closes it
 * and the browser gives focus back to this button. Cancel, the safe answer, comes first and takes
 * the focus (the browser's confirm() did not follow the theme or zoom).
 */
function StartFresh() {
  const dialog = useRef<HTMLDialogElement>(null);
  return (
    <>
      <button
        type="button"
        onClick={() => (holdsUserWork(location.pathname) ? dialog.current?.showModal() : startFresh())}
      >
        Start fresh
      </button>
      <dialog
        ref={dialog}
        className="confirm-dialog"
        role="alertdialog"
        aria-labelledby="start-fresh-title"
        aria-describedby="start-fresh-text"
        onKeyDown={keepTabInside}
      >
        <h2 id="start-fresh-title">Start fresh?</h2>
        <p id="start-fresh-text">What you entered in this tool and its settings will be forgotten.</p>
        <div className="row">
          <button type="button" onClick={() => dialog.current?.close()}>
            Cancel
          </button>
          <button type="button" className="primary" onClick={startFresh}>
            Start fresh
          </button>
        </div>
      </dialog>
    </>
  );
}

export interface InfoCard {
  title: string;
  text: ReactNode;
}

/** The header text of a page: a tool's declaration, or any page's own title and description. */
export type PageHeader = Pick<PageDeclaration, 'title' | 'description'>;

/** The frame of every tool page: the declared title and description, the tool, then info cards. */
export function ToolPage({
  tool,
  children,
  infoCards = [],
}: {
  tool: PageHeader;
  children?: ReactNode;
  infoCards?: InfoCard[];
}) {
  return (
    <article className="tool-page">
      <header className="tool-header">
        <h1>{tool.title}</h1>
        <p className="tool-description">{tool.description}</p>
        <div className="tool-actions">
          <CopyButton text={() => location.href} label="Copy link" confirmation={linkCopied} />
          <StartFresh />
        </div>
        <DraftNotKeptLine />
      </header>
      {children}
      {infoCards.length > 0 && <InfoCards cards={infoCards} />}
    </article>
  );
}

/**
 * Says when a reload would not bring back what the user has now, and when the link the page was
 * opened with was damaged, so not opened (always present: a live region).
 */
function DraftNotKeptLine() {
  const why = useSyncExternalStore(onDraftNotKept, () => draftNotKept(location.pathname));
  const damaged = useSyncExternalStore(onLinkDamaged, linkDamaged);
  return (
    <p className="draft-not-kept" role="status">
      {[damaged ? LINK_DAMAGED_MESSAGE : '', draftNotKeptMessage(why)].filter(Boolean).join(' ')}
    </p>
  );
}

function InfoCards({ cards }: { cards: InfoCard[] }) {
  return (
    <section className="info-cards" aria-labelledby="info-cards-heading">
      <h2 id="info-cards-heading" className="sr-only">
        Tips and features
      </h2>
      {cards.map((c) => (
        <div className="info-card" key={c.title}>
          <h3>{c.title}</h3>
          <div>{c.text}</div>
        </div>
      ))}
    </section>
  );
}
