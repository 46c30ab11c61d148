/**
 * The settings of the page's state that its link leaves out, each with why, and whether the link
 * the page was opened with was damaged: written by usePermalink (./permalink.ts), read by the
 * page's frame to say so. Apart from permalink.ts so that the frame of every page does not load
 * the link packing with it.
 */
export interface LeftOut {
  /** The setting, or the part of one ("sample 2"). */
  name: string;
  why: string;
}

export const TOO_LONG_FOR_LINK = 'too long for a link';

/**
 * Per part of the page's link (the CRC page has two): each part used to write its list over the
 * other's, so the Identify tab's left-out samples were forgotten on an edit on the Generate tab.
 */
const leftOut = new Map<object, readonly LeftOut[]>();

export const settingsLeftOutOfLink = (): LeftOut[] => [...leftOut.values()].flat();

export function setSettingsLeftOutOfLink(part: object, items: readonly LeftOut[]): void {
  if (items.length) leftOut.set(part, items);
  else leftOut.delete(part);
}

let damaged = false;
const listeners = new Set<() => void>();

/** True while the page shows what it had instead of a link it could not read whole. */
export const linkDamaged = (): boolean => damaged;

export function setLinkDamaged(value: boolean): void {
  if (damaged === value) return;
  damaged = value;
  listeners.forEach((l) => l());
}

export function onLinkDamaged(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const LINK_DAMAGED_MESSAGE =
  '⚠️ This link is damaged (cut short or edited), so it was not opened: the tool keeps the settings it had';

/** The query parameters the page's own link code writes (its settings), with how many parts claim each. */
const linkKeys = new Map<string, number>();

/** Claims `keys` as the page's settings in its link (usePermalink, and the contrast and subnet pages); returns the release. */
export function claimLinkKeys(keys: readonly string[]): () => void {
  for (const k of keys) linkKeys.set(k, (linkKeys.get(k) ?? 0) + 1);
  return () => {
    for (const k of keys) {
      const n = (linkKeys.get(k) ?? 1) - 1;
      if (n > 0) linkKeys.set(k, n);
      else linkKeys.delete(k);
    }
  };
}

/**
 * Whether a query string holds a setting of the page: another site's parameters (?utm_source=,
 * ?fbclid=) are none, and Copy link promised "these settings" for them.
 */
export const linkHoldsSettings = (search: string): boolean => paramNames(search).some((k) => linkKeys.has(k));

/** A query string's parameter names in order, repeats kept (src/core/link-params.ts checks them). */
export const paramNames = (search: string): string[] => [...new URLSearchParams(search).keys()];
