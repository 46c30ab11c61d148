/**
 * What a screen reader is told by a live region: it announces a change of the region's text, so a
 * message set again after a retry must leave the region (empty) and come back to be heard.
 */
import type { Locator } from 'playwright-core';

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
