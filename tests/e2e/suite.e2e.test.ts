// The suite's shell in Chromium (issue 14): the command palette and filter boxes, recent tools,
// dark mode, SVG icons, the skip link and the closed mobile menu's Tab order, and axe in the
// states these reach, in both themes.
import { expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { openPage } from '../harness/browser';
import { useSharedApp } from '../harness/e2e';
import { seriousColourViolations, seriousViolations } from '../harness/axe';
import { describeWith } from '../harness/system';
import { pages } from '../../src/app/registry';

describeWith(['chromium'], 'suite shell in Chromium', () => {
  const app = useSharedApp();

  async function open(path: string, width = 1280, colorScheme: 'light' | 'dark' = 'light') {
    const p = await openPage(app.browser, { viewport: { width, height: 800 }, colorScheme });
    await p.page.goto(app.url + path);
    await p.page.locator('main h1').first().waitFor();
    return p;
  }
  const palette = (page: Page) => page.getByRole('dialog', { name: 'Search tools' });
  const combobox = (page: Page) => page.getByRole('combobox', { name: 'Search tools' });
  const options = (page: Page) => palette(page).getByRole('option');

  it('opens the palette with Ctrl+K, ranks "b64" to Base64, moves with arrows, opens with Enter', async () => {
    const { page, errors } = await open('/crc-generator');
    await page.keyboard.press('Control+k');
    await expect.poll(() => combobox(page).evaluate((e) => e === document.activeElement)).toBe(true);
    await combobox(page).fill('b64');
    await expect.poll(() => options(page).first().locator('.palette-title').textContent()).toBe('Base64 Converter');
    await expect.poll(() => options(page).first().getAttribute('aria-selected')).toBe('true');
    await combobox(page).fill('generator');
    const second = await options(page).nth(1).locator('.palette-title').textContent();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => options(page).nth(1).getAttribute('aria-selected')).toBe('true');
    const active = await combobox(page).getAttribute('aria-activedescendant');
    await expect.poll(() => options(page).nth(1).getAttribute('id')).toBe(active);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('main h1').first().textContent()).toBe(second);
    expect(await palette(page).count()).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('the Enter or Escape that ends an IME composition (Japanese, Chinese, Korean) stays in the box', async () => {
    // The keys an input method takes (Enter commits its text, Escape cancels it, arrows pick a
    // candidate) opened the first match or closed the palette before the word was even typed.
    const { page } = await open('/');
    // Read without waiting: a box that went away (the page changed) fails at once.
    const values = (box: Locator) => box.evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
    const cdp = await page.context().newCDPSession(page);
    const compose = (text: string) =>
      cdp.send('Input.imeSetComposition', { text, selectionStart: text.length, selectionEnd: text.length });
    await page.keyboard.press('Control+k');
    await combobox(page).waitFor();
    await compose('json');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter'); // commits "json"
    await expect.poll(() => values(combobox(page))).toEqual(['json']);
    await expect.poll(() => options(page).first().getAttribute('aria-selected')).toBe('true');
    await compose('yaml');
    await page.keyboard.press('Escape'); // cancels the composition, not the palette
    await expect.poll(() => palette(page).isVisible()).toBe(true);
    await compose(''); // what the input method does on that Escape (Chromium's test input has none)
    await page.keyboard.press('Escape');
    await expect.poll(() => palette(page).count()).toBe(0);
    const home = page.locator('main').getByRole('searchbox', { name: 'Filter tools' });
    await home.focus();
    await compose('yaml');
    await page.keyboard.press('Enter');
    await expect.poll(() => values(home)).toEqual(['yaml']);
    expect(new URL(page.url()).pathname).toBe('/');
    // The sidebar opens its match 300 ms after Enter: the page's clock says when that has passed.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1000);
    // A navigation the page starts would be seen here (and cancelled, so the page is still there to ask).
    await page.evaluate(() => {
      const w = window as unknown as { started: string[]; navigation: EventTarget };
      w.started = [];
      w.navigation.addEventListener('navigate', (e) => {
        w.started.push((e as Event & { destination: { url: string } }).destination.url);
        e.preventDefault();
      });
    });
    const side = page.locator('#sidebar').getByRole('searchbox', { name: 'Filter tools' });
    await side.focus();
    await compose('gradient');
    await page.keyboard.press('Enter');
    await expect.poll(() => values(side)).toEqual(['gradient']);
    await page.clock.runFor(1000);
    expect(await page.evaluate(() => (window as unknown as { started: string[] }).started)).toEqual([]);
    await page.context().close();

    // The small screen's menu: the Escape that cancels a composition in its filter box leaves it open.
    const mobile = (await open('/', 375)).page;
    const mobileCdp = await mobile.context().newCDPSession(mobile);
    await mobile.getByRole('button', { name: 'Open menu' }).click();
    await mobile.locator('#sidebar').getByRole('searchbox', { name: 'Filter tools' }).focus();
    await mobileCdp.send('Input.imeSetComposition', { text: 'json', selectionStart: 4, selectionEnd: 4 });
    await mobile.keyboard.press('Escape');
    await mobileCdp.send('Input.imeSetComposition', { text: '', selectionStart: 0, selectionEnd: 0 });
    expect(await mobile.getByRole('button', { name: 'Close menu' }).count()).toBe(1);
    await mobile.keyboard.press('Escape'); // no composition now: closes it
    await expect.poll(() => mobile.getByRole('button', { name: 'Open menu' }).count()).toBe(1);
    await mobile.context().close();
  });

  it('opens with "/" outside text fields only, closes with Escape and gives focus back', async () => {
    const { page } = await open('/url-encoder');
    const field = page.locator('main textarea').first();
    await field.click();
    await page.keyboard.type('a/b');
    await expect.poll(() => field.inputValue()).toContain('a/b');
    expect(await palette(page).count()).toBe(0);
    const toggle = page.getByRole('button', { name: /Switch to (dark|light) theme/ });
    await toggle.focus();
    await page.keyboard.press('/');
    await palette(page).waitFor();
    await combobox(page).fill('cidr');
    await expect.poll(() => options(page).first().locator('.palette-title').textContent()).toBe('IP Subnet Calculator');
    await combobox(page).fill('zzzz');
    await expect.poll(() => options(page).count()).toBe(0);
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'No tool matches' }).textContent())
      .toBe('No tool matches “zzzz”');
    await page.keyboard.press('Escape');
    await expect.poll(() => palette(page).count()).toBe(0);
    await expect.poll(() => toggle.evaluate((e) => e === document.activeElement)).toBe(true);
    await page.context().close();
  });

  it("writes the palette's shortcut as the device has it: ⌘ K on a Mac, none on a phone's touch screen", async () => {
    // Every device read 'Ctrl K': a Mac's keyboard says ⌘, and a phone has neither key.
    const mac = await openPage(app.browser, {
      userAgent:
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120 Safari/537.36',
    });
    await mac.page.goto(app.url + '/');
    expect(await mac.page.locator('.home-filter input').getAttribute('placeholder')).toBe(
      'Filter tools (or press ⌘ K anywhere)',
    );
    expect(await mac.page.getByRole('button', { name: 'Search tools (⌘ K)' }).count()).toBe(1);
    await mac.page.keyboard.press('Meta+k');
    await palette(mac.page).waitFor();
    await mac.page.context().close();
    const phone = await openPage(app.browser, {
      viewport: { width: 375, height: 700 },
      isMobile: true,
      hasTouch: true,
    });
    await phone.page.goto(app.url + '/');
    expect(await phone.page.locator('.home-filter input').getAttribute('placeholder')).toBe('Filter tools');
    expect(await phone.page.getByRole('button', { name: 'Search tools', exact: true }).count()).toBe(1);
    // Nor keys in the palette's box: its hint was about arrows, Enter and Esc, cut short at 375 px.
    await phone.page.getByRole('button', { name: 'Search tools', exact: true }).tap();
    expect(await combobox(phone.page).getAttribute('placeholder')).toBe('Search tools…');
    await phone.page.context().close();
    const { page } = await open('/');
    expect(await page.locator('.home-filter input').getAttribute('placeholder')).toBe(
      'Filter tools (or press Ctrl K anywhere)',
    );
    expect(await page.getByRole('button', { name: 'Search tools (Ctrl K)' }).count()).toBe(1);
    await page.keyboard.press('Control+k');
    expect(await combobox(page).getAttribute('placeholder')).toBe(
      'Search tools… (↑ ↓ to move, Enter to open, Esc to close)',
    );
    await page.context().close();
  });

  it('Escape or a click outside closes the palette only, not the popup or menu under it', async () => {
    const { page } = await open('/gradient-generator');
    const hex = page.getByLabel('Hex color of stop 1');
    const popup = page.getByRole('dialog', { name: 'Edit color of stop 1' });
    await page.getByRole('button', { name: /^Color of stop 1/ }).click();
    await hex.focus();
    await page.keyboard.press('Control+k');
    await palette(page).waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => palette(page).count()).toBe(0);
    expect(await popup.count()).toBe(1);
    await expect.poll(() => hex.evaluate((e) => e === document.activeElement)).toBe(true);
    await page.keyboard.press('Control+k');
    await palette(page).waitFor();
    await page.mouse.click(5, 790); // the backdrop
    await expect.poll(() => palette(page).count()).toBe(0);
    expect(await popup.count()).toBe(1);
    await page.keyboard.press('Escape'); // now the popup's turn
    await expect.poll(() => popup.count()).toBe(0);
    await page.context().close();

    const mobile = await open('/fifo-generator', 375);
    const toggle = mobile.page.locator('.menu-toggle');
    await toggle.click();
    await mobile.page.keyboard.press('Control+k');
    await palette(mobile.page).waitFor();
    await mobile.page.keyboard.press('Escape');
    await expect.poll(() => palette(mobile.page).count()).toBe(0);
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await mobile.page.context().close();
  });

  it('PageDown and PageUp move the palette a page of options at a time, stopping at the ends', async () => {
    // They did nothing: with every tool listed, the last one was twenty ArrowDowns away.
    const { page } = await open('/', 1280);
    await page.keyboard.press('Control+k');
    await options(page).first().waitFor();
    const selected = () =>
      options(page).evaluateAll((els) => els.findIndex((e) => e.getAttribute('aria-selected') === 'true'));
    const total = await options(page).count();
    await page.keyboard.press('PageDown');
    await expect.poll(selected).toBeGreaterThan(1);
    const page1 = await selected();
    // The chosen option is in sight in the list.
    const inSight = () =>
      page.evaluate(() => {
        const list = document.querySelector('[role="listbox"]')!.getBoundingClientRect();
        const option = document.querySelector('[role="option"][aria-selected="true"]')!.getBoundingClientRect();
        return option.top >= list.top - 1 && option.bottom <= list.bottom + 1;
      });
    await expect.poll(inSight).toBe(true);
    for (let i = 0; i < total; i++) await page.keyboard.press('PageDown');
    await expect.poll(selected).toBe(total - 1);
    await expect.poll(inSight).toBe(true);
    await page.keyboard.press('PageUp');
    await expect.poll(selected).toBe(total - 1 - page1);
    for (let i = 0; i < total; i++) await page.keyboard.press('PageUp');
    await expect.poll(selected).toBe(0);
    await page.context().close();
  });

  it('the page under the open palette does not scroll (a modal, as the open menu)', async () => {
    // The wheel over the dimmed backdrop scrolled the page under it, and the palette stayed put.
    const { page } = await open('/json-formatter', 1280);
    expect(await page.evaluate(() => document.documentElement.scrollHeight - innerHeight)).toBeGreaterThan(200);
    await page.keyboard.press('Control+k');
    await options(page).first().waitFor();
    await page.mouse.move(100, 700); // the backdrop
    await page.mouse.wheel(0, 200);
    await page.keyboard.press('Escape');
    await expect.poll(() => palette(page).count()).toBe(0);
    // Wheel events are handled in order: once this one has scrolled the page, so had the first.
    await page.mouse.wheel(0, 40);
    await expect.poll(() => page.evaluate(() => Math.round(scrollY))).toBe(40);
    await page.context().close();
  });

  it("opening the tool already shown from the palette keeps its link's settings in the address", async () => {
    // The current tool is the first recent entry, so Ctrl+K, Enter opened it again: a bare address
    // over the same page, and Copy link then copied a link to the defaults.
    const { page } = await open('/uart-generator?baudRate=38400');
    const entries = await page.evaluate(() => history.length);
    const baud = page.getByLabel('Baud Rate');
    await baud.focus();
    await page.keyboard.press('Control+k');
    await expect.poll(() => options(page).first().locator('.palette-title').textContent()).toBe('UART Generator');
    await page.keyboard.press('Enter');
    await expect.poll(() => palette(page).count()).toBe(0);
    expect(new URL(page.url()).search).toBe('?baudRate=38400');
    expect(await baud.inputValue()).toBe('38400');
    expect(await page.evaluate(() => history.length)).toBe(entries);
    // Nothing changed: the focus is back where it was, as after Escape.
    await expect.poll(() => baud.evaluate((e) => e === document.activeElement)).toBe(true);
    await page.context().close();

    // From the small screen's open menu: the menu stays, and so does the focus in it.
    const mobile = (await open('/uart-generator', 375)).page;
    await mobile.getByRole('button', { name: 'Open menu' }).click();
    const filter = mobile.locator('#sidebar').getByRole('searchbox', { name: 'Filter tools' });
    await filter.focus();
    await mobile.keyboard.press('Control+k');
    await expect.poll(() => options(mobile).first().locator('.palette-title').textContent()).toBe('UART Generator');
    await mobile.keyboard.press('Enter');
    await expect.poll(() => palette(mobile).count()).toBe(0);
    await expect.poll(() => filter.evaluate((e) => e === document.activeElement)).toBe(true);
    await mobile.context().close();
  });

  it("Back (a mouse button, Alt+Left, a phone's back gesture) closes the palette with the page it was over", async () => {
    // The palette stayed open over the page Back brought, and Escape then sent the focus to <body>:
    // the control it came from was gone with the other page.
    const { page } = await open('/');
    await page.locator('main').getByRole('link', { name: 'URL Encoder/Decoder' }).click();
    await expect.poll(() => page.locator('main h1').first().textContent()).toBe('URL Encoder/Decoder');
    await page.getByLabel(/^Input/).focus();
    await page.keyboard.press('Control+k');
    await palette(page).waitFor();
    await page.goBack();
    await expect.poll(() => page.locator('main h1').first().textContent()).toBe('BitSmith');
    await expect.poll(() => palette(page).count()).toBe(0);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');
    await page.context().close();
  });

  it('lists recently opened tools first, and the navbar button opens the palette', async () => {
    const { page } = await open('/jwt-debugger');
    await page.goto(app.url + '/gradient-generator');
    await page.locator('main h1').first().waitFor();
    await page.getByRole('button', { name: 'Search tools' }).click();
    await options(page).first().waitFor(); // the palette is its own chunk
    const firstTwo = await options(page).evaluateAll((els) =>
      els.slice(0, 2).map((e) => e.querySelector('.palette-title')?.textContent + ' ' + e.textContent),
    );
    expect(firstTwo[0]).toMatch(/^Gradient Generator .*Recent/);
    expect(firstTwo[1]).toMatch(/^JWT Debugger .*Recent/);
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('filters tools from visible boxes on the home page and in the sidebar', async () => {
    const { page } = await open('/');
    const home = page.locator('main').getByRole('searchbox', { name: 'Filter tools' });
    await home.fill('yaml');
    const matches = page.getByRole('region', { name: 'Matching tools' }).getByRole('link');
    await expect.poll(() => matches.first().textContent()).toContain('JSON and YAML Converter');
    await expect.poll(() => page.getByRole('region', { name: 'All tools' }).isVisible()).toBe(false);
    await home.fill('');
    await expect.poll(() => page.getByRole('region', { name: 'All tools' }).isVisible()).toBe(true);
    const side = page.locator('#sidebar').getByRole('searchbox', { name: 'Filter tools' });
    await side.fill('gradeint');
    await expect
      .poll(() => page.locator('#sidebar').getByRole('list', { name: 'Matching tools' }).textContent())
      .toContain('Gradient Generator');
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('the filter boxes find the public Benchmarks page but not the admin dashboard, and Enter opens the first match', async () => {
    // "benchmark" found nothing on the home page that links /benchmarks, and Enter did nothing in either box.
    const { page } = await open('/');
    const home = page.locator('main').getByRole('searchbox', { name: 'Filter tools' });
    const matches = page.getByRole('region', { name: 'Matching tools' }).getByRole('link');
    await home.fill('benchmark');
    await expect.poll(() => matches.allTextContents()).toEqual([expect.stringContaining('Benchmarks')]);
    await home.fill('analytics');
    expect((await matches.allTextContents()).join()).not.toContain('Analytics Dashboard');
    await home.fill('yaml');
    await home.press('Enter');
    await page.waitForURL(`${app.url}/json-yaml-converter`);
    // The address changes first; the tool's heading comes with its chunk (CI run 26 read the home's).
    await expect.poll(() => page.locator('main h1').first().textContent()).toContain('JSON');
    const side = page.locator('#sidebar').getByRole('searchbox', { name: 'Filter tools' });
    await side.fill('benchmark');
    await expect
      .poll(() => page.locator('#sidebar').getByRole('list', { name: 'Matching tools' }).textContent())
      .toContain('Benchmarks');
    await side.fill('gradeint');
    await side.press('Enter');
    await page.waitForURL(`${app.url}/gradient-generator`);
    await page.context().close();
  });

  it('follows the system theme, toggles to the other and keeps the choice after a reload', async () => {
    const { page } = await open('/', 1280, 'dark');
    const bg = () => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
    const darkBg = await bg();
    expect(darkBg).toBe('rgb(15, 18, 24)');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await expect.poll(() => bg()).toBe('rgb(246, 247, 251)');
    await page.reload();
    await page.locator('main h1').first().waitFor();
    expect(await bg()).toBe('rgb(246, 247, 251)');
    expect(await page.getByRole('button', { name: 'Switch to dark theme' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await page.goto(app.url + '/jwt-debugger');
    await page.locator('main h1').first().waitFor();
    expect(await bg()).toBe('rgb(15, 18, 24)');
    await page.keyboard.press('Control+k');
    await options(page).first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('paints a page in the theme picked before its script has loaded: no flash of the other theme', async () => {
    // The choice was applied by the app's script: on a slow link the page first painted light.
    const { page, errors } = await openPage(app.browser, { colorScheme: 'light', serviceWorkers: 'block' });
    await page.addInitScript(() => localStorage.setItem('bitsmith:theme', 'dark'));
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(app.url + '/', { waitUntil: 'commit' });
    // The document is parsed and its stylesheet applied; the app's script is still held back.
    await expect.poll(() => page.evaluate(() => document.readyState)).toBe('interactive');
    await page.waitForFunction(() => document.styleSheets.length > 0);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)).toBe(
      'rgb(15, 18, 24)',
    );
    release();
    await page.locator('main h1').first().waitFor();
    expect(await page.getByRole('button', { name: 'Switch to light theme' }).count()).toBe(1);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("a theme picked in one tab applies to the site's other open tabs too", async () => {
    const { page } = await open('/', 1280, 'light');
    const other = await page.context().newPage();
    await other.goto(app.url + '/gradient-generator');
    await other.locator('main h1').first().waitFor();
    const bg = (p: Page) => p.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await expect.poll(() => bg(other)).toBe('rgb(15, 18, 24)');
    await expect.poll(() => other.getByRole('button', { name: 'Switch to light theme' }).count()).toBe(1);
    await other.getByRole('button', { name: 'Switch to light theme' }).click();
    await expect.poll(() => bg(page)).toBe('rgb(246, 247, 251)');
    await page.context().close();
  });

  it("marks the sidebar's current tool in forced colours (Windows High Contrast) too", async () => {
    // The mark was a background and a text colour only, which forced colours replace: the current
    // tool looked like every other link.
    const { page } = await openPage(app.browser, { viewport: { width: 1280, height: 800 }, forcedColors: 'active' });
    await page.goto(app.url + '/url-encoder');
    const look = (name: string) =>
      page
        .locator('#sidebar')
        .getByRole('link', { name, exact: true })
        .evaluate((a) => {
          const s = getComputedStyle(a);
          return [s.outlineStyle, s.textDecorationLine, s.borderLeftStyle, s.borderLeftWidth, s.fontWeight].join(' ');
        });
    await expect.poll(() => look('URL Encoder/Decoder')).not.toBe(await look('IP Subnet Calculator'));
    await page.context().close();
  });

  it('draws icons as SVG, never emoji', async () => {
    const { page } = await open('/');
    const toggles = page.locator('#sidebar .group-toggle');
    const n = await toggles.count();
    expect(n).toBeGreaterThan(0);
    for (let i = 0; i < n; i++) expect(await toggles.nth(i).locator('svg').count()).toBeGreaterThan(0);
    const text = await page.locator('body').textContent();
    expect(text).not.toMatch(/\p{Extended_Pictographic}/u);
    await page.context().close();
  });

  it('at 375 px: Tab reaches the skip link then the menu button, never the closed sidebar', async () => {
    const { page } = await open('/base64-converter', 375);
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');
    await page.keyboard.press('Shift+Tab'); // back before main's first control
    const stops: string[] = [];
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      stops.push(await page.evaluate(() => (document.activeElement?.closest('#sidebar') ? 'sidebar' : 'page')));
    }
    expect(stops).not.toContain('sidebar');
    await page.getByRole('button', { name: 'Open menu' }).click();
    // The open menu's toggle stays in sight (nothing covers it), and Tab never leaves for the page behind.
    const close = page.getByRole('button', { name: 'Close menu' });
    expect(
      await close.evaluate((b: HTMLElement) => {
        const r = b.getBoundingClientRect();
        return b.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
      }),
    ).toBe(true);
    const whileOpen: string[] = [];
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      whileOpen.push(await page.evaluate(() => (document.activeElement?.closest('main') ? 'page' : 'menu or navbar')));
    }
    expect(whileOpen).not.toContain('page');
    await page.locator('#sidebar').getByRole('button').first().focus();
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('#sidebar')))).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    // Escape closes it and gives focus back to the toggle, not to the page's body.
    await page.keyboard.press('Escape');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Open menu');
    await page.context().close();
  });

  it('at 375 px the menu appears without sliding when the system asks for reduced motion', async () => {
    // The off-canvas menu slid in and out for 200 ms whatever prefers-reduced-motion said.
    const slide = async (reducedMotion: 'reduce' | 'no-preference') => {
      const { page } = await openPage(app.browser, { viewport: { width: 375, height: 700 }, reducedMotion });
      await page.goto(app.url + '/url-encoder');
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect.poll(() => page.getByRole('button', { name: 'Close menu' }).count()).toBe(1);
      const duration = await page.locator('#sidebar').evaluate((e) => getComputedStyle(e).transitionDuration);
      await page.context().close();
      return duration;
    };
    expect(await slide('no-preference')).not.toBe('0s');
    expect(await slide('reduce')).toBe('0s');
  });

  it('Base64 encodes a file dropped on the page', async () => {
    const { page, errors } = await open('/base64-converter');
    await page.evaluate(() => {
      const dt = new DataTransfer();
      dt.items.add(new File(['hello drop'], 'drop.txt', { type: 'text/plain' }));
      const target = document.querySelector('main textarea')!;
      target.dispatchEvent(new DragEvent('dragover', { dataTransfer: dt, bubbles: true, cancelable: true }));
      target.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
    });
    await expect.poll(() => page.getByTestId('file-name').textContent()).toBe('drop.txt');
    await page.getByRole('status').filter({ hasText: 'Encoded drop.txt' }).waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  // 320 CSS px: WCAG 1.4.10 Reflow (a 1280 px window at 400 % zoom); a phone's 375 px follows.
  it('at 320 px no page scrolls sideways and no form field is under 16 px (iOS would zoom)', async () => {
    const { page } = await open('/', 320);
    const problems: string[] = [];
    for (const p of pages) {
      await page.goto(app.url + p.path);
      await page.locator('main h1').first().waitFor();
      const r = await page.evaluate(() => ({
        width: document.documentElement.scrollWidth,
        small: [...document.querySelectorAll('input, select, textarea')].filter(
          (e) => parseFloat(getComputedStyle(e).fontSize) < 16,
        ).length,
      }));
      if (r.width > 320) problems.push(`${p.path} is ${r.width} px wide`);
      if (r.small) problems.push(`${p.path} has ${r.small} fields under 16 px`);
    }
    expect(problems).toEqual([]);
    await page.context().close();
  });

  /** States a visitor reaches after using each tool (axe on first render alone missed most problems). */
  const interactions: [string, (page: Page) => Promise<void>][] = [
    [
      '/crc-generator',
      async (p) => {
        await p.getByLabel('Search algorithms').fill('ethernet');
        await p.locator('main select').first().selectOption('CRC-32/ISO-HDLC');
        await p.getByText('0xcbf43926').waitFor();
        await p.getByText('Preview (crc_module.v)').click(); // the generated code view
        await p.locator('pre.code').first().waitFor();
      },
    ],
    [
      '/admin/analytics',
      async (p) => {
        await p.getByLabel('Токен администратора').fill('test-admin-token-123'); // the shared server's
        await p.getByRole('button', { name: 'Войти' }).click();
        await p.getByRole('list', { name: /Просмотры по дням/ }).waitFor();
      },
    ],
    [
      '/jwt-debugger',
      async (p) => {
        await p.getByRole('button', { name: 'Load Example' }).click();
        await p.locator('.jwt-signature').first().waitFor();
      },
    ],
    ...(['/uart-generator', '/fifo-generator', '/fsm-generator'] as const).map(
      (path) =>
        [
          path,
          async (p: Page) => {
            await p.getByRole('button', { name: 'Generate Code' }).click();
            await p.locator('pre.code').first().waitFor();
          },
        ] as [string, (p: Page) => Promise<void>],
    ),
    [
      '/json-yaml-converter',
      async (p) => {
        await p.getByRole('button', { name: 'Basic Object', exact: true }).click();
        await p.getByRole('button', { name: 'Convert', exact: true }).click();
        await p.getByText('Converted JSON to YAML').waitFor();
      },
    ],
    ['/gradient-generator', (p) => p.getByRole('tab', { name: /Presets/ }).click()],
    ...(['Details', 'Binary', 'Subnets'] as const).map(
      (tab) =>
        ['/ip-subnet', (p: Page) => p.getByRole('tab', { name: new RegExp(tab) }).click()] as [
          string,
          (p: Page) => Promise<void>,
        ],
    ),
    [
      '/ip-subnet',
      async (p) => {
        await p.getByLabel('IP Address').fill('2001:db8:abcd::/48');
        await p.getByRole('tab', { name: /Subnets/ }).click();
      },
    ],
    [
      '/json-formatter',
      async (p) => {
        await p.locator('main textarea').first().fill('{"a":');
        await p
          .getByRole('button', { name: /^Format/ })
          .first()
          .click();
        await p.getByRole('alert').first().waitFor();
      },
    ],
    [
      '/csv-json-converter',
      async (p) => {
        await p.locator('main textarea').first().fill('a,b\n1,2');
        await p.getByRole('button', { name: 'Convert', exact: true }).click();
        await p.getByText('Converted 1 row to JSON').waitFor();
      },
    ],
    [
      '/base64-converter',
      async (p) => {
        await p.locator('main textarea').first().fill('hello');
        await expect.poll(() => p.locator('main textarea').nth(1).inputValue()).toBe('aGVsbG8=');
      },
    ],
  ];

  it(
    'axe finds nothing serious after using the tools, in the light and the dark theme',
    async () => {
      const { page } = await open('/', 1280, 'light');
      const problems: string[] = [];
      const backgrounds = { light: new Set<string>(), dark: new Set<string>() };
      for (const [path, use] of interactions) {
        await page.goto(app.url + path);
        await page.locator('main h1').first().waitFor();
        await use(page);
        // The same state in both themes: the page follows the system's scheme as it changes.
        for (const colorScheme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme });
          await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
          backgrounds[colorScheme].add(
            await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--bg')),
          );
          // Light: every rule; dark: the colour rules, the only ones a theme changes.
          const scan = colorScheme === 'light' ? seriousViolations : seriousColourViolations;
          problems.push(...(await scan(page)).map((v) => `${path} (${colorScheme}): ${v}`));
        }
        await page.emulateMedia({ colorScheme: 'light' });
      }
      expect(problems).toEqual([]);
      // Each scheme was in effect when it was scanned: one page background (--bg) each, not the same.
      expect([backgrounds.light.size, backgrounds.dark.size]).toEqual([1, 1]);
      expect([...backgrounds.light]).not.toEqual([...backgrounds.dark]);
      await page.context().close();
    },
    // The test's budget, not a timing claim: sixteen pages, each used, then scanned by axe with
    // every rule in the light theme and the colour rules in the dark (79 s idle, alone).
    360_000,
  );

  it('at 320 px no generator page scrolls sideways after generating code, opening presets or saving', async () => {
    const { page } = await open('/', 320);
    const problems: string[] = [];
    const generators = ['/uart-generator', '/fifo-generator', '/fsm-generator', '/gradient-generator'];
    for (const [path, use] of interactions.filter(([path]) => generators.includes(path))) {
      await page.goto(app.url + path);
      await page.locator('main h1').first().waitFor();
      await use(page);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > 320) problems.push(`${path} is ${width} px wide`);
    }
    // A saved gradient named without spaces (snake_case, a URL) wraps on its card.
    await page.goto(app.url + '/gradient-generator');
    await page.getByRole('tab', { name: 'Editor' }).click(); // the draft kept the Presets tab
    await page.getByLabel('Gradient name').fill('landing_page_hero_background_v2');
    await page.getByRole('button', { name: 'Save Gradient' }).click();
    await page.getByRole('tab', { name: /Saved/ }).click();
    await page.getByText('landing_page_hero_background_v2').waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    if (width > 320) problems.push(`/gradient-generator (Saved) is ${width} px wide`);
    expect(problems).toEqual([]);
    await page.context().close();
  }, 120_000);

  it('at 320 px the subnet calculator does not scroll sideways on any tab, IPv4 or IPv6', async () => {
    const { page } = await open('/', 320);
    const problems: string[] = [];
    for (const ip of ['10.0.0.1/8', '2001:db8:abcd::/48', '2001:db8:abcd:1234:5678:9abc:def0:1234/64']) {
      await page.goto(app.url + '/ip-subnet');
      await page.locator('main h1').first().waitFor();
      await page.getByLabel('IP Address').fill(ip);
      for (const tab of ['Overview', 'Details', 'Binary', 'Subnets']) {
        await page.getByRole('tab', { name: new RegExp(tab) }).click();
        await page.locator('#subnet-tabpanel').waitFor();
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        if (width > 320) problems.push(`/ip-subnet ${ip} ${tab} is ${width} px wide`);
      }
    }
    expect(problems).toEqual([]);
    await page.context().close();
  }, 120_000);
});
