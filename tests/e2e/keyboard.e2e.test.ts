// Keyboard and screen-reader use across the tools (WCAG 2.4.3, 3.3.1, 4.1.3, 1.4.11): focus stays
// on a pressed button while its work runs and comes back after Undo, opening a tool from the
// palette lands in the new page, errors are announced by live regions that were there before their
// text and are tied to the fields they are about, and the focus ring is visible.
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openPage } from '../harness/browser';
import { useSharedApp } from '../harness/e2e';
import { seriousViolations } from '../harness/axe';
import { describeWith } from '../harness/system';
import { watchPageAnnouncements } from '../harness/announce';

/** What has focus: its accessible name as a test reads it (text, or the id of a field or region). */
const focused = (page: Page) =>
  page.evaluate(() => {
    const e = document.activeElement;
    return e === document.body || !e ? 'body' : e.id ? `#${e.id}` : (e.textContent ?? '').trim();
  });

/** Presses `key` on the control, as a keyboard user does. */
async function press(page: Page, name: string | RegExp, key = 'Enter') {
  await page.getByRole('button', { name, exact: typeof name === 'string' }).focus();
  await page.keyboard.press(key);
}

/**
 * Records status regions inserted on their own together with their text, as a message meant to
 * be announced: screen readers announce text that changes inside a region, not a region added
 * with it. (A region inside a new section, with that section's first content, is not a message;
 * role=alert is announced on insertion, so alerts are not recorded.)
 */
const watchLiveRegions = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { insertedWithText: string[] };
    w.insertedWithText = [];
    new MutationObserver((records) => {
      for (const r of records)
        for (const n of r.addedNodes) {
          const live = n instanceof Element && (n.getAttribute('role') === 'status' || n.hasAttribute('aria-live'));
          if (live && n.textContent?.trim()) w.insertedWithText.push(n.textContent.trim());
        }
    }).observe(document.body, { childList: true, subtree: true });
  });
const insertedWithText = (page: Page) =>
  page.evaluate(() => (window as unknown as { insertedWithText: string[] }).insertedWithText);

/** The text of the elements a field's aria-describedby names, or null when it names none. */
const description = (page: Page, label: string | RegExp) =>
  page.getByLabel(label, { exact: typeof label === 'string' }).evaluate((e) => {
    const ids = e.getAttribute('aria-describedby');
    if (e.getAttribute('aria-invalid') !== 'true' || !ids) return null;
    return ids
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ');
  });

describeWith(['chromium'], 'keyboard and screen-reader use in Chromium', () => {
  const app = useSharedApp();

  async function open(path: string, width = 1280) {
    const p = await openPage(app.browser, { viewport: { width, height: 800 } });
    await p.page.goto(app.url + path);
    await p.page.locator('main h1').first().waitFor();
    return p;
  }

  it('keeps focus on a button while its work runs (JSON Format, CRC Generate, UART Generate Code)', async () => {
    const { page, errors } = await open('/json-formatter');
    await press(page, 'Basic Object');
    await press(page, 'Format');
    await expect.poll(() => page.locator('.status-line').textContent()).toBe('✅ Valid JSON!');
    expect(await focused(page)).toBe('Format');

    await page.goto(app.url + '/crc-generator');
    await page.getByLabel('Predefined algorithm').selectOption({ index: 3 });
    const download = page.waitForEvent('download');
    await press(page, 'Generate');
    await download;
    expect(await focused(page)).toBe('Generate');

    await page.goto(app.url + '/uart-generator');
    await press(page, 'Generate Code');
    await page.locator('pre.code').waitFor();
    expect(await focused(page)).toBe('Generate Code');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('announces Undo in a region that was already there, and gives focus back after Undo', async () => {
    const { page, errors } = await open('/json-formatter');
    await watchLiveRegions(page);
    await press(page, 'Basic Object');
    await press(page, 'Clear All');
    const bar = page.getByRole('status').filter({ hasText: 'Input and output cleared.' });
    await press(page, 'Undo');
    await expect.poll(() => bar.count()).toBe(0);
    await expect.poll(() => focused(page)).toBe('Clear All');
    expect(await page.getByLabel('Input JSON').inputValue()).toContain('"name"');

    // An example over the user's token on the JWT page: the same.
    await page.goto(app.url + '/jwt-debugger');
    await page.getByLabel('JWT Token').waitFor();
    await watchLiveRegions(page);
    await page.getByLabel('JWT Token').fill('a.b.c');
    await press(page, 'Load Example');
    await page.getByRole('status').filter({ hasText: 'Example token loaded.' }).waitFor();
    await press(page, 'Undo');
    await expect.poll(() => page.getByLabel('JWT Token').inputValue()).toBe('a.b.c');
    expect(await focused(page)).toBe('Load Example');
    expect(await insertedWithText(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('opening a tool from the palette puts focus in the new page', async () => {
    const { page } = await open('/json-formatter');
    await page.getByLabel('Input JSON').focus();
    await page.keyboard.press('Control+k');
    await page.getByRole('combobox', { name: 'Search tools' }).fill('base64');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('main h1').first().textContent()).toBe('Base64 Converter');
    await expect.poll(() => focused(page)).toBe('#main');
    await page.keyboard.press('Tab'); // the keyboard goes on inside the page, not from the top
    await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('main'))).toBe(true);
    await page.context().close();
  });

  it('tells screen readers which page a route change brought when the focus stays put (navbar links, Back)', async () => {
    // The navbar's links stay on the page, and so does the focus: the page changed under it unheard.
    const { page } = await open('/url-encoder');
    const announced = await watchPageAnnouncements(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('main h1').first().textContent()).toBe('BitSmith');
    const heard = async () => (await announced()).filter((a) => a.role === 'status' && !a.inserted).map((a) => a.text);
    // Heard before going Back: the announcement waits for React's effects, which a busy machine ran
    // just before Back's, so only Back's title was in the region when it was read (CI run 51).
    await expect.poll(heard).toEqual(expect.arrayContaining(['BitSmith']));
    await page.goBack();
    await expect.poll(() => page.locator('main h1').first().textContent()).toBe('URL Encoder/Decoder');
    await expect.poll(heard).toEqual(expect.arrayContaining(['BitSmith', 'URL Encoder/Decoder · BitSmith']));
    await page.context().close();
  });

  it('opening a tool from the home page (Enter in the filter, a link) puts focus in the new page', async () => {
    // The home page went away with the box or link that had the focus, which fell to <body>: the
    // next Tab started again at the skip link.
    const { page } = await open('/');
    const filter = page.locator('main').getByRole('searchbox', { name: 'Filter tools' });
    await filter.fill('contrast');
    await filter.press('Enter');
    await expect.poll(() => page.locator('main h1').first().textContent()).toBe('Color Contrast Checker');
    await expect.poll(() => focused(page)).toBe('#main');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('main'))).toBe(true);

    await page.goto(app.url + '/');
    await page.getByRole('region', { name: 'All tools' }).getByRole('link', { name: 'JWT Debugger' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('main h1').first().textContent()).toBe('JWT Debugger');
    await expect.poll(() => focused(page)).toBe('#main');
    await page.context().close();
  });

  it('opens the palette with "/" from a checkbox, radio or slider, and Ctrl+K toggles it', async () => {
    // Until 2026-11-30 every INPUT counted as a text field, so "/" did nothing on a checkbox, a
    // radio or a range, where it types nothing; and Ctrl+K with the palette open left it open.
    const { page, errors } = await open('/crc-generator');
    const palette = page.getByRole('dialog', { name: 'Search tools' });
    for (const control of [page.getByLabel('Reflect input (refin)'), page.getByRole('radio', { name: 'VHDL' })]) {
      await control.focus();
      await page.keyboard.press('/');
      await palette.waitFor();
      await page.keyboard.press('Control+k');
      await palette.waitFor({ state: 'detached' });
      await expect.poll(() => control.evaluate((e) => e === document.activeElement)).toBe(true);
    }
    await page.goto(app.url + '/color-contrast');
    const slider = page.getByLabel('Text opacity');
    await slider.focus();
    await page.keyboard.press('/');
    await palette.waitFor();
    expect(await slider.inputValue()).toBe('100');
    await page.keyboard.press('Escape');
    await page.getByLabel('Background Color', { exact: true }).focus();
    await page.keyboard.press('/'); // a text field: "/" is typed
    await expect.poll(() => page.getByLabel('Background Color', { exact: true }).inputValue()).toMatch(/\/$/);
    expect(await palette.count()).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("on a Mac, Ctrl+K in a text field is the system's delete to end of line, and ⌘K opens the palette", async () => {
    // macOS text fields delete to the end of the line on Ctrl+K; the palette took that key too, so
    // the line stayed and a dialog opened over the text.
    const { page } = await openPage(app.browser, {
      viewport: { width: 1280, height: 800 },
      userAgent:
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120 Safari/537.36',
    });
    await page.goto(app.url + '/json-formatter');
    const palette = page.getByRole('dialog', { name: 'Search tools' });
    const input = page.getByLabel('Input JSON');
    await input.fill('{"a": 1}');
    await input.focus();
    // Whether the page kept the key from the system (read after every listener has had it).
    await page.evaluate(() => {
      window.addEventListener('keydown', (e) => {
        if (e.key === 'k') document.body.dataset.kept = String(e.defaultPrevented);
      });
    });
    await page.keyboard.press('Control+k');
    await expect.poll(() => page.evaluate(() => document.body.dataset.kept)).toBe('false');
    await page.keyboard.press('Meta+k'); // opens it (Ctrl+K opening it too would make this a close)
    await palette.waitFor();
    await page.keyboard.press('Escape');
    await palette.waitFor({ state: 'detached' });
    // Outside a text field Ctrl+K is nothing to the system: it opens the palette there too.
    await page.getByRole('button', { name: 'Format' }).focus();
    await page.keyboard.press('Control+k');
    await palette.waitFor();
    await page.context().close();
  });

  it('announces errors in regions that keep their role, and ties them to the fields they are about', async () => {
    const { page, errors } = await open('/json-formatter');
    const alert = await page.locator('.status-line [role="alert"]').elementHandle();
    await press(page, 'Format');
    await expect.poll(() => alert!.textContent()).toBe('Please enter JSON to format');
    await page.getByLabel('Input JSON').fill('{"a": }');
    await press(page, 'Format');
    await expect.poll(() => description(page, 'Input JSON')).toMatch(/^Invalid JSON: /);
    await page.getByLabel('Input JSON').fill('{"a": 1}');
    await press(page, 'Format');
    await expect.poll(() => page.locator('.status-line [role="status"]').textContent()).toBe('✅ Valid JSON!');
    expect(await description(page, 'Input JSON')).toBeNull();
    expect(await alert!.textContent()).toBe('');

    await page.goto(app.url + '/ip-subnet');
    await page.getByLabel('IP Address').fill('300.1.1.1');
    await expect.poll(() => description(page, 'IP Address')).toMatch(/^❌ Invalid IP address/);
    await page.getByLabel('IP Address').fill('10.0.0.1');
    await page.getByLabel('CIDR', { exact: true }).fill('40');
    await expect.poll(() => description(page, 'CIDR')).toMatch(/Mask: invalid$/);
    expect(await description(page, 'IP Address')).toBeNull();

    await page.goto(app.url + '/crc-generator');
    await page.getByLabel('Predefined algorithm').selectOption({ index: 3 });
    await page.getByLabel('Init (hex)').fill('zz');
    await expect.poll(() => description(page, 'Init (hex)')).toBe('Init must be a hexadecimal value such as 0xFFFF.');
    expect(await description(page, 'XorOut (hex)')).toBeNull();
    await page.getByLabel('Data width (bits)').fill('0');
    await expect.poll(() => description(page, 'Data width (bits)')).toMatch(/^Data width must be/);

    await page.goto(app.url + '/uart-generator');
    await page.getByLabel('Clock Frequency (Hz)').fill('5');
    await page.getByLabel('FIFO Depth').fill('999');
    await expect.poll(() => description(page, 'FIFO Depth')).toMatch(/FIFO/);
    expect(await description(page, 'Clock Frequency (Hz)')).toMatch(/clock/i);
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto(app.url + '/color-contrast');
    await page.getByLabel('Text Color', { exact: true }).fill('#eeeeeg');
    await expect.poll(() => description(page, 'Text Color')).toMatch(/^Enter a 6-digit hex colour/);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('keeps focus where the keyboard was when a control goes away (format hint, URL history)', async () => {
    const { page } = await open('/json-yaml-converter');
    await page.getByLabel(/^JSON Input/).fill('a: 1\nb: [1, 2]\n');
    await press(page, /^Switch to YAML/);
    await expect.poll(() => focused(page)).toMatch(/^Convert/);

    await page.goto(app.url + '/url-encoder');
    await page.getByLabel(/^Input/).fill('a b');
    await press(page, 'Encode', 'Enter');
    await page.getByRole('button', { name: 'Clear history' }).waitFor();
    await press(page, 'Clear history');
    await expect.poll(() => focused(page)).toBe('#url-history-title');
    await page.context().close();
  });

  // Remove took its row, and the focus with it, to <body>: the next Tab started again at the top.
  it('CRC Identify: Remove sample hands focus to the next row, then to Add sample when no Remove is left', async () => {
    const { page, errors } = await open('/crc-generator?tab=identify');
    const name = () =>
      page.evaluate(() => {
        const e = document.activeElement;
        return e === document.body || !e ? 'body' : (e.getAttribute('aria-label') ?? (e.textContent ?? '').trim());
      });
    await press(page, 'Add sample');
    await press(page, 'Add sample');
    await page.getByLabel('Message 2 (hex)').fill('31 32');
    await page.getByLabel('Message 3 (hex)').fill('33 34');
    await press(page, 'Remove sample 2');
    await expect.poll(name).toBe('Remove sample 2');
    expect(await page.getByLabel('Message 2 (hex)').inputValue()).toBe('33 34');
    // Two rows are the least: the Remove buttons left are disabled, so Add sample takes the focus.
    await press(page, 'Remove sample 3');
    await expect.poll(name).toBe('Add sample');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  // Focus stayed on the Add button: a keyboard user tabbed through the whole table to reach the row.
  it('an Add button puts focus in the first field of the row it adds (FSM, gradient stops, CRC Identify)', async () => {
    const { page, errors } = await open('/fsm-generator');
    const name = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? 'none');
    const rows: [string, string][] = [
      ['Add State', 'State 4 name'],
      ['Add Input', 'Input 3 name'],
      ['Add Output', 'Output 3 name'],
      ['Add Transition', 'Transition 4 from'],
    ];
    for (const [button, field] of rows) {
      await press(page, button);
      await expect.poll(name).toBe(field);
    }
    await page.goto(`${app.url}/gradient-generator`);
    await page.locator('main h1').first().waitFor();
    await press(page, '+ Add'); // #10b981 at 100 + 10, capped at 95: before the stop at 100
    await expect.poll(name).toBe('Color of stop 2: #10b981');
    await page.goto(`${app.url}/crc-generator?tab=identify`);
    await page.locator('main h1').first().waitFor();
    await press(page, 'Add sample');
    await expect.poll(name).toBe('Sample 3 format');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  // Clear All emptied the list and took itself away with the focused button: focus fell to <body>.
  it('Gradient: Clear All of the saved gradients leaves the focus on the Saved tab, and Undo keeps it on the page', async () => {
    const { page, errors } = await open('/gradient-generator');
    await page.getByLabel('Gradient name').fill('sunrise');
    await press(page, 'Save Gradient');
    await page.getByRole('tab', { name: /Saved/ }).click();
    await page.getByText('sunrise').waitFor();
    await press(page, 'Clear All');
    await page.getByText('No saved gradients yet').waitFor();
    await expect.poll(() => focused(page)).toBe('#gradient-tab-saved');
    await press(page, 'Undo');
    await page.getByText('sunrise').waitFor();
    // Back on the Clear All that was pressed (it went to <main> when the button had no aria-label).
    await expect.poll(() => focused(page)).toBe('Clear All');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('lets the keyboard choose among More examples before loading one (CSV)', async () => {
    const { page } = await open('/csv-json-converter');
    await page.getByLabel('CSV Input').fill('mine,1');
    const examples = page.getByLabel('More examples');
    await examples.focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown');
    expect(await page.getByLabel('CSV Input').inputValue()).toBe('mine,1');
    const chosen = await examples.inputValue();
    expect(chosen).not.toBe('');
    await press(page, 'Load example');
    await expect.poll(() => page.getByLabel(/ Input$/).inputValue()).not.toBe('mine,1');
    expect(await focused(page)).toBe('Load example');
    await page.context().close();
  });

  it('draws a focus ring of 3:1 against the page, and the JWT signature never scrolls sideways', async () => {
    const { page } = await open('/jwt-debugger', 320);
    await press(page, 'Load Example');
    await page.locator('.jwt-signature-text').waitFor();
    const sig = await page.locator('.jwt-signature-text').evaluate((e) => e.scrollWidth - e.clientWidth);
    expect(sig).toBeLessThanOrEqual(0);
    const contrast = await page.getByRole('button', { name: 'Load Example' }).evaluate((button) => {
      const rgb = (c: string) => (c.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number);
      const lum = (c: string) => {
        const [r, g, b] = rgb(c).map((v) => {
          const s = v / 255;
          return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
      };
      const ring = getComputedStyle(button).outlineColor;
      const panel = getComputedStyle(button.closest('.panel') ?? document.body).backgroundColor;
      const [a, b] = [lum(ring), lum(panel)].sort((x, y) => y - x);
      return (a! + 0.05) / (b! + 0.05);
    });
    expect(contrast).toBeGreaterThanOrEqual(3);
    await page.context().close();
  });
});
