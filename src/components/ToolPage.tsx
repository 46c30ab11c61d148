import { useSyncExternalStore, type ReactNode } from 'react';
import type { PageDeclaration } from '../app/tool';
import { CopyButton } from './CopyButton';
import { draftKey } from '../browser/draft';
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
  return (
    webStorage('sessionStorage')?.getItem(draftKey(path)) != null ||
    linkHoldsSettings(location.search) ||
    location.hash !== '' ||
    draftNotKept(path) !== '' ||
    isHeldInMemory(path)
  );
}

/**
 * Forgets the tool's draft and its settings in the link, and reloads it with the defaults; asks
 * first when that forgets the user's work (one click next to Copy link lost it for good).
 */
function startFresh() {
  const path = location.pathname;
  if (holdsUserWork(path) && !window.confirm(START_FRESH_QUESTION)) return;
  webStorage('sessionStorage')?.removeItem(draftKey(path));
  location.replace(path);
}

const START_FRESH_QUESTION = 'Start fresh? What you entered in this tool and its settings will be forgotten.';

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
          <button type="button" onClick={startFresh}>
            Start fresh
          </button>
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
