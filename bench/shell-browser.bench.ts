/**
 * The suite's shell in Chromium, served by the real server from the built app: how long the
 * command palette takes from the keystroke to the painted dialog, next to the floor (a keystroke
 * that changes nothing, to the next frame) in the same page. Also records what the first visit
 * downloads and what each tool's page adds, from the build report (dist/build-report.json).
 */
import { existsSync, readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { defineSuite } from './harness';
import { launchBrowser, openPage } from '../tests/harness/browser';
import { startServer, type RunningServer } from '../tests/harness/server';
import type { BuildReport } from '../scripts/delivery-plugin';

let server: RunningServer | undefined;
let browser: Browser | undefined;

/**
 * Ms from a keydown of `key` (dispatched in the page, as the browser would) until `selector`
 * matches and a frame has been painted after it.
 */
function keyToPaint(page: Page, key: string, ctrlKey: boolean, selector: string): Promise<number> {
  // A string, not a function: tsx would wrap named inner functions in a helper the page lacks.
  return page.evaluate(`new Promise((resolve, reject) => {
    setTimeout(() => reject(new Error('no paint within 5 s')), 5000); // a bench must never hang CI
    const t0 = performance.now();
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: ${JSON.stringify(key)}, ctrlKey: ${ctrlKey}, bubbles: true, cancelable: true }));
    const check = () => document.querySelector(${JSON.stringify(selector)})
      ? requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - t0)))
      : requestAnimationFrame(check);
    check();
  })`);
}

async function samples(n: number, one: () => Promise<number>): Promise<number[]> {
  await one(); // warm-up
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push(await one());
  return out;
}

function report(): Record<string, number | string> {
  const file = 'dist/build-report.json';
  if (!existsSync(file)) return {};
  const r = JSON.parse(readFileSync(file, 'utf8')) as BuildReport;
  const kb = (n: number) => +(n / 1024).toFixed(1);
  return {
    initial_js_gzip_kb: kb(r.initialJsGzip),
    ...Object.fromEntries(Object.entries(r.tools).map(([t, v]) => [`${t}_js_gzip_kb`, kb(v.jsGzip)])),
  };
}

export default defineSuite({
  name: 'shell-browser',
  async groups({ quick }) {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    const { page } = await openPage(browser, { viewport: { width: 1280, height: 800 } });
    await page.goto(`${server.url}/json-formatter`);
    await page.locator('main h1').first().waitFor();
    const n = quick ? 5 : 30;
    return [
      {
        name: 'command palette: keystroke to painted dialog (Chromium)',
        baseline: 'a keystroke that changes nothing, to the next frame',
        cases: [
          {
            name: 'a keystroke that changes nothing, to the next frame',
            ops: 1,
            measure: () => samples(n, () => keyToPaint(page, 'Shift', false, 'body')),
          },
          {
            name: 'Ctrl+K opens the palette',
            ops: 1,
            extra: report(),
            measure: () =>
              samples(n, async () => {
                const ms = await keyToPaint(page, 'k', true, '[role="dialog"] [role="option"]');
                await page.keyboard.press('Escape');
                return ms;
              }),
          },
        ],
      },
    ];
  },
  async teardown() {
    await browser?.close();
    await server?.stop();
  },
});
