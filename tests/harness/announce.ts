/**
 * What a screen reader is told by a live region: it announces a change of the region's text, so a
 * message set again after a retry must leave the region (empty) and come back to be heard.
 */
import type { Locator, Page } from 'playwright-core';

type Watched = Element & { announced?: string[] };

/**
 * Starts recording the text of `region` after each change of its DOM; returns a reader of the
 * texts seen since (e.g. ['', 'Please enter text'] for a repeated message announced again).
 */
export async function watchAnnouncements(region: Locator): Promise<() => Promise<string[]>> {
  await region.evaluate((el: Watched) => {
    const seen: string[] = [];
    el.announced = seen;
    new MutationObserver(() => seen.push(el.textContent ?? '')).observe(el, {
      childList: true,
      characterData: true,
      subtree: true,
    });
  });
  return () => region.evaluate((el: Watched) => el.announced ?? []);
}

/** A live region's message: `inserted` when the region came into the page with it (often not announced). */
export interface Announcement {
  role: string;
  text: string;
  inserted: boolean;
}

/**
 * Starts recording every message the page's live regions (role alert, status or log, aria-live)
 * would give: a region whose text changed to a non-empty text, or one inserted with its text.
 * Returns a reader of the messages since, in order.
 */
export async function watchPageAnnouncements(page: Page): Promise<() => Promise<Announcement[]>> {
  await page.evaluate(() => {
    const seen: Announcement[] = [];
    (window as unknown as { pageAnnouncements: Announcement[] }).pageAnnouncements = seen;
    const isRegion = (n: Node): n is Element =>
      n instanceof Element &&
      (['alert', 'status', 'log'].includes(n.getAttribute('role') ?? '') ||
        (n.hasAttribute('aria-live') && n.getAttribute('aria-live') !== 'off'));
    const regionOf = (n: Node) => {
      for (let e: Node | null = n; e; e = e.parentNode) if (isRegion(e)) return e;
      return null;
    };
    const last = new Map<Element, string>();
    new MutationObserver((records) => {
      const changed = new Set<Element>();
      for (const r of records) {
        for (const n of r.addedNodes)
          if (isRegion(n) && n.textContent?.trim()) {
            last.set(n, n.textContent.trim());
            seen.push({ role: n.getAttribute('role') ?? 'live', text: n.textContent.trim(), inserted: true });
          }
        const region = regionOf(r.target);
        if (region) changed.add(region);
      }
      for (const region of changed) {
        const text = region.textContent?.trim() ?? '';
        if (last.get(region) === text) continue;
        last.set(region, text);
        if (text) seen.push({ role: region.getAttribute('role') ?? 'live', text, inserted: false });
      }
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { pageAnnouncements: Announcement[] }).pageAnnouncements);
}
