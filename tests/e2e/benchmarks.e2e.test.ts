// The live benchmark page (/benchmarks, issue 29 part 3) in Chromium: reached from the home page's
// Fast & Reliable card and from the palette (not from the sidebar, which stays as specified), every
// comparison run at 1 MB in the worker with its equal-results check and a ratio, no long task on the
// page's thread meanwhile, Cancel of a 256 MB run, Copy results, and axe in each state.
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { COMPARISONS, type ComparisonId } from '../../src/workers/bench/catalogue';
import { seriousViolations } from '../harness/axe';
import { openPage } from '../harness/browser';
import { useSharedApp } from '../harness/e2e';
import {
  describeTasks,
  longestCpuMs,
  MAIN_THREAD_TEST,
  MAX_TASK_CPU_MS,
  traceMainThread,
} from '../harness/main-thread';
import { describeWith } from '../harness/system';
import { draftKey } from '../../src/browser/draft';

// Spec part 1, "Sidebar navigation", verbatim: the benchmark page must not join it.
const SPEC_SIDEBAR: Record<string, string[]> = {
  'Hardware Development': ['/crc-generator', '/fsm-generator', '/fifo-generator', '/uart-generator'],
  'File Converters': ['/json-yaml-converter', '/csv-json-converter', '/base64-converter'],
  'UI/UX Design Tools': ['/color-contrast', '/icon-generator', '/gradient-generator', '/typography-scale'],
  'Backend Utilities': ['/api-tester', '/json-formatter', '/json-yaml-converter', '/jwt-debugger', '/sql-formatter'],
  'Data Processing': ['/data-generator', '/base64-converter'],
  'Network Tools': ['/ip-subnet', '/url-encoder', '/http-status'],
};

describeWith(['chromium'], 'benchmark page in Chromium', () => {
  const app = useSharedApp();

  async function open(path: string) {
    const p = await openPage(app.browser, {
      viewport: { width: 1280, height: 900 },
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    await p.page.goto(app.url + path);
    await p.page.locator('main h1').first().waitFor();
    return p;
  }
  const heading = (page: Page) => page.getByRole('heading', { name: 'Benchmarks', level: 1 });
  const status = (page: Page) => page.locator('main .status-line');
  const rows = (page: Page) => page.locator('.bench-table tbody tr');

  /** Runs only the comparisons `ids` at 1 MB, the others unticked as a visitor unticks them. */
  async function runOnly(page: Page, ids: ComparisonId[]) {
    await page.getByLabel('Input size').selectOption('1');
    for (const c of COMPARISONS.filter((c) => !ids.includes(c.id)))
      await page.getByRole('checkbox', { name: `${c.title} vs ${c.theirs}` }).uncheck();
    await page.getByRole('button', { name: 'Run', exact: true }).click();
  }

  /** The chart's texts that stick out of it, cut at its edge. */
  const chartTextsOutside = (page: Page) =>
    page.locator('.bench-chart svg').evaluate((svg) => {
      const box = svg.getBoundingClientRect();
      return [...svg.querySelectorAll('text')]
        .filter((t) => {
          const r = t.getBoundingClientRect();
          return r.left < box.left - 0.5 || r.right > box.right + 0.5;
        })
        .map((t) => t.textContent);
    });

  it('opens from the Fast & Reliable card and from the palette, not from the sidebar; axe clean when idle', async () => {
    const { page, errors } = await open('/');
    const card = page.locator('.feature-card').filter({ has: page.getByRole('heading', { name: 'Fast & Reliable' }) });
    await card.getByRole('link', { name: 'Run the benchmarks on your device' }).click();
    await heading(page).waitFor();
    await expect.poll(() => page.title()).toBe('Benchmarks · BitSmith');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/benchmarks');
    expect(await page.locator('main').textContent()).toContain(
      'runs the same work twice in a web worker on this device',
    );

    // The sidebar's groups and links, exactly as specified, with no link to this page.
    const sidebar = await page
      .locator('#sidebar .sidebar-group')
      .evaluateAll((groups) =>
        groups.map((g) => [
          g.querySelector('.group-toggle')!.textContent!.trim(),
          [...g.querySelectorAll('a')].map((a) => new URL(a.href).pathname),
        ]),
      );
    expect(Object.fromEntries(sidebar)).toEqual(SPEC_SIDEBAR);
    expect(await page.locator('#sidebar a[href="/benchmarks"]').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto(app.url + '/url-encoder');
    await page.locator('main h1').first().waitFor();
    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Search tools' });
    await palette.getByRole('combobox', { name: 'Search tools' }).fill('benchmarks');
    await expect
      .poll(() => palette.getByRole('option').first().locator('.palette-title').textContent())
      .toBe('Benchmarks');
    await page.keyboard.press('Enter');
    await heading(page).waitFor();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/benchmarks');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it(
    'runs every comparison at 1 MB with equal results and a ratio, no long task meanwhile; copies the results',
    MAIN_THREAD_TEST,
    async () => {
      const { page, errors } = await open('/benchmarks');
      await page.getByLabel('Input size').selectOption('1');
      // Everything the page loads (the chart library included) is in before the run starts.
      await page.waitForLoadState('networkidle');
      await page.evaluate(() => {
        const w = window as unknown as { longTasks: number[] };
        w.longTasks = [];
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) w.longTasks.push(Math.round(e.duration));
        }).observe({ type: 'longtask' });
      });
      const tasks = await traceMainThread(app.browser, page, async () => {
        await page.getByRole('button', { name: 'Run', exact: true }).click();
        await expect
          .poll(() => status(page).textContent(), { timeout: 120_000, interval: 500 })
          .toBe('✅ Done: 10 comparisons');
      });
      const longTasks = await page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks);
      // The Long Tasks API sees wall time, which on this shared 2-core machine is up to five times a
      // task's CPU time (docs/testing.md): a long task it reports must be the thread waiting for a
      // core, not the page's work, which the trace bounds. Both are printed when either fails.
      const seen = `Long Tasks API: [${longTasks.join(', ')}] ms; trace: ${describeTasks(tasks)}`;
      expect(longestCpuMs(tasks), seen).toBeLessThanOrEqual(MAX_TASK_CPU_MS);
      if (longTasks.length) console.warn(`Wall-clock long tasks while the CPU time stayed under the bound: ${seen}`);

      const table = await rows(page).evaluateAll((trs) =>
        trs.map((tr) => ({
          id: tr.getAttribute('data-id'),
          size: tr.children[1]!.textContent,
          ratio: tr.querySelector('.bench-ratio')!.textContent,
          check: tr.children[5]!.textContent,
          ci: tr.children[6]!.textContent,
        })),
      );
      expect(table.map((r) => r.id)).toEqual(COMPARISONS.map((c) => c.id));
      for (const r of table) {
        expect(r.size, r.id!).toBe('1 MB');
        expect(r.ratio, r.id!).toMatch(/^\d+\.\d+×$/);
        expect(r.check, r.id!).toMatch(/^Same result: (identical|same|both accept|decoded 512x512 pixels within 3)/);
        // Our CI's figure of the same comparison (this page at 4 MB in CI): every row has one.
        expect(r.ci, r.id!).toMatch(/^\d+\.\d+×$/);
      }
      expect(await page.locator('.bench-chart svg').count()).toBeGreaterThan(0);
      expect(await seriousViolations(page)).toEqual([]);

      await page.getByRole('button', { name: 'Copy results' }).click();
      await page.locator('.copy-message').filter({ hasText: '✅ Copied to clipboard!' }).waitFor();
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      const userAgent = await page.evaluate(() => navigator.userAgent);
      const [markdown, json] = copied.split('\n\n```json\n');
      expect(markdown!.split('\n')[0]).toMatch(new RegExp(`^BitSmith benchmarks, 1 MB, \\d{4}-\\d\\d-\\d\\d, `));
      expect(markdown).toContain(userAgent);
      expect(markdown!.split('\n').filter((l) => /^\| [A-Z]/.test(l))).toHaveLength(11); // header + 10 rows
      const parsed = JSON.parse(json!.replace(/\n```\n$/, '')) as {
        userAgent: string;
        sizeBytes: number;
        results: { id: string; ratio: number; same: boolean; ours: { mibPerS: number } }[];
      };
      expect(parsed).toMatchObject({ userAgent, sizeBytes: 1 << 20 });
      expect(parsed.results.map((r) => r.id)).toEqual(COMPARISONS.map((c) => c.id));
      for (const r of parsed.results) expect(r, r.id).toMatchObject({ same: true, ratio: expect.any(Number) });
      expect(errors).toEqual([]);
      await page.context().close();
    },
  );

  it('says why Run is unavailable when no comparison is ticked', async () => {
    // Run went grey without a word.
    const { page, errors } = await open('/benchmarks');
    for (const c of COMPARISONS) await page.getByRole('checkbox', { name: `${c.title} vs ${c.theirs}` }).uncheck();
    const run = page.getByRole('button', { name: 'Run', exact: true });
    await expect.poll(() => run.isDisabled()).toBe(true);
    const described = () =>
      run.evaluate((b) => document.getElementById(b.getAttribute('aria-describedby') ?? '')?.textContent ?? null);
    await expect.poll(described).toBe('Tick at least one comparison to run.');
    expect(await page.getByText('Tick at least one comparison to run.').isVisible()).toBe(true);
    await page.getByRole('checkbox', { name: `${COMPARISONS[0]!.title} vs ${COMPARISONS[0]!.theirs}` }).check();
    await expect.poll(() => page.getByText('Tick at least one comparison to run.').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("on a phone, the results table scrolls from the keyboard (a focusable region) and the chart's labels fit; axe clean", async () => {
    const { page, errors } = await openPage(app.browser, { viewport: { width: 390, height: 844 } });
    await page.goto(app.url + '/benchmarks');
    await heading(page).waitFor();
    // Two quick ones; the subnet's label is the longest.
    await runOnly(page, ['crc32', 'subnet']);
    await expect.poll(() => status(page).textContent(), { timeout: 60_000 }).toBe('✅ Done: 2 comparisons');
    expect(await seriousViolations(page)).toEqual([]);
    const region = page.getByRole('region', { name: 'Results table, scrollable' });
    expect(await region.evaluate((e) => e.scrollWidth > e.clientWidth)).toBe(true);
    // The table's description is read whole on the screen: as its caption it was as wide as the
    // table, cut at the screen's edge ("... throughput of each s"), the rest out of sight.
    const description = 'On this device at 1 MB: throughput of each side and their ratio (ours ÷ theirs)';
    expect(await page.getByRole('table', { name: description }).count()).toBe(1);
    const cut = await page
      .getByText(description)
      .evaluate((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth);
    expect(cut).toBe(false);
    await region.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => region.evaluate((e) => e.scrollLeft)).toBeGreaterThan(0);
    // The chart's labels fit its width: none is cut at the screen's edge.
    await page.locator('.bench-chart svg').waitFor();
    expect(await chartTextsOutside(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("names each result row by its comparison: a screen reader's 'Base64 encode' row is one of two no more", async () => {
    const { page, errors } = await open('/benchmarks');
    const encodes = COMPARISONS.filter((c) => c.id.startsWith('base64-encode'));
    await runOnly(
      page,
      encodes.map((c) => c.id),
    );
    await expect.poll(() => status(page).textContent(), { timeout: 60_000 }).toBe('✅ Done: 2 comparisons');
    // A screen reader names a cell by its row header: both rows were "Base64 encode", so "Ratio, 0.6×"
    // and "Ratio, 25×" could not be told apart without reading the whole row.
    const names = await page
      .getByRole('table')
      .getByRole('rowheader')
      .evaluateAll((ths) => ths.map((th) => th.textContent));
    expect(names).toEqual(encodes.map((c) => `${c.title} vs ${c.vs}`));
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("keeps each figure and its unit on one line ('1,176' above 'MB/s', '1' above 'MB' in a wide window)", async () => {
    const { page, errors } = await open('/benchmarks');
    await runOnly(page, ['crc32', 'subnet']);
    await expect.poll(() => status(page).textContent(), { timeout: 60_000 }).toBe('✅ Done: 2 comparisons');
    /** The figures (size, rates, ratios, CI ratios) of the table shown on more than one line. */
    const broken = await rows(page).evaluateAll((trs) =>
      trs.flatMap((tr) => {
        const figures: string[] = [];
        const walker = document.createTreeWalker(tr, NodeFilter.SHOW_TEXT);
        for (let n = walker.nextNode(); n; n = walker.nextNode()) {
          const text = n.textContent ?? '';
          for (const m of text.matchAll(/[\d,.]+ ?(MB\/s|MB|×)/g)) {
            const range = document.createRange();
            range.setStart(n, m.index);
            range.setEnd(n, m.index + m[0].length);
            const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
            if (tops.size > 1) figures.push(m[0]);
          }
        }
        return figures;
      }),
    );
    expect(broken).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('makes the results table a Tab stop, a region called scrollable, only where it scrolls', async () => {
    const { page, errors } = await open('/benchmarks');
    await runOnly(page, ['crc32']);
    await expect.poll(() => status(page).textContent(), { timeout: 60_000 }).toBe('✅ Done: 1 comparison');
    // The table fits this window: no Tab stop, and no region that calls itself scrollable (one
    // that did nothing when the arrow keys were pressed).
    const wrap = page.locator('.bench-table-wrap');
    expect(await wrap.evaluate((e) => e.scrollWidth > e.clientWidth)).toBe(false);
    expect(await page.getByRole('region', { name: 'Results table, scrollable' }).count()).toBe(0);
    expect(await wrap.getAttribute('tabindex')).toBe(null);
    // Narrowed, it scrolls again and is a Tab stop.
    await page.setViewportSize({ width: 390, height: 900 });
    await expect.poll(() => page.getByRole('region', { name: 'Results table, scrollable' }).count()).toBe(1);
    expect(await wrap.getAttribute('tabindex')).toBe('0');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("shows the chart's labels whole where the chart has room for them (a wide window cut 'vs J…')", async () => {
    const { page, errors } = await open('/benchmarks');
    await runOnly(page, ['crc32', 'subnet']);
    await expect.poll(() => status(page).textContent(), { timeout: 60_000 }).toBe('✅ Done: 2 comparisons');
    const svg = page.locator('.bench-chart svg');
    await svg.waitFor();
    // A 900 px chart left 250 px for its labels: 'Subnet enumeration (IPv4 hosts) vs J…'.
    const labels = await svg.evaluate((s) => {
      const box = s.getBoundingClientRect();
      return [...s.querySelectorAll('text')]
        .filter((t) => / vs /.test(t.textContent ?? ''))
        .map((t) => {
          const r = t.getBoundingClientRect();
          return { text: t.textContent, inside: r.left >= box.left - 0.5 && r.right <= box.right + 0.5 };
        });
    });
    expect(labels).toEqual(
      ['CRC-32 vs JavaScript table', 'Subnet enumeration (IPv4 hosts) vs JavaScript loop'].map((text) => ({
        text,
        inside: true,
      })),
    );
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("keeps the chart's axis label whole on a 320 px phone ('eirs (log scale; ...' was cut)", async () => {
    const { page, errors } = await openPage(app.browser, { viewport: { width: 320, height: 800 } });
    await page.goto(app.url + '/benchmarks');
    await heading(page).waitFor();
    await runOnly(page, ['crc32']);
    await expect.poll(() => status(page).textContent(), { timeout: 60_000 }).toBe('✅ Done: 1 comparison');
    await page.locator('.bench-chart svg').waitFor();
    expect(await chartTextsOutside(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("writes the chart's scale in plain numbers: 0.7, not '700m' (an SI prefix, milli)", async () => {
    const { page, errors } = await open('/benchmarks');
    await runOnly(page, ['crc32', 'base64-encode']);
    await expect.poll(() => status(page).textContent(), { timeout: 60_000 }).toBe('✅ Done: 2 comparisons');
    const svg = page.locator('.bench-chart svg');
    await svg.waitFor();
    // The scale always reaches below 1 (it starts at the smallest ratio, or 1, over 1.6).
    const ticks = await svg.evaluate((s) =>
      [...s.querySelectorAll('text')]
        .map((t) => t.textContent ?? '')
        .filter((t) => t !== '' && !t.includes(' vs ') && !t.endsWith('×') && !t.includes('÷')),
    );
    expect(ticks).toContain('1');
    expect(ticks.filter((t) => !/^(0\.\d+|[1-9]\d{0,2}(,\d{3})*)$/.test(t))).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('writes each ratio beside its bar, never on it (text on the red bar of a slower one), wide and on a phone', async () => {
    const { page, errors } = await open('/benchmarks');
    // In Chromium its toBase64 is the faster side: a bar left of 1 (no figure is asserted here).
    await runOnly(page, ['crc32', 'base64-encode']);
    await expect.poll(() => status(page).textContent(), { timeout: 60_000 }).toBe('✅ Done: 2 comparisons');
    const chart = page.locator('.bench-chart');
    /** Ratio labels that overlap a bar or leave the chart, at the width the chart is drawn for now. */
    const misplaced = () =>
      chart.evaluate((f) => {
        const svg = f.querySelector('svg');
        if (!svg || Number(svg.getAttribute('width')) !== Math.min(900, f.clientWidth)) return ['not drawn yet'];
        const box = svg.getBoundingClientRect();
        const bars = [...svg.querySelectorAll('rect')].map((r) => r.getBoundingClientRect());
        return [...svg.querySelectorAll('text')]
          .filter((t) => t.textContent?.endsWith('×'))
          .filter((t) => {
            const r = t.getBoundingClientRect();
            const onBar = bars.some(
              (b) => r.left < b.right - 0.5 && r.right > b.left + 0.5 && r.top < b.bottom && r.bottom > b.top,
            );
            return onBar || r.left < box.left - 0.5 || r.right > box.right + 0.5;
          })
          .map((t) => t.textContent);
      });
    await expect.poll(misplaced).toEqual([]);
    await page.setViewportSize({ width: 390, height: 900 });
    await expect.poll(misplaced).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('on a phone, the running comparison has a progress bar of its own (the label and Cancel squeezed it to 0 px)', async () => {
    const { page, errors } = await openPage(app.browser, { viewport: { width: 375, height: 800 } });
    await page.goto(app.url + '/benchmarks');
    await heading(page).waitFor();
    await page.getByLabel('Input size').selectOption('256');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await page.getByRole('button', { name: 'Cancel' }).waitFor();
    const widths = () =>
      page.locator('.bench-progress progress').evaluateAll((bars) => bars.map((b) => b.getBoundingClientRect().width));
    const [overall, current] = await widths();
    expect(overall).toBeGreaterThanOrEqual(100);
    expect(current).toBeGreaterThanOrEqual(100);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(
      0,
    );
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => status(page).textContent()).toBe('Cancelled');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("in the dark theme, the chart's CI ticks are the text colour (not 'black') and its bars the theme's success and error colours", async () => {
    const { page, errors } = await openPage(app.browser, { colorScheme: 'dark' });
    await page.goto(app.url + '/benchmarks');
    await heading(page).waitFor();
    await runOnly(page, ['png']);
    await expect.poll(() => status(page).textContent(), { timeout: 60_000 }).toBe('✅ Done: 1 comparison');
    const tick = page.locator('.bench-chart svg g[stroke-width="3"] line');
    await tick.waitFor({ state: 'attached' });
    const [stroke, text] = await Promise.all([
      tick.evaluate((e) => getComputedStyle(e).stroke),
      page.locator('main').evaluate((e) => getComputedStyle(e).color),
    ]);
    expect(stroke).toBe(text);
    expect(stroke).not.toBe('rgb(0, 0, 0)');
    // The bars are the theme's success and error colours (the light theme's red measured 2.6:1 on
    // the dark panel, under the 3:1 a graphic needs).
    const [fill, themeColours] = await Promise.all([
      page
        .locator('.bench-chart svg rect')
        .first()
        .evaluate((e) => getComputedStyle(e).fill),
      page.locator('main').evaluate((main) =>
        ['--success', '--error'].map((v) => {
          const probe = main.appendChild(document.createElement('span'));
          probe.style.color = `var(${v})`;
          const colour = getComputedStyle(probe).color;
          probe.remove();
          return colour;
        }),
      ),
    ]);
    expect(themeColours).toContain(fill);
    const caption = await page.locator('.bench-chart figcaption').textContent();
    expect(caption).toContain('our CI’s ratio');
    expect(caption).not.toMatch(/black/i);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('redraws the chart to the new width when the window is resized (a phone turned, a window narrowed)', async () => {
    const { page, errors } = await open('/benchmarks');
    await runOnly(page, ['crc32', 'subnet']);
    await expect.poll(() => status(page).textContent(), { timeout: 60_000 }).toBe('✅ Done: 2 comparisons');
    const chart = page.locator('.bench-chart');
    await chart.locator('svg').waitFor();
    /** The width the chart was drawn for, the width it is shown at, and the room its figure has. */
    const widths = () =>
      chart.evaluate((f) => {
        const svg = f.querySelector('svg')!;
        return {
          drawn: Number(svg.getAttribute('width')),
          shown: Math.round(svg.getBoundingClientRect().width),
          room: f.clientWidth,
        };
      });
    /** 'fits', or the widths seen. */
    const fits = async () => {
      const w = await widths();
      // Drawn for the room it has (at most 900 px) and shown at that size: its 12 px text stays 12 px.
      return w.drawn === Math.min(900, w.room) && Math.abs(w.shown - w.drawn) <= 1 ? 'fits' : JSON.stringify(w);
    };
    expect(await fits()).toBe('fits');
    // Before, the chart kept the width of its first drawing: shrunk to a phone, its text was a
    // third of its size; widened again, it stayed phone-sized.
    for (const width of [390, 1280, 700]) {
      await page.setViewportSize({ width, height: 900 });
      await expect.poll(fits).toBe('fits');
    }
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('cancels a 256 MB run promptly: the worker is terminated and Run is back; axe clean while running', async () => {
    const { page, errors } = await open('/benchmarks');
    await page.getByLabel('Input size').selectOption('256');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await page.getByRole('group', { name: /^Overall \(1 of 10\)/ }).waitFor();
    await expect.poll(() => page.workers().some((w) => w.url().includes('bench.worker'))).toBe(true);
    expect(await page.getByRole('button', { name: 'Run', exact: true }).isDisabled()).toBe(true);
    // The size is fixed while it runs, as the comparisons are: a size chosen now would not be measured.
    expect(await page.getByLabel('Input size').isDisabled()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => status(page).textContent()).toBe('Cancelled');
    await expect.poll(() => page.workers().some((w) => w.url().includes('bench.worker'))).toBe(false);
    expect(await page.getByRole('group', { name: /^Overall/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Run', exact: true }).isEnabled()).toBe(true);
    expect(await page.getByLabel('Input size').isEnabled()).toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('copies, after a cancelled run, which comparisons were not run (a shared table looked complete)', async () => {
    const { page, errors } = await open('/benchmarks');
    const box = (id: string) => {
      const c = COMPARISONS.find((x) => x.id === id)!;
      return page.getByRole('checkbox', { name: `${c.title} vs ${c.theirs}` });
    };
    for (const c of COMPARISONS) if (c.id !== 'crc32' && c.id !== 'png') await box(c.id).uncheck();
    await page.getByLabel('Input size').selectOption('256');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    // CRC-32 done, the 256 MB PNG under way: cancel it.
    await page.getByRole('group', { name: /^Overall \(2 of 2\)/ }).waitFor({ timeout: 120_000 });
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => status(page).textContent()).toBe('Cancelled');
    expect(await rows(page).evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-id')))).toEqual(['crc32']);

    await page.getByRole('button', { name: 'Copy results' }).click();
    await page.locator('.copy-message').filter({ hasText: '✅ Copied to clipboard!' }).waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    const [markdown, json] = copied.split('\n\n```json\n');
    expect(markdown!.split('\n')[1]).toBe('Run cancelled: not run: PNG of a gradient vs OffscreenCanvas');
    const parsed = JSON.parse(json!.replace(/\n```\n$/, '')) as Record<string, unknown>;
    expect(parsed).toMatchObject({
      cancelled: true,
      notRun: ['png'],
      results: [expect.objectContaining({ id: 'crc32' })],
    });
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('copies, after a failed run, which comparison failed and which were not run (a shared table looked complete)', async () => {
    // No service worker: a fetch it makes (its precache has the kernel) is not one page.route sees.
    const { page, errors } = await openPage(app.browser, {
      viewport: { width: 1280, height: 900 },
      permissions: ['clipboard-read', 'clipboard-write'],
      serviceWorkers: 'block',
    });
    await page.goto(app.url + '/benchmarks');
    await heading(page).waitFor();
    // The PNG kernel cannot be fetched (a deploy removed it, a proxy blocked it): CRC-32 runs, PNG fails.
    await page.route(/\/png-[^/]*\.wasm$/, (route) => route.fulfill({ status: 404, body: 'Not found' }));
    for (const c of COMPARISONS)
      if (!['crc32', 'png', 'subnet'].includes(c.id))
        await page.getByRole('checkbox', { name: `${c.title} vs ${c.theirs}` }).uncheck();
    await page.getByLabel('Input size').selectOption('1');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await expect.poll(() => status(page).textContent(), { timeout: 60_000 }).toMatch(/^Failed/);
    // The page names the comparison that failed, as the copy does: the progress that named it is gone,
    // and 'Failed: Could not load WebAssembly (404 ...)' left the user to guess which it was.
    const failed = 'Failed at PNG of a gradient vs OffscreenCanvas: ';
    expect(await status(page).textContent()).toMatch(new RegExp(`^${failed}\\S`));
    const failure = (await status(page).textContent())!.slice(failed.length);
    expect(await rows(page).evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-id')))).toEqual(['crc32']);

    await page.getByRole('button', { name: 'Copy results' }).click();
    await page.locator('.copy-message').filter({ hasText: '✅ Copied to clipboard!' }).waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    const [markdown, json] = copied.split('\n\n```json\n');
    expect(markdown!.split('\n')[1]).toBe(
      `Run failed at PNG of a gradient vs OffscreenCanvas: ${failure}; not run: PNG of a gradient vs OffscreenCanvas, Subnet enumeration (IPv4 hosts) vs JavaScript loop`,
    );
    const parsed = JSON.parse(json!.replace(/\n```\n$/, '')) as Record<string, unknown>;
    expect(parsed).toMatchObject({
      failed: { id: 'png', error: failure },
      notRun: ['png', 'subnet'],
      results: [expect.objectContaining({ id: 'crc32' })],
    });
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('says the run failed, and gives Run back, when the worker cannot be loaded (a deploy removed its file)', async () => {
    const { page, errors } = await open('/benchmarks');
    await page.route(/bench\.worker-[^/]*\.js/, (route) => route.fulfill({ status: 404, body: 'Not found' }));
    await page.getByLabel('Input size').selectOption('1');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await expect
      .poll(() => status(page).textContent(), { timeout: 10_000 })
      .toBe('Failed: the worker could not be loaded (reload the page to get the current version)');
    expect(await page.getByRole('group', { name: /^Overall/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Run', exact: true }).isEnabled()).toBe(true);
    // Once the file is there again, the next Run starts a new worker.
    await page.unrouteAll();
    for (const c of COMPARISONS.filter((c) => c.id !== 'crc32'))
      await page.getByRole('checkbox', { name: `${c.title} vs ${c.theirs}` }).uncheck();
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await expect.poll(() => status(page).textContent(), { timeout: 60_000 }).toBe('✅ Done: 1 comparison');
    expect(errors.filter((e) => !/bench\.worker|404/.test(e))).toEqual([]);
    await page.context().close();
  });

  it('runs at the default size when the stored size is not one of the list (a hand-edited draft of 0 MB hung the run)', async () => {
    const { page, errors } = await open('/benchmarks');
    for (const sizeMb of [0, 3]) {
      await page.evaluate(([key, state]) => sessionStorage.setItem(key, JSON.stringify({ v: 1, state })), [
        draftKey('/benchmarks'),
        { sizeMb, selected: ['crc32', 'no-such-comparison', 'crc32'] },
      ] as const);
      await page.reload();
      await heading(page).waitFor();
      // What the select shows is what runs.
      expect(await page.getByLabel('Input size').inputValue(), `${sizeMb}`).toBe('4');
      await page.getByRole('button', { name: 'Run', exact: true }).click();
      await expect.poll(() => status(page).textContent(), { timeout: 60_000 }).toBe('✅ Done: 1 comparison');
      expect(await rows(page).evaluateAll((trs) => trs.map((tr) => tr.children[1]!.textContent))).toEqual(['4 MB']);
    }
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('gives the focus back to Run when Cancel, pressed from the keyboard, goes away (not to <body>)', async () => {
    const { page, errors } = await open('/benchmarks');
    await page.getByLabel('Input size').selectOption('256');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await page.getByRole('button', { name: 'Cancel' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => status(page).textContent()).toBe('Cancelled');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Run');
    // Enter again starts the next run from where the focus is.
    await page.getByLabel('Input size').selectOption('1');
    await page.getByRole('button', { name: 'Run', exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('group', { name: /^Overall/ }).waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => status(page).textContent()).toBe('Cancelled');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
