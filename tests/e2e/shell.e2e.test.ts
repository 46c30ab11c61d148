// The app shell in Debian's Chromium against the built app served by the real server: every
// route, the sidebar accordion, the mobile overlay, placeholders, 404, page views, and the WASM
// worker pipeline called from a page.
import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { crc32Reference } from '../../src/core/crc/crc32';
import { pages, sidebarGroups } from '../../src/app/registry';
import { openPage } from '../harness/browser';
import { chooseFile, useSharedApp } from '../harness/e2e';
import { watchAnnouncements } from '../harness/announce';
import { startRecordingProxy } from '../harness/proxy';
import { describeWith } from '../harness/system';
import { randomBytes, testRandom } from '../cases/seed';

describeWith(['chromium'], 'app shell in Chromium', () => {
  const app = useSharedApp();

  /**
   * Types into the "Filter tools" box inside `scope` and checks that its live region (there before
   * typing: one created along with its text is often not heard) says the count, then no match.
   */
  async function expectFilterHeard(scope: Locator, matches: Locator) {
    const filter = scope.getByRole('searchbox', { name: 'Filter tools' });
    const status = scope.getByRole('status');
    await expect.poll(() => status.count()).toBe(1);
    const announced = await watchAnnouncements(status);
    await filter.fill('yaml');
    // The matches are drawn together, with the region: wait for the first, then count them.
    await matches.first().waitFor();
    const found = await matches.count();
    const count = `${found} ${found === 1 ? 'tool' : 'tools'}`; // as the palette says it
    await expect.poll(() => status.textContent()).toBe(count);
    await filter.fill('zzzz');
    await expect.poll(() => status.textContent()).toBe('No tool matches “zzzz”.');
    expect(await announced()).toEqual([count, 'No tool matches “zzzz”.']);
    await filter.fill('');
    await expect.poll(() => status.textContent()).toBe('');
  }

  async function desktop(path = '/'): Promise<{ page: Page; errors: string[] }> {
    const p = await openPage(app.browser, { viewport: { width: 1280, height: 800 } });
    await p.page.goto(app.url + path);
    return p;
  }

  it('renders every route of the route table with its title and a navigation bar', async () => {
    const { page, errors } = await desktop();
    for (const t of pages) {
      await page.goto(app.url + t.path);
      await page.waitForFunction((title) => document.title.startsWith(title), t.title);
      await expect.poll(() => page.locator('main h1').first().textContent()).toBeTruthy();
      expect(await page.locator('header.navbar').isVisible(), t.path).toBe(true);
      if (t.kind === 'placeholder') expect(await page.locator('main h1').textContent()).toBe(t.title);
    }
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('shows the home page hero, the three stats, three feature cards and the version', async () => {
    const { page } = await desktop('/');
    expect(await page.locator('.hero h1').textContent()).toBe('BitSmith');
    await expect
      .poll(() => page.locator('.hero-stats li').allTextContents())
      .toEqual(['20+ Tools', '6 Categories', '100% Free & Open']);
    await expect
      .poll(() => page.locator('.feature-card h2').allTextContents())
      .toEqual(['Developer Tools', 'Designer Tools', 'Fast & Reliable']);
    expect(await page.locator('.sidebar-footer').textContent()).toContain('v2.0.0');
    await page.context().close();
  });

  it('tells screen readers what the home filter found: a live region there before typing', async () => {
    const { page, errors } = await desktop('/');
    const main = page.locator('main');
    await expectFilterHeard(main, page.getByRole('region', { name: 'Matching tools' }).getByRole('listitem'));
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("tells screen readers what the sidebar's filter found, as the home filter does", async () => {
    // Until 2026-12-01 the sidebar's list changed without a word: no count, and its "No tool
    // matches" was a list item, never announced.
    const { page, errors } = await desktop('/json-formatter');
    const sidebar = page.locator('#sidebar');
    await expectFilterHeard(sidebar, sidebar.getByRole('list', { name: 'Matching tools' }).getByRole('listitem'));
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("names a placeholder's link on the home page 'soon', as the sidebar does, not only a badge beside it", async () => {
    // A screen reader's list of links read "Icon Generator" alone: the "Soon" badge was text after it.
    const { page, errors } = await desktop('/');
    const soon = pages.filter((p) => p.kind === 'placeholder').map((p) => `${p.title} soon`);
    const names = (where: string) =>
      page
        .getByRole('region', { name: where })
        .getByRole('link')
        .evaluateAll((links) => links.map((a) => a.textContent?.trim()));
    const all = await names('All tools');
    for (const name of soon) expect(all).toContain(name);
    await page.locator('main').getByRole('searchbox', { name: 'Filter tools' }).fill('icon generator');
    await page.getByRole('region', { name: 'Matching tools' }).getByRole('link').first().waitFor();
    expect(await names('Matching tools')).toContain('Icon Generator soon');
    // The badge is seen, and not read a second time.
    expect(await page.locator('main .badge-soon').first().getAttribute('aria-hidden')).toBe('true');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('Back to the home page brings back what its filter held and found', async () => {
    // A match opened from the filter, then Back: the filter was empty and the matches gone.
    const { page } = await desktop('/');
    const filter = page.locator('main').getByRole('searchbox', { name: 'Filter tools' });
    const matches = page.getByRole('region', { name: 'Matching tools' }).getByRole('link');
    await filter.fill('json');
    await matches.filter({ hasText: 'CSV and JSON Converter' }).click();
    await expect.poll(() => page.locator('main h1').first().textContent()).toBe('CSV and JSON Converter');
    await page.goBack();
    await expect.poll(() => filter.inputValue()).toBe('json');
    await expect.poll(() => matches.filter({ hasText: 'JSON Formatter' }).count()).toBe(1);
    // A new visit to the home page starts empty.
    await page.goForward();
    await expect.poll(() => page.locator('main h1').first().textContent()).toBe('CSV and JSON Converter');
    await page.getByRole('link', { name: 'Home' }).click();
    await expect.poll(() => page.getByRole('region', { name: 'All tools' }).isVisible()).toBe(true);
    expect(await filter.inputValue()).toBe('');
    await page.context().close();
  });

  it('shows placeholder pages exactly as specified', async () => {
    const { page } = await desktop('/icon-generator');
    const main = page.locator('main');
    await expect.poll(() => main.textContent()).toContain('Under Active Development');
    expect(await main.locator('h1').textContent()).toBe('Icon Generator');
    expect(await main.textContent()).toContain('Icon Generator - Coming soon to BitSmith');
    expect(await main.textContent()).toContain('Launching Soon');
    expect(await main.locator('.planned li').allTextContents()).toEqual([
      'Intuitive interface',
      'Real-time preview',
      'Export multiple formats',
      'Collaboration features',
    ]);
    await page.goto(`${app.url}/api-tester`);
    await expect.poll(() => main.locator('h1').textContent()).toBe('API Endpoint Tester');
    expect(await main.textContent()).toContain(pages.find((t) => t.path === '/api-tester')!.description);
    await page.context().close();
  });

  it('expands one sidebar group at a time; clicking the open group collapses it', async () => {
    const { page } = await desktop('/');
    const toggle = (title: string) => page.getByRole('button', { name: title });
    const expanded = async () =>
      (
        await Promise.all(
          sidebarGroups.map(async (g) =>
            (await toggle(g.title).getAttribute('aria-expanded')) === 'true' ? g.title : null,
          ),
        )
      ).filter(Boolean);
    expect(await expanded()).toEqual([]);
    await toggle('Hardware Development').click();
    await expect.poll(() => expanded()).toEqual(['Hardware Development']);
    await expect
      .poll(() => page.locator('#sidebar').getByRole('link', { name: 'CRC Generator' }).isVisible())
      .toBe(true);
    await toggle('Network Tools').click();
    await expect.poll(() => expanded()).toEqual(['Network Tools']);
    await expect
      .poll(() => page.locator('#sidebar').getByRole('link', { name: 'CRC Generator' }).isVisible())
      .toBe(false);
    await toggle('Network Tools').click();
    await expect.poll(() => expanded()).toEqual([]);
    await page.context().close();
  });

  it('opens the group of the current tool, and a tool link navigates after 300 ms with a full page load', async () => {
    const { page } = await desktop('/ip-subnet');
    await expect
      .poll(() => page.getByRole('button', { name: 'Network Tools' }).getAttribute('aria-expanded'))
      .toBe('true');
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1000); // timers fire only when the test advances time
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await page.locator('#sidebar').getByRole('link', { name: 'URL Encoder/Decoder' }).click();
    await page.clock.runFor(250);
    expect(new URL(page.url()).pathname).toBe('/ip-subnet');
    const loaded = page.waitForEvent('load');
    await page.clock.runFor(100);
    await loaded;
    expect(new URL(page.url()).pathname).toBe('/url-encoder');
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBeUndefined();
    await page.context().close();
  });

  it('opens the group of the tool reached without a page load too (palette, home page, back)', async () => {
    // The sidebar opened the current tool's group only at a page load: after the palette or a home
    // page link, its current mark sat in a collapsed group and the other group stayed open.
    const { page } = await desktop('/ip-subnet');
    const expanded = () =>
      page
        .locator('#sidebar .group-toggle[aria-expanded="true"]')
        .evaluateAll((els) => els.map((e) => e.textContent?.trim()));
    const current = page.locator('#sidebar').locator('a[aria-current="page"]');
    await expect.poll(() => expanded()).toEqual(['Network Tools']);
    await page.keyboard.press('Control+k');
    await page.getByRole('combobox', { name: 'Search tools' }).fill('crc generator');
    await page.keyboard.press('Enter');
    await expect.poll(() => expanded()).toEqual(['Hardware Development']);
    await expect.poll(() => current.textContent()).toBe('CRC Generator');
    expect(await current.isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Home' }).click();
    await page.locator('main').getByRole('link', { name: 'Color Contrast Checker' }).click();
    await expect.poll(() => expanded()).toEqual(['UI/UX Design Tools']);
    await page.goBack(); // home: no tool, the group stays
    await page.goBack();
    await expect.poll(() => expanded()).toEqual(['Hardware Development']);
    // The visitor's own choice on a page stays: the open group collapses, and nothing reopens it.
    await page.getByRole('button', { name: 'Hardware Development' }).click();
    await expect.poll(() => expanded()).toEqual([]);
    await page.context().close();
  });

  it('on a small screen opens the sidebar as an overlay, locks scrolling and closes it on overlay, outside tap and route change', async () => {
    const { page } = await openPage(app.browser, {
      viewport: { width: 390, height: 740 },
      hasTouch: true,
      isMobile: true,
    });
    await page.goto(app.url + '/');
    const menu = page.getByRole('button', { name: 'Open menu' });
    const sidebarInView = () => page.locator('#sidebar').evaluate((el) => el.getBoundingClientRect().right > 0);
    const locked = () => page.evaluate(() => getComputedStyle(document.body).overflow === 'hidden');
    // Wait for the first render's slide transition, if any, to finish (a state, not a delay).
    await page.locator('#sidebar').evaluate(async (el) => {
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      await Promise.all(el.getAnimations().map((a) => a.finished));
    });
    expect(await sidebarInView()).toBe(false);

    await menu.click();
    await expect.poll(sidebarInView).toBe(true);
    await expect.poll(() => page.getByTestId('overlay').isVisible()).toBe(true);
    await expect.poll(() => locked()).toBe(true);
    await page.getByTestId('overlay').click({ position: { x: 370, y: 400 } });
    await expect.poll(sidebarInView).toBe(false);
    await expect.poll(() => locked()).toBe(false);

    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect.poll(sidebarInView).toBe(true);
    await page.touchscreen.tap(370, 700); // outside the sidebar
    await expect.poll(sidebarInView).toBe(false);

    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect.poll(sidebarInView).toBe(true);
    await page.evaluate(() => {
      history.pushState({}, '', '/json-formatter');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect.poll(sidebarInView).toBe(false);
    await page.context().close();
  });

  it('a menu closed by a route change stays closed when Back returns to its page', async () => {
    // It was open "for the route it was opened on", so Back to that route opened it again, over the
    // page and with scrolling locked, without a tap.
    const { page } = await openPage(app.browser, { viewport: { width: 375, height: 700 } });
    await page.goto(app.url + '/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.keyboard.press('Control+k');
    await page.getByRole('combobox', { name: 'Search tools' }).fill('url encoder');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('main h1').first().textContent()).toBe('URL Encoder/Decoder');
    await expect.poll(() => page.getByRole('button', { name: 'Open menu' }).count()).toBe(1);
    await page.goBack();
    await expect.poll(() => page.locator('main h1').first().textContent()).toBe('BitSmith');
    expect(await page.getByRole('button', { name: 'Open menu' }).count()).toBe(1);
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
    await page.context().close();
  });

  it("Escape in the open menu's filter box empties the box first, then closes the menu", async () => {
    // The first Escape emptied the box and closed the whole menu with it.
    const { page } = await openPage(app.browser, { viewport: { width: 375, height: 700 } });
    await page.goto(app.url + '/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const filter = page.locator('#sidebar').getByRole('searchbox', { name: 'Filter tools' });
    await filter.fill('json');
    await filter.press('Escape');
    await expect.poll(() => filter.inputValue()).toBe('');
    expect(await page.getByRole('button', { name: 'Close menu' }).count()).toBe(1);
    await filter.press('Escape');
    await expect.poll(() => page.getByRole('button', { name: 'Open menu' }).count()).toBe(1);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Open menu');
    await page.context().close();
  });

  it('closes the menu when the window grows past the small-screen width (a tablet turned)', async () => {
    // Until 2026-11-30 the menu stayed open: its overlay dimmed the whole wide page, which no
    // longer scrolled, and the sidebar (no longer off-canvas) showed no way to close it.
    const { page, errors } = await openPage(app.browser, { viewport: { width: 820, height: 1000 }, hasTouch: true });
    await page.goto(app.url + '/json-formatter');
    await page.locator('main h1').waitFor();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByTestId('overlay').waitFor();
    await page.setViewportSize({ width: 1180, height: 820 });
    await page.getByTestId('overlay').waitFor({ state: 'detached', timeout: 10_000 });
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
    await expect.poll(() => page.locator('main').evaluate((m) => (m as HTMLElement).inert)).toBe(false);
    // Back to the small width: the menu is closed, the toggle offers to open it.
    await page.setViewportSize({ width: 820, height: 1000 });
    await page.getByRole('button', { name: 'Open menu' }).waitFor();
    await expect
      .poll(() => page.locator('#sidebar').evaluate((el) => el.getBoundingClientRect().right > 0))
      .toBe(false);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('a tap on the overlay closes the menu and does nothing to the page under it', async () => {
    // Until 2026-11-30 the menu closed on the tap's pointerdown, so the overlay was gone by its
    // mousedown and click: the tap landed on what was under it (Clear All emptied the input).
    const { page, errors } = await openPage(app.browser, {
      viewport: { width: 600, height: 740 },
      hasTouch: true,
      isMobile: true,
    });
    await page.goto(app.url + '/json-formatter');
    const input = page.locator('main textarea').first();
    await input.fill('{"keep": "me"}');
    const clearAll = page.locator('main').getByRole('button', { name: 'Clear All' });
    const box = (await clearAll.boundingBox())!;
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.locator('#sidebar').evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
    const sidebarRight = await page.locator('#sidebar').evaluate((el) => el.getBoundingClientRect().right);
    expect(box.x + box.width / 2).toBeGreaterThan(sidebarRight); // the overlay covers the button
    for (const tap of ['touch', 'mouse'] as const) {
      if (tap === 'touch') await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
      else await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      await page.getByTestId('overlay').waitFor({ state: 'detached' });
      expect(await input.inputValue(), tap).toBe('{"keep": "me"}');
      expect(await page.getByText(/Undo/).count(), tap).toBe(0);
      if (tap === 'touch') await page.getByRole('button', { name: 'Open menu' }).click();
    }
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('gives the focus back to the menu toggle when a tap outside closes the menu with the focus in it', async () => {
    // Until 2026-11-30 the closed sidebar turned inert around the focused control and the focus
    // fell to <body>: the next Tab started again from the top of the page.
    const { page, errors } = await openPage(app.browser, {
      viewport: { width: 390, height: 740 },
      hasTouch: true,
      isMobile: true,
    });
    await page.goto(app.url + '/json-formatter');
    await page.locator('main h1').waitFor();
    const focused = () =>
      page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.tagName);
    for (const closeBy of ['overlay', 'tap'] as const) {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.locator('#sidebar').getByRole('button', { name: 'File Converters' }).focus();
      if (closeBy === 'overlay') await page.getByTestId('overlay').click({ position: { x: 370, y: 400 } });
      else await page.touchscreen.tap(370, 700);
      await page.getByRole('button', { name: 'Open menu' }).waitFor();
      await expect.poll(focused, { message: closeBy }).toBe('Open menu');
    }
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('reports a page view (path plus query, direct referrer, session id) that the server accepts', async () => {
    const p = await openPage(app.browser);
    const sent = p.page.waitForRequest(
      (r) => r.url().endsWith('/api/analytics/pageview') && r.postDataJSON()?.page_path === '/ip-subnet?cidr=24',
    );
    await p.page.goto(`${app.url}/ip-subnet?cidr=24`);
    const req = await sent;
    const body = req.postDataJSON();
    expect(body).toMatchObject({ page_path: '/ip-subnet?cidr=24', referrer: 'direct' });
    expect(body.session_id).toBe(await p.page.evaluate(() => localStorage.getItem('BitSmith_session_id')));
    expect((await req.response())!.status()).toBeLessThan(300);
    // A client-side route change is another page view.
    const second = p.page.waitForRequest(
      (r) => r.url().endsWith('/api/analytics/pageview') && r.postDataJSON()?.page_path === '/',
    );
    await p.page.locator('header.navbar').getByRole('link', { name: 'Home' }).click();
    expect((await (await second).response())!.status()).toBeLessThan(300);
    await p.page.context().close();
  });

  it("keeps a returning visitor's id stored under the earlier key, moved to the spec's key", async () => {
    const p = await openPage(app.browser);
    await p.page.context().addInitScript(() => {
      if (!sessionStorage.getItem('seeded')) localStorage.setItem('bitsmith_session_id', 'returning-visitor-1');
      sessionStorage.setItem('seeded', '1');
    });
    const sent = p.page.waitForRequest((r) => r.url().endsWith('/api/analytics/pageview'));
    await p.page.goto(`${app.url}/base64`);
    expect((await sent).postDataJSON().session_id).toBe('returning-visitor-1');
    const keys = await p.page.evaluate(() => [
      localStorage.getItem('BitSmith_session_id'),
      localStorage.getItem('bitsmith_session_id'),
    ]);
    expect(keys).toEqual(['returning-visitor-1', null]);
    await p.page.context().close();
  });

  it('reports uncaught errors, and page_load_time by beacon when the page is left', async () => {
    const { page } = await openPage(app.browser);
    await page.goto(`${app.url}/json-formatter`);
    const errorSent = page.waitForRequest(
      (r) => r.url().endsWith('/api/analytics/error') && r.postDataJSON()?.error_message === 'boom from test',
    );
    await page.evaluate(() =>
      setTimeout(() => {
        throw new Error('boom from test');
      }),
    );
    const err = await errorSent;
    expect(err.postDataJSON()).toMatchObject({ error_context: 'window.error', tool_name: '/json-formatter' });
    expect((await err.response())!.status()).toBeLessThan(300);

    await page.context().close();

    // Beacons sent while a page unloads are invisible to Playwright: watch them on the wire.
    const proxy = await startRecordingProxy(app.url);
    try {
      const { page: p2 } = await openPage(app.browser);
      await p2.goto(`${proxy.url}/json-formatter`);
      await p2.waitForLoadState('load');
      await p2.goto(`${proxy.url}/`);
      await expect
        .poll(() => proxy.requests.find((r) => r.path === '/api/analytics/performance')?.status)
        .toBeLessThan(300);
      const beacon = proxy.requests.find((r) => r.path === '/api/analytics/performance')!;
      expect(beacon.contentType).toMatch(/^text\/plain/);
      const body = JSON.parse(beacon.body);
      expect(body).toMatchObject({ metric_name: 'page_load_time', tool_name: '/json-formatter' });
      expect(body.value).toBeGreaterThan(0);
      await p2.context().close();
    } finally {
      await proxy.close();
    }
  });

  it('names page_load_time by the page that loaded, not the one the visitor left from after navigating in the app', async () => {
    const proxy = await startRecordingProxy(app.url);
    try {
      const { page } = await openPage(app.browser);
      await page.goto(`${proxy.url}/json-formatter`);
      await page.waitForLoadState('load');
      // An in-app navigation: no new document, so no new load time either.
      await page.getByRole('link', { name: 'Home', exact: true }).first().click();
      await expect.poll(() => page.evaluate(() => location.pathname)).toBe('/');
      await page.goto(`${proxy.url}/base64-converter`);
      await expect.poll(() => proxy.requests.filter((r) => r.path === '/api/analytics/performance').length).toBe(1);
      const beacon = proxy.requests.find((r) => r.path === '/api/analytics/performance')!;
      expect(JSON.parse(beacon.body)).toMatchObject({ metric_name: 'page_load_time', tool_name: '/json-formatter' });
      await page.context().close();
    } finally {
      await proxy.close();
    }
  });

  it('shows a helpful 404 for unknown routes', async () => {
    const { page } = await desktop('/subnet-calc');
    await expect.poll(() => page.locator('main h1').textContent()).toBe('Page not found');
    expect(await page.locator('main').textContent()).toContain('/subnet-calc');
    expect(await page.getByRole('link', { name: 'IP Subnet Calculator' }).count()).toBeGreaterThan(0);
    // The tab, history and a screen reader's page title say it too (WCAG 2.4.2), not just "BitSmith".
    await expect.poll(() => page.title()).toBe('Page not found · BitSmith');
    await page.getByRole('link', { name: 'IP Subnet Calculator' }).first().click();
    await expect.poll(() => page.title()).toBe('IP Subnet Calculator · BitSmith');
    await page.goBack();
    await expect.poll(() => page.title()).toBe('Page not found · BitSmith');
    await page.context().close();
  });

  it("a 404's suggestion keeps the mistyped link's settings and section (they were dropped)", async () => {
    const { page } = await desktop('/uart-generatr?baudRate=38400#code');
    await expect.poll(() => page.locator('main h1').textContent()).toBe('Page not found');
    await page.locator('main').getByRole('link', { name: 'UART Generator' }).click();
    await expect.poll(() => page.locator('main h1').first().textContent()).toBe('UART Generator');
    expect(page.url()).toBe(`${app.url}/uart-generator?baudRate=38400#code`);
    expect(await page.getByLabel('Baud Rate').inputValue()).toBe('38400');
    await page.context().close();
  });

  it("takes a deep link with a trailing slash or other case to the tool's own address", async () => {
    for (const [path, canonical, title] of [
      ['/uart-generator/?x=1#top', '/uart-generator?x=1#top', 'UART Generator'],
      ['/FIFO-Generator', '/fifo-generator', 'FIFO Generator'],
    ]) {
      const { page } = await desktop(path!);
      await expect.poll(() => page.locator('main h1').first().textContent()).toBe(title);
      await expect.poll(() => page.url()).toBe(app.url + canonical);
      // The navbar and sidebar know where the user is (they compare the exact path).
      await expect.poll(() => page.locator('.navbar-crumb').textContent()).toBe(`/ ${title}`);
      await expect.poll(() => page.locator('#sidebar [aria-current="page"]').textContent()).toBe(title);
      await page.context().close();
    }
  });

  it('answers a tool address typed in another case with a 301 to its own, query and fragment kept', async () => {
    // The app took such an address to the tool, but the server answered it 404: crawlers and link
    // checkers saw a dead link where visitors saw the tool.
    const cases: [string, string, string][] = [
      ['/CRC-Generator?width=16#code', '/crc-generator?width=16#code', 'CRC Generator'],
      ['/Base64-Converter', '/base64-converter', 'Base64 Converter'],
    ];
    for (const [path, canonical, title] of cases) {
      const p = await openPage(app.browser, { viewport: { width: 1280, height: 800 } });
      const response = await p.page.goto(app.url + path);
      const first = response!.request().redirectedFrom();
      expect(first?.url(), path).toBe(app.url + path.replace(/#.*/, ''));
      expect((await first!.response())!.status(), path).toBe(301);
      expect(response!.status(), path).toBe(200);
      await expect.poll(() => p.page.locator('main h1').first().textContent()).toBe(title);
      expect(p.page.url()).toBe(app.url + canonical);
      await p.page.context().close();
    }
  });

  it('a 404 for a long address wraps it instead of scrolling the page sideways', async () => {
    const p = await openPage(app.browser, { viewport: { width: 320, height: 640 } });
    await p.page.goto(`${app.url}/share/9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08`);
    await expect.poll(() => p.page.locator('main h1').textContent()).toBe('Page not found');
    expect(await p.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await p.page.context().close();
  });

  it('suggests the page an unknown deep link starts with first', async () => {
    // Every generator shares the word "generator": the page the link names must lead, not be cut.
    for (const [path, title] of [
      ['/data-generator/old', 'Test Data Generator'],
      ['/icon-generator/v2', 'Icon Generator'],
      ['/json-formatter/x', 'JSON Formatter and Validator'],
    ]) {
      const { page } = await desktop(path!);
      await expect.poll(() => page.locator('main h1').textContent()).toBe('Page not found');
      expect(await page.locator('.not-found li a').first().textContent()).toBe(title);
      await page.context().close();
    }
  });

  it('suggests the page a misspelt address means first, as the palette finds it', async () => {
    // Before, a word with a typo matched nothing: /gradiant had no suggestion, and
    // /gradiant-generator led with the CRC Generator (the first page sharing "generator").
    for (const [path, title] of [
      ['/gradiant', 'Gradient Generator'],
      ['/gradiant-generator', 'Gradient Generator'],
      ['/json-formater', 'JSON Formatter and Validator'],
      ['/uart-genrator', 'UART Generator'],
    ]) {
      const { page } = await desktop(path!);
      await expect.poll(() => page.locator('main h1').textContent()).toBe('Page not found');
      // The list comes with the heading: read it at once (no wait on a list that is not there).
      expect((await page.locator('.not-found li a').allTextContents())[0], path).toBe(title);
      await page.context().close();
    }
  });

  it('runs the WASM kernel in a worker from a page (self-test and a file with progress)', async () => {
    const { page, errors } = await desktop('/diagnostics');
    await expect.poll(() => page.title()).toBe('Diagnostics · BitSmith'); // as every page's, not the bare 'BitSmith'
    await page.getByRole('button', { name: 'Run self-test' }).click();
    await expect.poll(() => page.locator('.diagnostics-result').textContent()).toContain('cbf43926 ✅');
    const data = randomBytes(testRandom(), 3 << 20);
    await page
      .getByLabel('CRC-32 of a file')
      .setInputFiles({ name: 'random.bin', mimeType: 'application/octet-stream', buffer: data });
    const expected = crc32Reference(data).toString(16).padStart(8, '0');
    await expect
      .poll(() => page.locator('.diagnostics-result').textContent(), { timeout: 20_000 })
      .toContain(`= ${expected}`);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('Diagnostics checksums a file saved again and chosen again (the field still held it: no change, no checksum)', async () => {
    const { page, errors } = await desktop('/diagnostics');
    const dir = mkdtempSync(join(tmpdir(), 'bitsmith-again-'));
    const path = join(dir, 'image.bin');
    const choose = () => chooseFile(page.getByLabel('CRC-32 of a file'), path);
    try {
      writeFileSync(path, '123456789');
      await choose();
      await expect.poll(() => page.locator('.diagnostics-result').textContent()).toContain('(9 bytes) = cbf43926');
      writeFileSync(path, '1234567890'); // saved again
      await choose();
      await expect.poll(() => page.locator('.diagnostics-result').textContent()).toContain('(10 bytes) = 261daee5');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('starts a converter worker while the page is idle, before any action, and a fresh one after a cancel', async () => {
    const dataWorkers = (page: Page) => page.workers().filter((w) => /\/data\.worker/.test(w.url()));
    const json = await desktop('/json-formatter');
    await expect.poll(() => dataWorkers(json.page).length).toBe(1);
    await json.page.context().close();

    const dir = mkdtempSync(join(tmpdir(), 'bitsmith-warm-'));
    const big = join(dir, 'big.bin');
    writeFileSync(big, '');
    truncateSync(big, 1 << 30); // sparse: long enough to cancel mid-way
    try {
      const { page, errors } = await desktop('/base64-converter');
      const base64Workers = () => page.workers().filter((w) => /\/base64\.worker/.test(w.url()));
      await expect.poll(() => base64Workers().length).toBe(1);
      const first = base64Workers()[0]!;
      let closed = false;
      first.once('close', () => (closed = true));
      await page.locator('input[type=file]').setInputFiles(big);
      // Cancel at once, while the 1 GiB conversion runs: the auto-convert still due does not start
      // it again (base64.e2e). Waiting 600 ms first once let CI's loaded machine reach the end of
      // the conversion, or a failure, with no Cancel left to press: the click waited for ever.
      await page.getByRole('button', { name: 'Cancel' }).click({ timeout: 20_000 });
      await expect.poll(() => page.locator('.status-line').textContent()).toBe('Conversion cancelled');
      await expect.poll(() => closed, { timeout: 20_000 }).toBe(true); // Cancel ended the busy worker...
      await expect.poll(() => base64Workers().filter((w) => w !== first).length).toBe(1); // ...and a fresh one waits
      expect(errors).toEqual([]);
      await page.context().close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('cancels a running worker job (terminating the worker) and starts a fresh worker for the next call', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bitsmith-cancel-'));
    const big = join(dir, 'big.bin');
    writeFileSync(big, '');
    truncateSync(big, 1 << 30); // 1 GiB sparse file: long enough to cancel mid-way
    try {
      const { page, errors } = await desktop('/diagnostics');
      await page.getByLabel('CRC-32 of a file').setInputFiles(big);
      await page.getByRole('button', { name: 'Cancel' }).click();
      await expect.poll(() => page.locator('.diagnostics-result').textContent()).toBe('Cancelled');
      await page.getByRole('button', { name: 'Run self-test' }).click();
      await expect.poll(() => page.locator('.diagnostics-result').textContent()).toContain('cbf43926 ✅');
      expect(errors).toEqual([]);
      await page.context().close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
