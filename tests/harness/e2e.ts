/**
 * What the e2e files share: the built server and Chromium (one per Vitest worker), started once per
 * run by the e2e project's global setup (tests/harness/e2e-setup.ts). Each file connects with
 * useSharedApp() and opens its own contexts and pages (openPage). A file that needs a server of its
 * own (own data, own environment) starts one with startServer() and still uses the shared browser.
 */
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Base URL of the shared server, e.g. http://127.0.0.1:43123. */
    appUrl: string;
    /** DevTools (CDP) endpoints of the shared Chromiums, one per Vitest worker. */
    chromiumCdpUrls: string[];
  }
}

export interface SharedApp {
  url: string;
  browser: Browser;
}

/**
 * Call inside the file's describe: connects before its tests and disconnects after them, which
 * closes the contexts this file opened but leaves the shared Chromium running. Over CDP (rather
 * than Playwright's connect()) downloads keep a local path().
 */
export function useSharedApp(): SharedApp {
  const app = {} as SharedApp;
  beforeAll(async () => {
    app.url = inject('appUrl');
    // This worker's browser: files that run at the same time never share one (nor its clipboard).
    const urls = inject('chromiumCdpUrls');
    const worker = Number(process.env.VITEST_POOL_ID ?? 1); // 1..maxWorkers
    // isLocal: same file system, so setInputFiles passes paths (files over 50 MB included).
    app.browser = await chromium.connectOverCDP(urls[(worker - 1) % urls.length]!, { isLocal: true });
  });
  afterAll(async () => {
    await app.browser?.close();
  });
  return app;
}

/**
 * Moves a paused page clock on in 25 ms steps until `read()` gives `expected`, and returns how far
 * the page's time moved. Steps rather than one jump: under load the effect that sets a timer can
 * run after an earlier advance, so the timer starts later in the page's time than the test assumed.
 */
export async function advanceClockUntil<T>(page: Page, read: () => Promise<T>, expected: T): Promise<number> {
  let movedMs = 0;
  await expect
    .poll(
      async () => {
        await page.clock.runFor(25);
        movedMs += 25;
        return read();
      },
      { timeout: 30_000, interval: 10 },
    )
    .toBe(expected);
  return movedMs;
}

/** Fills the page origin's localStorage or sessionStorage to its quota, as other saved data can. */
export async function fillStorage(page: Page, which: 'localStorage' | 'sessionStorage'): Promise<void> {
  await page.evaluate((name) => {
    const storage = window[name];
    for (let size = 1 << 20, i = 0; size >= 1; i++) {
      try {
        storage.setItem(`filler-${i}`, 'x'.repeat(size));
      } catch {
        size >>= 1;
      }
    }
  }, which);
}

/**
 * Holds every worker answer on `page` until the returned release is called (src/workers/bridge.ts):
 * a job started meanwhile is surely still running when the test changes, cancels or leaves it,
 * whatever the machine's speed. A cancel still ends it at once. Before, such tests fed the page
 * inputs big enough to outlast the action (seconds of work each), and a fast moment still lost the race.
 */
export async function holdWorkerResults(page: Page): Promise<() => Promise<void>> {
  await page.evaluate(() => {
    const w = window as unknown as Record<string, unknown>;
    w.__bitsmithHoldWorkerResults = new Promise((release) => (w.__bitsmithReleaseWorkerResults = release));
  });
  return () =>
    page.evaluate(() => {
      const w = window as unknown as Record<string, unknown>;
      delete w.__bitsmithHoldWorkerResults;
      (w.__bitsmithReleaseWorkerResults as () => void)();
    });
}

/**
 * Chooses `path` in a file field as a user does: a click, then the file in the chooser it opens.
 * Setting the field's files directly skips the browser's "same file again: no change" rule.
 */
export async function chooseFile(field: Locator, path: string): Promise<void> {
  const [chooser] = await Promise.all([field.page().waitForEvent('filechooser'), field.click()]);
  await chooser.setFiles(path);
}

/** The page's Start fresh question (an in-app alert dialog), while it is open. */
export const startFreshDialog = (page: Page) => page.getByRole('alertdialog', { name: 'Start fresh?' });

/** Presses Start fresh and answers its question with Start fresh (the page holds the user's work). */
export async function startFreshAnswered(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Start fresh' }).click();
  await startFreshDialog(page).getByRole('button', { name: 'Start fresh' }).click();
}
