/** Debian's Chromium driven by playwright-core (no downloaded browsers). */
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--disable-dev-shm-usage',
];

/** `extraArgs` come after CHROMIUM_ARGS (the e2e setup adds a DevTools port to share the browser). */
export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...extraArgs], headless: true });
}

/**
 * A fresh context + page that fails the test on uncaught page errors (collected in `errors`).
 * No service worker unless the test asks for one (`serviceWorkers: 'allow'`: the offline tests do).
 * In every fresh context it installed itself and downloaded and stored the whole precache (about
 * 100 files), a third of the CPU of a page test on a 2-core machine; and page.route does not see
 * the requests it makes. The tools behave the same behind it; tests/e2e/offline.e2e.test.ts tests it.
 * `fakeClock`: the page's timers are Playwright's from its first script. A test that needs a fake
 * clock wants it before the page loads: a timer set with the real setTimeout and later "cleared"
 * with the fake clearTimeout still fires (a stale debounce once emptied a converted output).
 */
export async function openPage(
  browser: Browser,
  options: BrowserContextOptions = {},
  { fakeClock = false } = {},
): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ acceptDownloads: true, serviceWorkers: 'block', ...options });
  const page = await context.newPage();
  if (fakeClock) await page.clock.install();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { page, errors };
}
