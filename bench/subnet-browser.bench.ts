/**
 * Subnet host-list export in Chromium, served by the real server from the built app (set
 * STATIC_DIR for a private build): the page's pipeline (click -> worker: WASM page fill + format
 * into byte chunks -> Blob -> download, measured to the success status) against the naive
 * main-thread `join` of one string per address into a Blob. The longest main-thread task of each
 * is recorded: the worker pipeline keeps the page responsive, the join freezes it.
 */
import type { Browser, Page } from 'playwright-core';
import { defineSuite } from './harness';
import { launchBrowser, openPage } from '../tests/harness/browser';
import { startServer, type RunningServer } from '../tests/harness/server';

let server: RunningServer | undefined;
let browser: Browser | undefined;

async function setUp(page: Page, cidr: number): Promise<void> {
  await page.goto(`${server!.url}/ip-subnet`);
  await page.getByLabel('IP Address').fill(`10.0.0.0/${cidr}`);
  await page.getByRole('tab', { name: 'Subnets' }).click();
  await page.getByRole('button', { name: 'Host addresses' }).click();
  await page.evaluate(() => {
    const w = window as unknown as { longTasks: number[] };
    w.longTasks = [];
    new PerformanceObserver((l) => l.getEntries().forEach((e) => w.longTasks.push(e.duration))).observe({
      type: 'longtask',
    });
  });
}

/** Longest long task since the last call (observer entries arrive after the task, so wait a bit). */
const longest = (page: Page) =>
  page.evaluate(async () => {
    await new Promise((r) => setTimeout(r, 100));
    const w = window as unknown as { longTasks: number[] };
    const max = Math.max(0, ...w.longTasks);
    w.longTasks = [];
    return Math.round(max);
  });

/** In the page: clicks Export and resolves with the ms until the status says "✅ Exported" again. */
function exportOnce(): Promise<number> {
  return new Promise((resolve) => {
    const panel = document.querySelector('[aria-label="Export list"]')!;
    const button = panel.querySelector('button.primary') as HTMLButtonElement;
    let cleared = false;
    const t0 = performance.now();
    const observer = new MutationObserver(() => {
      const text = panel.querySelector('.status-line')?.textContent ?? '';
      if (!text.startsWith('✅')) cleared = true;
      else if (cleared) {
        observer.disconnect();
        resolve(performance.now() - t0);
      }
    });
    observer.observe(panel, { subtree: true, childList: true, characterData: true });
    button.click();
  });
}

export default defineSuite({
  name: 'subnet-browser',
  async groups({ quick }) {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    const cidr = quick ? 12 : 8;
    const rows = 2 ** (32 - cidr) - 2;
    const { page } = await openPage(browser, { acceptDownloads: false, viewport: { width: 1280, height: 900 } });
    await setUp(page, cidr);
    const worker = { longest_task_ms: 0 };
    const join = { longest_task_ms: 0 };
    return [
      {
        name: `export ${rows.toLocaleString('en-US')} hosts of a /${cidr} as text in Chromium`,
        baseline: 'main-thread join of strings',
        cases: [
          {
            name: 'page: worker + wasm byte pages',
            ops: rows,
            extra: worker,
            async measure(samples: number) {
              const times: number[] = [];
              for (let s = 0; s <= samples; s++) {
                const ms = await page.evaluate(exportOnce);
                if (s > 0) times.push(ms); // sample 0 warms up (worker start, WASM compile)
                worker.longest_task_ms = Math.max(worker.longest_task_ms, await longest(page));
              }
              return times;
            },
          },
          {
            name: 'main-thread join of strings',
            ops: rows,
            extra: join,
            async measure(samples: number) {
              const times: number[] = [];
              for (let s = 0; s < Math.min(samples, 3); s++) {
                // Run as a real task of the page (setTimeout) so the long-task observer sees it.
                times.push(
                  await page.evaluate(
                    (n) =>
                      new Promise<number>((resolve) =>
                        setTimeout(() => {
                          const t0 = performance.now();
                          const lines = new Array<string>(n);
                          for (let i = 0; i < n; i++) {
                            const a = 0x0a000001 + i;
                            lines[i] = `${a >>> 24}.${(a >>> 16) & 255}.${(a >>> 8) & 255}.${a & 255}`;
                          }
                          const blob = new Blob([lines.join('\n') + '\n'], { type: 'text/plain' });
                          resolve(blob.size > 0 ? performance.now() - t0 : -1);
                        }),
                      ),
                    rows,
                  ),
                );
                join.longest_task_ms = Math.max(join.longest_task_ms, await longest(page));
              }
              return times;
            },
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
