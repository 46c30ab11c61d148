/**
 * The analytics dashboard in Debian Chromium against the real server: token prompt, totals that
 * match the posted events, range buttons refetching, the 14-day chart, CSV export, error texts.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { createServer as createHttpServer, request as httpRequest, type ServerResponse } from 'node:http';
import type { Page } from 'playwright-core';
import { describeWith } from '../harness/system';
import { openPage } from '../harness/browser';
import { useSharedApp } from '../harness/e2e';
import { watchAnnouncements, watchPageAnnouncements } from '../harness/announce';
import { startServer, type RunningServer } from '../harness/server';
import { getStats, pageview, post, toolUsage } from '../server/analytics-helpers';
import { EMBEDDED_FILE, JOURNAL_DIR } from '../../server/store';
import { BufferedStore } from '../../server/store/buffered';
import { SqliteBackend } from '../../server/store/sqlite';
import Database from 'better-sqlite3';

const today = new Date().toISOString().slice(0, 10);

/**
 * The palette's chunk, which a page fetches 1.5 s after it loads. A test that stops its server
 * waits for it first: on a slow host the fetch came after the stop, and the stale-chunk check
 * then asked that address again, which another test's new server may hold by then.
 */
const paletteLoaded = (page: Page) =>
  page.waitForResponse((r) => /\/assets\/CommandPalette-[\w-]+\.js$/.test(r.url()), { timeout: 15_000 });

describeWith(['chromium'], 'analytics dashboard in Chromium', () => {
  const app = useSharedApp();
  // Its own server: the totals must count only this file's events, not the other e2e files'.
  let server: RunningServer;

  beforeAll(async () => {
    server = await startServer();
    const seeded = [
      ...Array.from({ length: 5 }, (_, i) => post(server.url, 'pageview', pageview('/crc-generator', `v${i % 3}`))),
      ...Array.from({ length: 2 }, () => post(server.url, 'pageview', pageview('/jwt-debugger', 'v9'))),
      ...Array.from({ length: 4 }, (_, i) =>
        post(server.url, 'tool-usage', toolUsage('CRC Generator', 'generate', `v${i}`)),
      ),
      post(server.url, 'tool-usage', toolUsage('=HYPERLINK("x")', 'run', 'v1')),
    ];
    for (const r of await Promise.all(seeded)) expect(r.status).toBe(202);
  });
  afterAll(async () => {
    await server?.stop();
  });

  /** Opens the dashboard and waits until its own page view is stored (so counts are exact). */
  async function openDashboard(): Promise<{ page: Page; errors: string[] }> {
    const opened = await openPage(app.browser);
    const ownView = opened.page.waitForResponse((r) => r.url().endsWith('/api/analytics/pageview'));
    await opened.page.goto(`${server.url}/admin/analytics`);
    expect((await ownView).status()).toBe(202);
    return opened;
  }

  async function signIn(page: Page, token: string) {
    await page.getByLabel('Токен администратора').fill(token);
    await page.getByRole('button', { name: 'Войти' }).click();
  }

  it('asks for the token, rejects a wrong one, then shows totals, lists and the chart', async () => {
    const { page, errors } = await openDashboard();
    await page.getByRole('button', { name: 'Войти' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Введите токен администратора');

    await signIn(page, 'wrong-token-value');
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('Неверный токен администратора');
    expect(await page.evaluate(() => sessionStorage.getItem('bitsmith_admin_token'))).toBeNull();

    await signIn(page, server.adminToken);
    type Totals = { total_views: number; unique_visitors: number };
    const totals = async () => (await getStats(server.url, server.adminToken, 'days=30')).json as Totals;
    // 7 seeded + this page's own view, whose beacon may still be on its way.
    await expect.poll(async () => (await totals()).total_views).toBe(8);
    const api = await totals();
    await expect.poll(() => page.getByTestId('Всего просмотров').textContent()).toBe(String(api.total_views));
    expect(await page.getByTestId('Уникальные посетители').textContent()).toBe(String(api.unique_visitors));
    expect(await page.getByRole('button', { name: '30 дней' }).getAttribute('aria-pressed')).toBe('true');

    const pages = page.getByRole('table', { name: 'Популярные страницы' });
    expect(await pages.locator('tbody tr').first().textContent()).toBe('/crc-generator5');
    const tools = page.getByRole('table', { name: 'Использование инструментов' });
    expect(await tools.locator('tbody tr').first().textContent()).toBe('CRC Generator4');

    const bars = page.getByRole('list', { name: /Просмотры по дням/ }).getByRole('listitem');
    expect(await bars.count()).toBe(14);
    const todayInWords = new Date(`${today}T00:00:00Z`).toLocaleDateString('ru-RU', {
      day: 'numeric',
      month: 'long',
      timeZone: 'UTC',
    });
    expect(await bars.last().ariaSnapshot()).toBe(`- listitem: "${todayInWords}: 8 просмотров"`);
    expect(await page.evaluate(() => sessionStorage.getItem('bitsmith_admin_token'))).toBe(server.adminToken);
    expect(errors).toEqual([]);
  });

  it('refetches when the range changes, exports CSV, keeps the token for the session', async () => {
    const { page, errors } = await openDashboard();
    await signIn(page, server.adminToken);
    await expect.poll(() => page.getByTestId('Всего просмотров').textContent()).toBe('9');

    const refetch = page.waitForRequest((r) => r.url().includes('/api/analytics/stats?days=7'));
    await page.getByRole('button', { name: '7 дней' }).click();
    await refetch;
    await expect.poll(() => page.getByRole('button', { name: '7 дней' }).getAttribute('aria-pressed')).toBe('true');
    await expect
      .poll(() =>
        page
          .getByRole('list', { name: /Просмотры по дням/ })
          .getByRole('listitem')
          .count(),
      )
      .toBe(14); // the spec's chart shows the latest 14 days whatever the range

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Экспорт CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`bitsmith-analytics-7d-${today}.csv`);
    const csv = readFileSync((await file.path())!, 'utf8');
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('\uFEFFsection,key,value'); // the byte order mark, for Excel
    expect(lines).toContain('summary,range_days,7');
    expect(lines).toContain('summary,total_views,9');
    expect(lines).toContain(`daily_views,${today},9`);
    expect(lines).toContain('popular_pages,/crc-generator,5');
    expect(lines).toContain('tool_usage,CRC Generator,4');
    // A formula-looking name is neutralised for spreadsheets.
    expect(lines).toContain(`tool_usage,"'=HYPERLINK(""x"")",1`);

    // The first visit's own page view is counted by now (202 means journaled; the batch that
    // counts it may still be on its way, so the test asks again with Обновить, as an admin would);
    // the reload's page view may be counted too.
    await page.reload();
    await expect
      .poll(async () => {
        await page.getByRole('button', { name: 'Обновить' }).click();
        return Number(await page.getByTestId('Всего просмотров').textContent());
      })
      .toBeGreaterThanOrEqual(10);
    await page.getByRole('button', { name: 'Выйти' }).click();
    await expect.poll(() => page.getByLabel('Токен администратора').isVisible()).toBe(true);
    expect(errors).toEqual([]);
  });

  it('shows a clear error when the analytics database is down', async () => {
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', () => r()));
    const port = (probe.address() as { port: number }).port;
    await new Promise((r) => probe.close(r));
    const down = await startServer({
      env: {
        MONGODB_URI: `mongodb://127.0.0.1:${port}/?serverSelectionTimeoutMS=300`,
        ANALYTICS_SHUTDOWN_FLUSH_MS: '0',
      },
    });
    try {
      const { page } = await openPage(app.browser);
      await page.goto(`${down.url}/admin/analytics`);
      await signIn(page, down.adminToken);
      await expect
        .poll(() => page.getByRole('alert').textContent(), { timeout: 15_000 })
        .toContain('Хранилище аналитики временно недоступно');
      expect(await page.getByLabel('Токен администратора').count()).toBe(0);
    } finally {
      await down.stop();
    }
  });

  it('puts the keyboard back in the token field after a wrong token and after signing out', async () => {
    const { page, errors } = await openDashboard();
    const focusedLabel = () =>
      page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent ?? null);
    await signIn(page, 'wrong-token-value');
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('Неверный токен администратора');
    await expect.poll(focusedLabel).toBe('Токен администратора');

    // Typing again goes to the field, without a click.
    await page.keyboard.type(server.adminToken);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('Всего просмотров').isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Выйти' }).press('Enter');
    await expect.poll(focusedLabel).toBe('Токен администратора');
    expect(errors).toEqual([]);
  });

  it('leaves the keyboard on the dashboard after signing in, not at the start of the document', async () => {
    const { page, errors } = await openDashboard();
    await page.getByLabel('Токен администратора').fill(server.adminToken);
    await page.getByLabel('Токен администратора').press('Enter');
    await expect.poll(() => page.getByTestId('Всего просмотров').isVisible()).toBe(true);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('30 дней');
    // From there the keyboard reaches the other ranges and the actions.
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('90 дней');
    expect(errors).toEqual([]);
  });

  it('tells screen readers when a range is loading and when it has loaded', async () => {
    const { page, errors } = await openDashboard();
    // Signing in: the status region came in with the dashboard, holding its text already (not heard).
    const onSignIn = await watchPageAnnouncements(page);
    await signIn(page, server.adminToken);
    await expect
      .poll(async () => (await onSignIn()).filter((a) => a.role === 'status'))
      .toContainEqual({ role: 'status', text: 'Статистика за 30 дней загружена.', inserted: false });
    expect((await onSignIn()).filter((a) => a.inserted)).toEqual([]);
    await expect.poll(() => page.getByTestId('Всего просмотров').isVisible()).toBe(true);
    // The live region is there before the change, so the change is heard.
    const status = page.locator('main').getByRole('status');
    expect(await status.count()).toBe(1);
    const announced = await watchAnnouncements(status);
    await page.getByRole('button', { name: '7 дней' }).click();
    await expect.poll(announced).toEqual(['Загрузка статистики…', 'Статистика за 7 дней загружена.']);
    expect(errors).toEqual([]);
  });

  it('after Выйти, a wrong token shows none of the figures seen before while it is checked', async () => {
    const { page, errors } = await openDashboard();
    await signIn(page, server.adminToken);
    await expect.poll(() => page.getByTestId('Всего просмотров').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Выйти' }).click();

    // The next check is held at the browser (then sent to the server as it was), as a slow
    // network would, so the page can be looked at while it is on its way.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let arrived!: () => void;
    const arrivedAt = new Promise<void>((r) => (arrived = r));
    await page.route('**/api/analytics/stats?*', async (route) => {
      arrived();
      await held;
      await route.continue();
    });
    await signIn(page, 'someone-elses-guess');
    await arrivedAt;
    expect(await page.getByText('Загрузка статистики…').isVisible()).toBe(true);
    expect(await page.getByTestId('Всего просмотров').count()).toBe(0);
    expect(await page.getByRole('table').count()).toBe(0);
    release();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('Неверный токен администратора');
    expect(errors).toEqual([]);
  });

  it('while another range loads, the figures still shown keep the captions of their own range', async () => {
    const { page, errors } = await openDashboard();
    await signIn(page, server.adminToken);
    await expect.poll(() => page.getByTestId('Всего просмотров').isVisible()).toBe(true);
    const captions = () => page.locator('.analytics-total .change').allTextContents();
    expect((await captions()).every((c) => c.includes('30 дн'))).toBe(true);

    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let arrived!: () => void;
    const arrivedAt = new Promise<void>((r) => (arrived = r));
    await page.route('**/api/analytics/stats?days=7*', async (route) => {
      arrived();
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: '7 дней' }).click();
    await arrivedAt;
    // The 30-day figures, dimmed, are not the last 7 days compared with the 7 before.
    expect((await captions()).every((c) => c.includes('30 дн'))).toBe(true);
    release();
    await expect.poll(async () => (await captions()).every((c) => c.includes('7 дн'))).toBe(true);
    expect(errors).toEqual([]);
  });

  it('keeps the token prompt when wrong tokens are rate limited, and the right token still gets in', async () => {
    const limited = await startServer({ env: { RATE_LIMIT_PER_MINUTE: '3' } });
    try {
      const { page, errors } = await openPage(app.browser);
      await page.goto(`${limited.url}/admin/analytics`);
      // The page view and the wrong tokens spend the address's budget; the 429 comes within 4 tries.
      const alert = page.getByRole('alert');
      const alertText = async () => ((await alert.count()) ? await alert.textContent() : null) ?? '';
      let tries = 0;
      while (!(await alertText()).includes('Слишком много')) {
        expect(++tries).toBeLessThanOrEqual(4);
        const answered = page.waitForResponse((r) => r.url().includes('/api/analytics/stats'));
        await signIn(page, `wrong-token-${tries}`);
        await answered;
        await page.getByRole('alert').waitFor();
      }
      expect(await page.getByRole('alert').textContent()).toBe(
        'Слишком много запросов. Подождите минуту и попробуйте снова.',
      );
      // A 429 on stats is never the admin token's (it is not limited): the prompt stays.
      expect(await page.getByLabel('Токен администратора').isVisible()).toBe(true);
      expect(await page.getByRole('button', { name: 'Выйти' }).count()).toBe(0);
      expect(await page.evaluate(() => sessionStorage.getItem('bitsmith_admin_token'))).toBeNull();

      await signIn(page, limited.adminToken);
      await expect.poll(() => page.getByTestId('Всего просмотров').isVisible()).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await limited.stop();
    }
  });

  it('keeps the figures on screen when a refresh cannot reach the server, and says so', async () => {
    const own = await startServer();
    try {
      const { page, errors } = await openPage(app.browser);
      const palette = paletteLoaded(page);
      await page.goto(`${own.url}/admin/analytics`);
      await signIn(page, own.adminToken);
      await expect.poll(() => page.getByTestId('Всего просмотров').textContent()).toMatch(/^\d+$/);
      const shown = await page.getByTestId('Всего просмотров').textContent();

      await palette;
      await own.stop();
      await page.getByRole('button', { name: 'Обновить' }).click();
      await expect.poll(() => page.getByRole('alert').textContent()).toContain('сервер недоступен');
      // The last figures stay (a connection blip must not blank the dashboard), as does the token.
      expect(await page.getByTestId('Всего просмотров').isVisible()).toBe(true);
      expect(await page.getByTestId('Всего просмотров').textContent()).toBe(shown);
      expect(
        await page
          .getByRole('list', { name: /Просмотры по дням/ })
          .getByRole('listitem')
          .count(),
      ).toBe(14);
      expect(await page.getByRole('button', { name: 'Выйти' }).isVisible()).toBe(true);
      // The figures on screen can still be exported (the button stayed disabled until a success).
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Экспорт CSV' }).click();
      const csv = readFileSync((await (await download).path())!, 'utf8').split('\r\n');
      expect(csv).toContain(`summary,total_views,${shown}`);
      expect(csv).toContain('summary,range_days,30');
      expect(errors).toEqual([]);
    } finally {
      await own.stop();
    }
  });

  // Both banners came into the page with their text (the prompt's after a rejected token, the
  // dashboard's after a failed Обновить): screen readers may not announce a region inserted so.
  it('announces a rejected token and a failed refresh, in a region already there', async () => {
    const own = await startServer();
    try {
      const { page, errors } = await openPage(app.browser);
      const palette = paletteLoaded(page);
      await page.goto(`${own.url}/admin/analytics`);
      await page.getByLabel('Токен администратора').waitFor();
      const alerts = async (read: () => Promise<{ role: string }[]>) =>
        (await read()).filter((a) => a.role === 'alert');

      let announced = await watchPageAnnouncements(page);
      await page.getByRole('button', { name: 'Войти' }).click();
      await expect
        .poll(() => alerts(announced))
        .toEqual([{ role: 'alert', text: 'Введите токен администратора', inserted: false }]);

      announced = await watchPageAnnouncements(page);
      await signIn(page, 'wrong-token-value');
      await expect
        .poll(() => alerts(announced))
        .toEqual([{ role: 'alert', text: expect.stringContaining('Неверный токен администратора'), inserted: false }]);

      await signIn(page, own.adminToken);
      await expect.poll(() => page.getByTestId('Всего просмотров').textContent()).toMatch(/^\d+$/);
      await palette;
      await own.stop();
      announced = await watchPageAnnouncements(page);
      await page.getByRole('button', { name: 'Обновить' }).click();
      await expect
        .poll(() => alerts(announced))
        .toEqual([{ role: 'alert', text: expect.stringContaining('сервер недоступен'), inserted: false }]);
      expect(errors).toEqual([]);
    } finally {
      await own.stop();
    }
  });

  it('shows readable day labels under the chart on a phone (none overlaps another, today is shown)', async () => {
    const { page, errors } = await openPage(app.browser, { viewport: { width: 375, height: 800 } });
    await page.goto(`${server.url}/admin/analytics`);
    await signIn(page, server.adminToken);
    const chart = page.getByRole('list', { name: /Просмотры по дням/ });
    await expect.poll(() => chart.getByRole('listitem').count()).toBe(14);
    const labels = await chart.evaluate((list) =>
      [...list.querySelectorAll('li')]
        .map((li) => li.lastElementChild as HTMLElement)
        .filter((el) => getComputedStyle(el).visibility === 'visible' && el.getClientRects().length > 0)
        .map((el) => {
          const r = el.getBoundingClientRect();
          return { text: el.textContent, left: r.left, right: r.right };
        }),
    );
    expect(labels.length).toBeGreaterThanOrEqual(7);
    expect(labels.at(-1)!.text).toBe(`${today.slice(8, 10)}.${today.slice(5, 7)}`);
    for (let i = 1; i < labels.length; i++) expect(labels[i]!.left).toBeGreaterThanOrEqual(labels[i - 1]!.right);
    expect(errors).toEqual([]);
  });

  it('keeps four-digit day counts readable on a phone: no value runs into its neighbour', async () => {
    // '1 234' above each of 14 bars about 19 px wide: the counts of a busy site ran into each other.
    const dataDir = mkdtempSync(join(tmpdir(), 'bitsmith-busy-'));
    // The server's own store, written before it starts (days back cannot be posted over HTTP).
    const store = new BufferedStore(new SqliteBackend(join(dataDir, EMBEDDED_FILE), { retentionDays: 30 }), {
      journalDir: join(dataDir, JOURNAL_DIR),
    });
    const day = (ago: number) => new Date(Date.now() - ago * 86_400_000);
    await store.record(
      Array.from({ length: 14 * 1_234 }, (_, i) => ({
        kind: 'pageview' as const,
        ts: day(i % 14),
        session_id: `s${i % 50}`,
        data: { page_path: '/crc-generator', user_agent: 'Mozilla/5.0 (test)', referrer: 'direct' },
      })),
    );
    await store.close();
    const busy = await startServer({ dataDir });
    try {
      const { page, errors } = await openPage(app.browser, { viewport: { width: 375, height: 800 } });
      await page.goto(`${busy.url}/admin/analytics`);
      await signIn(page, busy.adminToken);
      const chart = page.getByRole('list', { name: /Просмотры по дням/ });
      await expect.poll(() => chart.locator('.analytics-bar-value').first().textContent()).toMatch(/^1\s234$/);
      const values = await chart.evaluate((list) =>
        [...list.querySelectorAll('.analytics-bar-value')].map((el) => {
          const r = el.getBoundingClientRect();
          return { left: r.left, right: r.right };
        }),
      );
      expect(values).toHaveLength(14);
      for (let i = 1; i < values.length; i++) expect(values[i]!.left).toBeGreaterThanOrEqual(values[i - 1]!.right);
      expect(errors).toEqual([]);
    } finally {
      await busy.stop();
    }
  }, 120_000);

  it('draws each day bar in proportion to its count, on a desktop and on a phone', async () => {
    // The count above a bar took its height from the bar: on a desktop 100, 95, 90 and 85 views
    // were drawn equally tall, and on a phone 100 was shorter than 95 (a longer count, written upwards).
    const dataDir = mkdtempSync(join(tmpdir(), 'bitsmith-bars-'));
    const store = new BufferedStore(new SqliteBackend(join(dataDir, EMBEDDED_FILE), { retentionDays: 30 }), {
      journalDir: join(dataDir, JOURNAL_DIR),
    });
    const counts = [100, 95, 90, 85, 80, 75, 70, 60, 50, 40, 30, 20, 10, 5]; // oldest first
    const day = (ago: number) => new Date(Date.now() - ago * 86_400_000);
    await store.record(
      counts.flatMap((n, i) =>
        Array.from({ length: n }, (_, j) => ({
          kind: 'pageview' as const,
          ts: day(13 - i),
          session_id: `s${j}`,
          data: { page_path: '/p', user_agent: 'Mozilla/5.0 (test)', referrer: 'direct' },
        })),
      ),
    );
    await store.close();
    const server = await startServer({ dataDir });
    try {
      for (const width of [1280, 375]) {
        const { page, errors } = await openPage(app.browser, { viewport: { width, height: 900 } });
        await page.goto(`${server.url}/admin/analytics`);
        await signIn(page, server.adminToken);
        const chart = page.getByRole('list', { name: /Просмотры по дням/ });
        await expect.poll(() => chart.locator('.analytics-bar-value').first().textContent()).toBe('100');
        // Today's count also has the dashboard's own page views.
        const bars = await chart.evaluate((list) =>
          [...list.querySelectorAll('.analytics-bar')].map((el) => ({
            views: Number(el.querySelector('.analytics-bar-value')!.textContent),
            height: el.querySelector('.analytics-bar-fill')!.getBoundingClientRect().height,
          })),
        );
        expect(bars.slice(0, -1).map((b) => b.views)).toEqual(counts.slice(0, -1));
        const unit = bars[0]!.height / 100;
        for (const b of bars) expect(b.height, `${width} px, ${b.views} views`).toBeCloseTo(b.views * unit, 0);
        expect(errors).toEqual([]);
        await page.context().close();
      }
    } finally {
      await server.stop();
    }
  }, 120_000);

  it("keeps a very busy site's day counts (1 234 567 890) apart at every width, not only on a phone", async () => {
    // Above a 38rem chart the counts were written across: '1 234 567 890' over 62 px columns ran
    // into its neighbours on a 1280 px screen.
    const dataDir = mkdtempSync(join(tmpdir(), 'bitsmith-huge-'));
    const store = new BufferedStore(new SqliteBackend(join(dataDir, EMBEDDED_FILE), { retentionDays: 30 }), {
      journalDir: join(dataDir, JOURNAL_DIR),
    });
    const day = (ago: number) => new Date(Date.now() - ago * 86_400_000);
    await store.record(
      Array.from({ length: 14 }, (_, i) => ({
        kind: 'pageview' as const,
        ts: day(i),
        session_id: `s${i}`,
        data: { page_path: '/p', user_agent: 'Mozilla/5.0 (test)', referrer: 'direct' },
      })),
    );
    await store.close();
    // Such counts cannot be posted in a test: the day rollups the stats read are set directly.
    const db = new Database(join(dataDir, EMBEDDED_FILE));
    db.prepare('UPDATE daily_pages SET views = 1234567890 + length(day)').run();
    db.close();
    const server = await startServer({ dataDir });
    try {
      for (const width of [1440, 1280, 1024, 768, 375]) {
        const { page, errors } = await openPage(app.browser, { viewport: { width, height: 900 } });
        await page.goto(`${server.url}/admin/analytics`);
        await signIn(page, server.adminToken);
        const chart = page.getByRole('list', { name: /Просмотры по дням/ });
        await expect
          .poll(() => chart.locator('.analytics-bar-value').first().textContent())
          .toMatch(/^1\s234\s567\s900$/);
        const values = await chart.evaluate((list) =>
          [...list.querySelectorAll('.analytics-bar-value')].map((el) => {
            const r = el.getBoundingClientRect();
            return { left: r.left, right: r.right, top: r.top };
          }),
        );
        const top = (await chart.boundingBox())!.y;
        for (let i = 1; i < values.length; i++)
          expect(values[i]!.left, `${width} px, bar ${i}`).toBeGreaterThanOrEqual(values[i - 1]!.right);
        for (const v of values) expect(v.top, `${width} px: inside the chart`).toBeGreaterThanOrEqual(top - 1);
        expect(errors).toEqual([]);
        await page.context().close();
      }
    } finally {
      await server.stop();
    }
  }, 120_000);

  it('rejects a token typed in the wrong keyboard layout as a wrong token, not as a network failure', async () => {
    const { page, errors } = await openDashboard();
    // A header cannot carry Cyrillic letters: fetch throws before sending anything.
    await signIn(page, 'еуые-фвьшт-ещлут');
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('Неверный токен администратора');
    expect(await page.evaluate(() => sessionStorage.getItem('bitsmith_admin_token'))).toBeNull();
    expect(await page.getByLabel('Токен администратора').isVisible()).toBe(true);
    expect(errors).toEqual([]);
  });

  it('exports a CSV that Excel opens as UTF-8 (a byte order mark first), so Cyrillic is not garbled', async () => {
    const { page, errors } = await openDashboard();
    await signIn(page, server.adminToken);
    await expect.poll(() => page.getByTestId('Всего просмотров').textContent()).toMatch(/^\d+$/);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Экспорт CSV' }).click();
    const bytes = readFileSync((await (await download).path())!);
    // Without it Excel reads the file in the system's ANSI code page (cp1251 on a Russian Windows).
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString('utf8').split('\r\n')[0]).toBe('section,key,value');
    expect(errors).toEqual([]);
  });

  it('says which UTC days the figures cover, also to an admin far east of UTC', async () => {
    // UTC+14: the browser's calendar day is (almost always) a day ahead of the server's UTC day.
    const { page, errors } = await openPage(app.browser, { timezoneId: 'Pacific/Kiritimati' });
    await page.goto(`${server.url}/admin/analytics`);
    await signIn(page, server.adminToken);
    await expect.poll(() => page.getByTestId('Всего просмотров').textContent()).toMatch(/^\d+$/);
    const { range } = (await getStats(server.url, server.adminToken, 'days=30')).json as {
      range: { from: string; to: string };
    };
    const ru = (d: string) => `${d.slice(8, 10)}.${d.slice(5, 7)}.${d.slice(0, 4)}`;
    await expect
      .poll(() => page.getByTestId('analytics-period').textContent())
      .toBe(`С ${ru(range.from)} по ${ru(range.to)} (дни по UTC)`);
    const chart = page.getByRole('list', { name: /Просмотры по дням/ });
    expect(await chart.getAttribute('aria-label')).toBe('Просмотры по дням (последние 14 дней, по UTC)');
    expect(errors).toEqual([]);
  });

  it('stops waiting for a server that never answers: says so, keeps the figures, Обновить works again', async () => {
    // A real proxy in front of the real server; while `hold` is set it never answers stats.
    let hold = false;
    const held: ServerResponse[] = [];
    let heldOne: () => void = () => {};
    const target = new URL(server.url);
    const proxy = createHttpServer((req, res) => {
      if (hold && req.url?.startsWith('/api/analytics/stats')) {
        held.push(res);
        heldOne();
        return;
      }
      const upstream = httpRequest(
        { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers },
        (up) => {
          res.writeHead(up.statusCode ?? 502, up.headers);
          up.pipe(res);
        },
      );
      upstream.on('error', () => res.destroy());
      req.pipe(upstream);
    });
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', () => r()));
    const proxyUrl = `http://127.0.0.1:${(proxy.address() as { port: number }).port}`;
    try {
      const { page, errors } = await openPage(app.browser, {}, { fakeClock: true });
      await page.goto(`${proxyUrl}/admin/analytics`);
      await signIn(page, server.adminToken);
      await expect.poll(() => page.getByTestId('Всего просмотров').textContent()).toMatch(/^\d+$/);
      const shown = await page.getByTestId('Всего просмотров').textContent();

      hold = true;
      const arrived = new Promise<void>((r) => (heldOne = r));
      await page.getByRole('button', { name: 'Обновить' }).click();
      await arrived;
      await page.clock.runFor(31_000);
      await expect.poll(() => page.getByRole('alert').textContent()).toContain('Сервер не ответил');
      expect(await page.getByTestId('Всего просмотров').textContent()).toBe(shown);
      const refresh = page.getByRole('button', { name: 'Обновить' });
      expect(await refresh.getAttribute('aria-disabled')).toBeNull();
      expect(await page.getByRole('button', { name: 'Экспорт CSV' }).isEnabled()).toBe(true);

      hold = false;
      await refresh.click();
      await expect.poll(() => page.getByRole('alert').textContent()).toBe('');
      expect(errors).toEqual([]);
    } finally {
      for (const res of held) res.destroy();
      proxy.closeAllConnections();
      await new Promise((r) => proxy.close(r));
    }
  });

  it('reads each chart bar to a screen reader as one line: the day in words and its views', async () => {
    const { page, errors } = await openDashboard();
    await signIn(page, server.adminToken);
    await expect.poll(() => page.getByTestId('Всего просмотров').textContent()).toMatch(/^\d+$/);
    const bars = page.getByRole('list', { name: /Просмотры по дням/ }).getByRole('listitem');
    // The label on a list item is not read in a screen reader's reading mode (NVDA reads the item's
    // text, "9 30.11"): the item's own text must say it, the day in words rather than as 2026-11-30.
    const day = new Date(`${today}T00:00:00Z`).toLocaleDateString('ru-RU', {
      day: 'numeric',
      month: 'long',
      timeZone: 'UTC',
    });
    expect(await bars.last().ariaSnapshot()).toMatch(new RegExp(`^- listitem: "${day}: \\d+ просмотр(а|ов)?"$`));
    expect(await bars.first().ariaSnapshot()).toMatch(/^- listitem: "\d+ [а-я]+: \d+ просмотр(а|ов)?"$/);
    expect(errors).toEqual([]);
  });
});
