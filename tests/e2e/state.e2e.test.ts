// Issue 14, items 2 and 3: inputs and options survive the sidebar's full-page navigation and a
// reload (sessionStorage drafts, capped, never files or secrets), settings travel in the link
// and restore in a fresh browser, "Copy link" copies it and "Start fresh" forgets both.
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openPage } from '../harness/browser';
import { fillStorage, startFreshAnswered, startFreshDialog, useSharedApp } from '../harness/e2e';
import { focusedName } from '../harness/keyboard';
import { seriousViolations } from '../harness/axe';
import { describeWith } from '../harness/system';
import { randomBytes, testRandom } from '../cases/seed';
import { addState, DEFAULT_FSM, type FsmTransition } from '../../src/core/hdl/fsm/config';
import { draftKey, draftText } from '../../src/browser/draft';

describeWith(['chromium'], 'state and permalinks in Chromium', () => {
  const app = useSharedApp();

  async function open(path: string, page?: Page) {
    const p = page
      ? { page, errors: [] as string[] }
      : await openPage(app.browser, { viewport: { width: 1280, height: 800 } });
    await p.page.goto(app.url + path);
    await p.page.locator('main h1').first().waitFor();
    return p;
  }
  const drafts = (page: Page) =>
    page.evaluate(() => Object.fromEntries(Object.keys(sessionStorage).map((k) => [k, sessionStorage.getItem(k)])));

  it('keeps text and options through the sidebar full-page navigation and a reload', async () => {
    const { page, errors } = await open('/url-encoder');
    await page.getByLabel(/^Input/).fill('a b&c');
    await page.getByLabel('Encoding Type').selectOption('rfc3986');
    // The sidebar's link: a full page load 300 ms after the click.
    await page.locator('#sidebar').getByRole('button', { name: 'File Converters' }).click();
    await page.locator('#sidebar').getByRole('link', { name: 'Base64 Converter' }).click();
    await page.waitForURL(app.url + '/base64-converter', { waitUntil: 'load' });
    await page.locator('main textarea').first().fill('draft text');
    await page.goto(app.url + '/url-encoder');
    await page.getByLabel(/^Input/).waitFor();
    await expect.poll(() => page.getByLabel(/^Input/).inputValue()).toBe('a b&c');
    await expect.poll(() => page.getByLabel('Encoding Type').inputValue()).toBe('rfc3986');
    await page.goto(app.url + '/base64-converter');
    await page.locator('main h1').waitFor();
    await page.reload();
    await expect.poll(() => page.locator('main textarea').first().inputValue()).toBe('draft text');
    await expect.poll(() => page.locator('main textarea').nth(1).inputValue()).toBe('ZHJhZnQgdGV4dA==');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('Copy link promises these settings only when the link holds some', async () => {
    const { page, errors } = await open('/json-formatter');
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });
    await page.getByLabel('Indentation').selectOption({ label: '4 spaces' }); // not a link setting
    await page.getByRole('button', { name: 'Copy link' }).click();
    await page.getByText('✅ Link copied: it opens this tool with its default settings').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${app.url}/json-formatter`);
    await page.goto(`${app.url}/color-contrast`);
    await page.getByLabel('Background Color', { exact: true }).fill('#123456');
    await expect.poll(() => page.url()).toContain('bg=');
    await page.getByRole('button', { name: 'Copy link' }).click();
    await page.getByText('✅ Link copied: it opens this tool with these settings').waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("Copy link does not take another site's parameters (?utm_source=, ?fbclid=) for settings", async () => {
    // A visit from a newsletter or a social link: Copy link promised "these settings" on a tool
    // whose link held none of its own.
    const { page, errors } = await open('/json-formatter?utm_source=newsletter&fbclid=abc');
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });
    const copy = async () => {
      await page.getByRole('button', { name: 'Copy link' }).click();
      return page.locator('main [role="status"]').filter({ hasText: 'Link copied' }).first().textContent();
    };
    await expect.poll(copy).toBe('✅ Link copied: it opens this tool with its default settings');
    await open('/uart-generator?utm_source=newsletter', page);
    await expect.poll(copy).toBe('✅ Link copied: it opens this tool with its default settings');
    await page.getByLabel('Baud Rate').selectOption('38400');
    await expect.poll(copy).toBe('✅ Link copied: it opens this tool with these settings');
    await open('/ip-subnet?utm_source=newsletter&ip=10.1.2.3&prefix=8&tab=overview', page);
    await expect.poll(copy).toBe('✅ Link copied: it opens this tool with these settings');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('the skip link moves the focus to the content and leaves the address alone', async () => {
    // It wrote #main into the address: Copy link then promised "these settings" on an untouched
    // page, Back had an extra step that did nothing, and a JWT link's #token= was replaced.
    const { page, errors } = await open('/json-formatter');
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });
    const entries = await page.evaluate(() => history.length);
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');
    expect(page.url()).toBe(`${app.url}/json-formatter`);
    expect(await page.evaluate(() => history.length)).toBe(entries);
    await page.getByRole('button', { name: 'Copy link' }).click();
    await page.getByText('✅ Link copied: it opens this tool with its default settings').waitFor();
    const token =
      'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c';
    await open(`/jwt-debugger#token=${token}`, page);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');
    expect(new URL(page.url()).hash).toBe(`#token=${token}`);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("keeps the gradient's export size and dithering through a reload", async () => {
    // They were left out of the draft: a reload went back to 1920 x 1080 without dithering.
    const { page, errors } = await open('/gradient-generator');
    await page.getByLabel('Width (px)').fill('640');
    await page.getByLabel('Height (px)').fill('1e3');
    await page.getByLabel(/Dither PNG/).check();
    await page.getByText('Output 640 × 1000 px').waitFor(); // 1e3 is 1000 (it was read as 1)
    await page.reload();
    await page.getByText('Output 640 × 1000 px').waitFor();
    expect(await page.getByLabel(/Dither PNG/).isChecked()).toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('does not store a very large paste, and never a JWT or its verification key', async () => {
    const { page } = await open('/base64-converter');
    const big = 'x'.repeat(300_000);
    await page.locator('main textarea').first().fill(big);
    await page.getByLabel('URL-safe alphabet').check();
    await expect
      .poll(async () => (await drafts(page))['bitsmith:draft:/base64-converter'] ?? '')
      .toContain('"alphabet":"url"');
    const stored = (await drafts(page))['bitsmith:draft:/base64-converter']!;
    expect(stored.length).toBeLessThan(1000);
    expect(stored).not.toContain('xxxxxxxxxx');

    await page.goto(app.url + '/jwt-debugger');
    await page.getByRole('button', { name: 'Load Example' }).click();
    await page.getByLabel(/Secret for verification/).fill('top-secret-key-123');
    await page.getByLabel('Token information').waitFor();
    const token = await page.getByLabel('JWT Token').inputValue();
    const all = JSON.stringify(await drafts(page)) + (await page.evaluate(() => JSON.stringify({ ...localStorage })));
    expect(all).not.toContain(token.split('.')[1]);
    expect(all).not.toContain('top-secret-key-123');
    await page.reload();
    await page.getByLabel('JWT Token').waitFor();
    expect(await page.getByLabel('JWT Token').inputValue()).toBe('');
    await page.context().close();
  });

  it('restores UART settings from a copied link in a fresh browser context', async () => {
    const first = await open('/uart-generator');
    await first.page.getByLabel('Baud Rate').selectOption('921600');
    await first.page.getByLabel('Parity').selectOption('even');
    await first.page.getByLabel('Data Bits').selectOption('7');
    await first.page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });
    await first.page.getByRole('button', { name: 'Copy link' }).click();
    await first.page.getByText('Link copied').waitFor();
    const link = await first.page.evaluate(() => navigator.clipboard.readText());
    expect(link).toContain('baudRate=921600');
    expect(link).toContain('dataBits=7');
    await first.page.context().close();

    const fresh = await openPage(app.browser, { viewport: { width: 1280, height: 800 } });
    await fresh.page.goto(link);
    await fresh.page.getByLabel('Baud Rate').waitFor();
    await expect.poll(() => fresh.page.getByLabel('Baud Rate').inputValue()).toBe('921600');
    await expect.poll(() => fresh.page.getByLabel('Parity').inputValue()).toBe('even');
    await expect.poll(() => fresh.page.getByLabel('Data Bits').inputValue()).toBe('7');
    expect(fresh.errors).toEqual([]);
    await fresh.page.context().close();
  });

  it('opens a gradient and an FSM from their links, ignores a broken link, and starts fresh', async () => {
    const { page, errors } = await open('/gradient-generator?type=radial&shape=circle&stops=ff0000-0_0000ff-100');
    await expect
      .poll(() => page.getByTestId('gradient-css').textContent())
      .toBe('background: radial-gradient(circle at 50% 50%, #ff0000 0%, #0000ff 100%);');
    await page.goto(app.url + '/gradient-generator?stops=nonsense');
    await page.locator('main h1').waitFor();
    expect(await page.getByTestId('gradient-css').textContent()).toContain('#ff0000'); // the draft, untouched

    await page.goto(app.url + '/fsm-generator');
    await page.getByRole('button', { name: 'Add State' }).click();
    // The page writes its address as the state changes; Playwright's page.url() hears of it after.
    await expect.poll(() => new URL(page.url()).searchParams.get('states')).toBeTruthy();
    const url = page.url();
    const fresh = await openPage(app.browser, { viewport: { width: 1280, height: 800 } });
    await fresh.page.goto(url);
    await fresh.page.getByLabel('Module Name').waitFor();
    await expect
      .poll(() => fresh.page.getByLabel('Reset State').inputValue())
      .toBe(await page.getByLabel('Reset State').inputValue());
    const states = (p: Page) => p.evaluate(() => new URL(location.href).searchParams.get('states'));
    expect(await states(fresh.page)).toBe(await states(page));
    await fresh.page.context().close();

    await startFreshAnswered(page); // Start fresh asks: the FSM has a state added
    await page.waitForURL(app.url + '/fsm-generator');
    await page.getByLabel('Module Name').waitFor();
    expect(await states(page)).toBeNull();
    await expect.poll(() => page.getByLabel('Module Name').inputValue()).toBe('my_fsm');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('Start fresh asks before it forgets what the user typed (one click lost it for good), and not on an untouched page', async () => {
    // It asked with the browser's confirm(): no theme, no zoom, and a box some browsers let a page suppress.
    const { page, errors } = await open('/json-formatter');
    const native: string[] = [];
    page.on('dialog', (d) => {
      native.push(d.message());
      void d.dismiss();
    });
    const input = page.getByLabel('Input JSON');
    await input.fill('{"mine": 1}');
    await expect.poll(() => drafts(page)).toHaveProperty(['bitsmith:draft:/json-formatter']);
    const dialog = startFreshDialog(page);
    await page.getByRole('button', { name: 'Start fresh' }).focus();
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await dialog.getByText('What you entered in this tool and its settings will be forgotten.').waitFor();
    await expect.poll(() => focusedName(page)).toBe('Cancel'); // the safe answer first
    await page.keyboard.press('Tab');
    await expect.poll(() => focusedName(page)).toBe('Start fresh');
    await page.keyboard.press('Tab'); // focus stays in the question: round to Cancel, and back
    await expect.poll(() => focusedName(page)).toBe('Cancel');
    await page.keyboard.press('Shift+Tab');
    await expect.poll(() => focusedName(page)).toBe('Start fresh');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => focusedName(page)).toBe('Start fresh'); // back on the button that asked
    expect(await input.inputValue()).toBe('{"mine": 1}'); // Escape keeps it
    await page.getByRole('button', { name: 'Start fresh' }).click();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await input.inputValue()).toBe('{"mine": 1}');
    await Promise.all([page.waitForEvent('load'), startFreshAnswered(page)]);
    await page.locator('main h1').waitFor();
    await expect.poll(() => input.inputValue()).toBe('');
    // Nothing to lose: no question.
    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Start fresh' }).click()]);
    await page.locator('main h1').waitFor();
    expect(await dialog.count()).toBe(0);
    expect(native).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('says a link with a value no control offers is damaged and opens none of it (CRC, gradient, UART, subnet)', async () => {
    // Until 2026-11-30 these values were dropped without a word and the rest of the link opened.
    const damaged = '⚠️ This link is damaged (cut short or edited), so it was not opened';
    const { page, errors } = await open('/crc-generator');
    await page.getByLabel('Data width (bits)').fill('16');
    await expect.poll(() => page.url()).toContain('dataWidth=16');
    // The bad value is the Generate tab's, the tab the Identify part's: neither part opens.
    await page.goto(`${app.url}/crc-generator?tab=identify&language=cobol&dataWidth=32`);
    await page.getByText(damaged).waitFor();
    await expect.poll(() => page.getByLabel('Data width (bits)').inputValue()).toBe('16');
    for (const link of [
      '/crc-generator?algorithm=NOPE',
      '/crc-generator?tab=zzz',
      '/gradient-generator?type=zzz',
      '/ip-subnet?ip=10.0.0.1&prefix=abc',
      '/ip-subnet?ip=10.0.0.1&prefix=24&tab=zzz',
    ]) {
      await page.goto(app.url + link);
      await page.locator('main h1').waitFor();
      await page.getByText(damaged).waitFor();
    }
    await page.goto(`${app.url}/uart-generator?language=cobol`);
    await page.getByText(damaged).waitFor();
    await page.goto(`${app.url}/uart-generator?language=vhdl`);
    await page.locator('main h1').waitFor();
    expect(await page.getByText('This link is damaged').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('says a link with a misspelt or repeated setting is damaged, and leaves the misspelt one out of the address', async () => {
    // Until 2026-12-02 `?dataWidht=64` opened the defaults without a word, and Copy link kept it.
    const damaged = '⚠️ This link is damaged (cut short or edited), so it was not opened';
    const { page, errors } = await open('/fifo-generator');
    for (const [link, misspelt] of [
      ['/fifo-generator?dataWidht=64', 'dataWidht'],
      ['/uart-generator?baudRate=9600&baudRate=38400', ''],
      ['/crc-generator?Tab=identify', 'Tab'],
      ['/ip-subnet?ip=10.0.0.1&prefx=8', 'prefx'],
      ['/color-contrast?BG=123456', 'BG'],
    ] as const) {
      await page.goto(app.url + link);
      await page.locator('main h1').waitFor();
      await page.getByText(damaged).waitFor();
      if (misspelt)
        await expect.poll(() => new URL(page.url()).searchParams.has(misspelt), { message: link }).toBe(false);
    }
    // Other sites' parameters are not settings: the link opens, and they stay.
    await page.goto(`${app.url}/uart-generator?utm_source=news&fbclid=abc&ref=hn&baudRate=38400`);
    await expect.poll(() => page.getByLabel('Baud Rate').inputValue()).toBe('38400');
    expect(await page.getByText('This link is damaged').count()).toBe(0);
    expect(new URL(page.url()).searchParams.get('utm_source')).toBe('news');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('leaves an untouched contrast or subnet page at its bare route, and says a bad colour link is damaged', async () => {
    // Until 2026-11-30 they wrote their defaults (?bg=ffffff&fg=000000, ?ip=…&prefix=24&tab=overview)
    // and Copy link promised "these settings"; a link's bad colour was dropped without a word.
    const { page, errors } = await open('/color-contrast');
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });
    for (const path of ['/color-contrast', '/ip-subnet']) {
      await page.goto(app.url + path);
      await page.locator('main h1').waitFor();
      await page.getByRole('button', { name: 'Copy link' }).click();
      await page.getByText('✅ Link copied: it opens this tool with its default settings').waitFor();
      expect(page.url()).toBe(app.url + path);
    }
    await page.goto(app.url + '/color-contrast');
    await page.getByLabel('Background Color', { exact: true }).fill('#123456');
    await expect.poll(() => page.url()).toContain('bg=123456');
    await page.goto(app.url + '/color-contrast?bg=zzzzzz&fg=ffffff');
    await page.getByText('⚠️ This link is damaged (cut short or edited), so it was not opened').waitFor();
    expect(await page.getByLabel('Background Color', { exact: true }).inputValue()).toBe('#123456');
    expect(await page.getByLabel('Text Color', { exact: true }).inputValue()).toBe('#000000');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("keeps the subnet calculator's address and tab through a reload", async () => {
    const { page, errors } = await open('/ip-subnet');
    const ip = page.getByLabel('IP Address');
    await ip.fill('2001:db8:abcd::/48');
    await page.getByRole('tab', { name: /Subnets/ }).click();
    await page.goto(app.url + '/ip-subnet'); // a full load without the link's parameters
    await page.locator('main h1').waitFor();
    await expect.poll(() => page.getByLabel('IP Address').inputValue()).toBe('2001:db8:abcd::/48');
    await expect.poll(() => page.getByRole('tab', { name: /Subnets/ }).getAttribute('aria-selected')).toBe('true');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('restores a CRC configuration from its link in a fresh context', async () => {
    const { page } = await open('/crc-generator');
    await page.getByLabel('Search algorithms').fill('ethernet');
    await page.locator('main select').first().selectOption('CRC-32/ISO-HDLC');
    await page.getByLabel('Data width (bits)').fill('64');
    await page.getByText('0xcbf43926').waitFor();
    const link = await page.evaluate(() => location.href); // the page's own address: page.url() hears of it later
    expect(new URL(link).searchParams.get('poly')).toBe('0x104c11db7');
    await page.context().close();

    const fresh = await open(link.replace(app.url, ''));
    await fresh.page.getByText('Mode: Predefined (CRC-32/ISO-HDLC)').waitFor();
    await fresh.page.getByText('0xcbf43926').waitFor();
    expect(await fresh.page.getByLabel('Data width (bits)').inputValue()).toBe('64');
    expect(await fresh.page.getByLabel('Init (hex)').inputValue()).toBe('0xffffffff');
    expect(fresh.errors).toEqual([]);
    await fresh.page.context().close();
  });

  it('keeps links short enough for the server when a field gets a huge paste, so a reload still loads', async () => {
    // Before: the CRC init and the subnet address went into the link whole, and the reload of a
    // 100,000-character link got HTTP 431 from the server and no page.
    const { page, errors } = await open('/crc-generator');
    await page.getByLabel('Data width (bits)').fill('64');
    await page.getByLabel('Init (hex)').fill('f'.repeat(100_000));
    await expect.poll(() => new URL(page.url()).searchParams.get('dataWidth')).toBe('64');
    expect(page.url().length).toBeLessThanOrEqual(8_000);
    expect((await page.reload())?.status()).toBe(200);
    await page.locator('main h1').waitFor();
    await expect.poll(() => page.getByLabel('Data width (bits)').inputValue()).toBe('64'); // the rest of the link still works
    await page.goto(app.url + '/ip-subnet');
    await page.getByLabel('IP Address').fill('10.0.0.1');
    await expect.poll(() => new URL(page.url()).searchParams.get('ip')).toBe('10.0.0.1');
    await page.getByLabel('IP Address').fill('10.0.0.1 '.repeat(20_000));
    await expect.poll(() => new URL(page.url()).searchParams.get('ip')).toBe(''); // written, without the text
    expect(page.url().length).toBeLessThanOrEqual(8_000);
    expect((await page.reload())?.status()).toBe(200);
    await page.locator('main h1').waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("keeps the data tools' text and options through a reload", async () => {
    const { page } = await open('/json-formatter');
    await page.getByLabel('Input JSON').fill('{"kept": true}');
    await page.getByLabel('Sort keys').check();
    await page.reload();
    await page.getByLabel('Input JSON').waitFor();
    await expect.poll(() => page.getByLabel('Input JSON').inputValue()).toBe('{"kept": true}');
    await expect.poll(() => page.getByLabel('Sort keys').isChecked()).toBe(true);
    await page.goto(app.url + '/csv-json-converter');
    await page.locator('main textarea').first().fill('zip\n02134');
    await page.getByLabel('Detect numbers').uncheck();
    await page.reload();
    await page.locator('main h1').waitFor();
    await expect.poll(() => page.locator('main textarea').first().inputValue()).toBe('zip\n02134');
    await expect.poll(() => page.getByLabel('Detect numbers').isChecked()).toBe(false);
    await page.context().close();
  });

  it('brings back the latest text and options after a reload, never an older draft', async () => {
    // A text under the draft's cap whose JSON is over it (every quote escaped): its draft used to be
    // skipped, and the reload brought back the text typed before it, with the old options.
    const { page, errors } = await open('/json-formatter');
    const input = page.getByLabel('Input JSON');
    await input.fill('{"mine": "old draft"}');
    await expect.poll(() => page.evaluate(() => Object.keys(sessionStorage).length)).toBeGreaterThan(0);
    const quoted = `[${Array.from({ length: 17_000 }, (_, i) => `"q\\"${i}"`).join(',')}]`;
    expect(quoted.length).toBeGreaterThan(170_000);
    await input.fill(quoted);
    await page.getByLabel('Indentation').selectOption({ label: '4 spaces' });
    await page.reload();
    await input.waitFor();
    await expect.poll(() => input.inputValue()).toBe(quoted);
    await expect.poll(() => page.getByLabel('Indentation').inputValue()).toBe('4');

    // When the browser refuses the draft (this tab's storage filled to its quota), a reload shows
    // no stale text either.
    await input.fill('{"second": "draft"}');
    await fillStorage(page, 'sessionStorage');
    await input.fill(`{"third": "${'y'.repeat(5_000)}"}`);
    await page.reload();
    await input.waitFor();
    expect(await input.inputValue()).not.toContain('second');
    expect(errors).toEqual([]);
    await page.context().close();
  });
  it('opens every tool whose draft was hand-edited or damaged, keeping the fields that fit', async () => {
    // A value of another type in a draft (hand-edited, or an older version's) crashed the page
    // blank on every reload of the tab, with no way to Start fresh.
    const { page, errors } = await open('/json-formatter');
    const broken: Record<string, object> = {
      '/json-formatter': { input: 5, indent: 'x', sortKeys: true },
      '/uart-generator': { form: null },
      '/fsm-generator': { config: { states: 'x' }, tab: 'code' },
      '/gradient-generator': { gradient: { stops: 5 } },
      '/ip-subnet': { ip: 5, childCidr: 26 },
      '/json-yaml-converter': { direction: 'csvToYaml' }, // a string, but no direction of this tool
    };
    for (const [path, state] of Object.entries(broken)) {
      await page.evaluate(
        ([key, text]) => sessionStorage.setItem(key!, text!),
        [draftKey(path), JSON.stringify({ v: 1, state })],
      );
      await page.goto(app.url + path);
      await page.locator('main h1').first().waitFor();
    }
    await page.goto(app.url + '/json-formatter');
    await page.getByLabel('Input JSON').waitFor();
    await expect.poll(() => page.getByLabel('Sort keys').isChecked()).toBe(true);
    // A text too long for a draft: the page says it will not come back after a reload.
    const notKept = page.getByRole('status').filter({ hasText: 'not kept' });
    await page.getByLabel('Input JSON').fill(`"${'x'.repeat(200_001)}"`);
    await notKept.filter({ hasText: 'too long' }).waitFor();
    await page.getByLabel('Input JSON').fill('{}');
    await notKept.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('says that a chosen file does not come back after a reload (Base64 and the data tools)', async () => {
    const { page, errors } = await open('/base64-converter');
    const fileNotKept = page.getByRole('status').filter({ hasText: 'File not kept over a reload' });
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'a.bin', mimeType: 'application/octet-stream', buffer: Buffer.from([1, 2, 3]) });
    await fileNotKept.waitFor();
    await page.getByRole('button', { name: 'Remove file' }).click();
    await fileNotKept.waitFor({ state: 'detached' });

    // A data tool keeps a small file as text (it comes back); a big one stays a File (it does not).
    await page.goto(app.url + '/json-formatter');
    const file = page.locator('input[type=file]').first();
    await file.setInputFiles({ name: 'small.json', mimeType: 'application/json', buffer: Buffer.from('[1]') });
    await expect.poll(() => page.getByLabel('Input JSON').inputValue()).toBe('[1]');
    expect(await fileNotKept.count()).toBe(0);
    const big = Buffer.from(`[${'1,'.repeat(600_000)}1]`);
    await file.setInputFiles({ name: 'big.json', mimeType: 'application/json', buffer: big });
    await fileNotKept.waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('works where the browser denies storage (site data blocked), keeping nothing', async () => {
    // Reading window.sessionStorage throws there: every tool page crashed blank at its first load.
    const { page, errors } = await openPage(app.browser);
    await page.addInitScript(() => {
      for (const name of ['localStorage', 'sessionStorage'])
        Object.defineProperty(window, name, {
          get: () => {
            throw new DOMException('Access is denied for this document.', 'SecurityError');
          },
        });
    });
    await open('/json-formatter', page);
    await page.getByLabel('Input JSON').fill('{"b":1,"a":2}');
    await page.getByRole('button', { name: 'Format', exact: true }).click();
    await expect.poll(() => page.getByLabel('Output', { exact: true }).inputValue()).toContain('"a": 2');
    await page.getByRole('status').filter({ hasText: 'not kept' }).filter({ hasText: 'blocked' }).waitFor();
    await open('/gradient-generator', page);
    await startFreshAnswered(page); // storage blocked: what the page holds is unknown, so it asks
    await page.locator('main h1').waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("copies a 24-state FSM's whole link, and says which settings a link too long leaves out", async () => {
    const first = await open('/fsm-generator');
    const page = first.page;
    // 21 more states and 24 more transitions, as Add State and Add Transition make them: seeded as
    // the tab's draft (45 clicks cost ~27 s of CI), then one click of each on the page itself.
    let config = DEFAULT_FSM;
    for (let i = 0; i < 20; i++) config = addState(config);
    const transition = { from: config.states[0]!.name, to: config.states[1]!.name, condition: config.inputs[0]!.name };
    config = { ...config, transitions: [...config.transitions, ...Array<FsmTransition>(23).fill(transition)] };
    await page.evaluate(([key, text]) => sessionStorage.setItem(key, text), [
      draftKey('/fsm-generator'),
      draftText(1, { config, tab: 'config' }),
    ] as const);
    await page.reload();
    await page.getByRole('button', { name: 'Add State' }).click();
    await page.getByRole('button', { name: 'Add Transition' }).click();
    const names = await page
      .locator('.fsm-table tbody tr td:first-child input')
      .evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
    expect(names).toHaveLength(24);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });
    await page.getByRole('button', { name: 'Copy link' }).click();
    await page.getByText('✅ Link copied: it opens this tool with these settings').waitFor();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link.length).toBeLessThanOrEqual(8_000);

    const fresh = await open(link.slice(app.url.length));
    const transitions = (p: Page) => p.locator('[aria-label^="Transition "][aria-label$=" condition"]').count();
    expect(
      await fresh.page
        .locator('.fsm-table tbody tr td:first-child input')
        .evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value)),
    ).toEqual(names);
    expect(await transitions(fresh.page)).toBe(await transitions(page));
    await fresh.page.context().close();

    // A description of 12,000 random characters cannot be packed under the limit: the link says so.
    const noise = randomBytes(testRandom(), 9_000).toString('base64');
    await page.getByLabel('State 2 description').fill(noise);
    await page.getByRole('button', { name: 'Copy link' }).click();
    await page
      .getByText('⚠️ Link copied without states: too long for a link, it opens this tool with the other settings')
      .waitFor();
    expect(
      new URL(await page.evaluate(() => navigator.clipboard.readText())).searchParams.get('transitions'),
    ).toBeTruthy();
    expect(first.errors).toEqual([]);
    await page.context().close();
  });
});
