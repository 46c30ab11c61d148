/**
 * Why the page's draft (./draft.ts) does not hold what the user has now, by tool path: written by
 * keepDraft, read by the tool page's frame to say so, since a reload would not bring it back.
 */
export type DraftNotKept = '' | 'too long' | 'file' | 'refused';

/** By tool path, then by draft part ('' the tool's own store): a page's stores each have their say. */
const notKept = new Map<string, Map<string, DraftNotKept>>();
const listeners = new Set<() => void>();

/** Why the tool's drafts leave something out: the first of its stores' reasons, '' when none. */
export const draftNotKept = (path: string): DraftNotKept =>
  [...(notKept.get(path)?.values() ?? [])].find((why) => why !== '') ?? '';

export function setDraftNotKept(path: string, why: DraftNotKept, part = ''): void {
  const parts = notKept.get(path) ?? new Map<string, DraftNotKept>();
  if ((parts.get(part) ?? '') === why) return;
  notKept.set(path, parts.set(part, why));
  listeners.forEach((l) => l());
}

/** Tools holding input kept in memory only, on purpose (a JWT and its key): a reload would lose it. */
const heldInMemory = new Set<string>();

/** Whether the tool at `path` holds input kept in memory only (a JWT or its key). */
export const isHeldInMemory = (path: string): boolean => heldInMemory.has(path);

export function setHeldInMemory(path: string, held: boolean): void {
  if (held) heldInMemory.add(path);
  else heldInMemory.delete(path);
}

/**
 * Whether every tool's draft holds what its page has, so a reload would lose nothing typed: the
 * reloads of a new deploy wait while it does not (the tab holding a JWT used to reload empty).
 */
export const everyDraftKept = (): boolean =>
  heldInMemory.size === 0 && [...notKept.keys()].every((path) => draftNotKept(path) === '');

export function onDraftNotKept(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The page's sentence, '' when the draft holds everything. */
export function draftNotKeptMessage(why: DraftNotKept): string {
  if (why === 'file') return '⚠️ File not kept over a reload: choose it again after one (the options are kept)';
  if (why === 'too long') return '⚠️ Text not kept over a reload: too long to keep (the options are kept)';
  if (why === 'refused') return "⚠️ Input not kept over a reload: the browser's storage is full or blocked";
  return '';
}
