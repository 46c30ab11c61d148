// URL Encoder/Decoder in Chromium: encode/decode/swap, auto-update, errors, analysis, history.
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openPage } from '../harness/browser';
import { advanceClockUntil, useSharedApp } from '../harness/e2e';
import { describeWith } from '../harness/system';

describeWith(['chromium'], 'URL Encoder/Decoder page', () => {
  const app = useSharedApp();

  const open = async ({ fakeClock = false } = {}): Promise<{ page: Page; errors: string[] }> => {
    const p = await openPage(app.browser, { permissions: ['clipboard-read', 'clipboard-write'] }, { fakeClock });
    await p.page.goto(`${app.url}/url-encoder`);
    await p.page.getByLabel(/^Input/).waitFor();
    return p;
  };

  it('encodes and decodes with the chosen type, swaps, and copies', async () => {
    const { page, errors } = await open();
    await page.getByLabel('Auto-update').uncheck();
    await page.getByLabel(/^Input/).fill("a b&c=d/é!'");
    await page.getByRole('button', { name: 'Encode', exact: true }).click();
    await expect.poll(() => page.getByLabel('Output').inputValue()).toBe(encodeURIComponent("a b&c=d/é!'"));
    await page.getByLabel('Encoding Type').selectOption('rfc3986');
    await page.getByRole('button', { name: 'Encode', exact: true }).click();
    await expect.poll(() => page.getByLabel('Output').inputValue()).toBe('a%20b%26c%3Dd%2F%C3%A9%21%27');
    await page.getByRole('button', { name: /Swap/ }).click();
    await expect.poll(() => page.getByLabel(/^Input/).inputValue()).toBe('a%20b%26c%3Dd%2F%C3%A9%21%27');
    await page.getByRole('button', { name: 'Decode', exact: true }).click();
    await expect.poll(() => page.getByLabel('Output').inputValue()).toBe("a b&c=d/é!'");
    await page.getByRole('button', { name: 'Copy', exact: true }).click();
    await expect
      .poll(() => page.locator('.copy-message:not(.tool-actions .copy-message)').textContent())
      .toBe('✅ Copied to clipboard!');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("a b&c=d/é!'");
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('drops the Copy confirmation when the output changes, before its 2 s are up', async () => {
    // "✅ Copied to clipboard!" stayed beside the next output, which the clipboard did not hold.
    const { page, errors } = await open({ fakeClock: true });
    await page.clock.pauseAt(Date.now() + 1000); // the confirmation's 2 s never pass here
    await page.getByLabel('Auto-update').uncheck();
    await page.getByLabel(/^Input/).fill('a b');
    await page.getByRole('button', { name: 'Encode', exact: true }).click();
    await expect.poll(() => page.getByLabel('Output').inputValue()).toBe('a%20b');
    await page.getByRole('button', { name: 'Copy', exact: true }).click();
    const message = page.locator('.copy-message:not(.tool-actions .copy-message)');
    await expect.poll(() => message.textContent()).toBe('✅ Copied to clipboard!');
    await page.getByLabel(/^Input/).fill('c d');
    await page.getByRole('button', { name: 'Encode', exact: true }).click();
    await expect.poll(() => page.getByLabel('Output').inputValue()).toBe('c%20d');
    expect(await message.textContent()).toBe('');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('a%20b');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('auto-updates 500 ms after the last change and decodes form style', async () => {
    const { page } = await open({ fakeClock: true });
    await page.getByRole('button', { name: 'Decode', exact: true }).click();
    await page.getByLabel('Encoding Type').selectOption('form');
    await page.clock.pauseAt(Date.now() + 1000); // timers fire only when the test advances time
    await page.getByLabel(/^Input/).fill('name=J%C3%BCrgen+M%C3%BCller');
    await page.clock.runFor(499);
    expect(await page.getByLabel('Output').inputValue()).toBe(''); // nothing converts before the debounce
    const output = () => page.getByLabel('Output').inputValue();
    // A timer set at the latest at 499 ms fires by 999 ms.
    expect(499 + (await advanceClockUntil(page, output, 'name=Jürgen Müller'))).toBeLessThanOrEqual(1024);
    await page.context().close();
  });

  it('reports a malformed sequence with its position, keeps the input and empties the output', async () => {
    const { page } = await open();
    await page.getByLabel('Auto-update').uncheck();
    await page.getByLabel(/^Input/).fill('100%');
    await page.getByRole('button', { name: 'Encode', exact: true }).click();
    await expect.poll(() => page.getByLabel('Output').inputValue()).toBe('100%25');
    await page.getByRole('button', { name: 'Decode', exact: true }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe('Decoding failed: malformed percent-sequence at position 4 ("%")');
    expect(await page.getByLabel(/^Input/).inputValue()).toBe('100%');
    expect(await page.getByLabel('Output').inputValue()).toBe('');
    // No output for the input: no size change (it said -100%, as if the decoding had produced nothing).
    const sizeChange = page.getByLabel('Statistics').locator('div', { hasText: 'Size change' }).locator('dd');
    expect(await sizeChange.textContent()).toBe('—');
    // The position is in characters, from 1: the emoji before it is one (UTF-16 units made it 7).
    await page.getByLabel(/^Input/).fill('🚀 100%');
    await page.getByRole('button', { name: 'Decode', exact: true }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe('Decoding failed: malformed percent-sequence at position 6 ("%")');
    await page.getByLabel(/^Input/).fill(' ');
    await page.getByRole('button', { name: 'Encode', exact: true }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Please enter text to process');
    await page.context().close();
  });

  it("names its controls with the spec's labels (the Swap arrow is not read out)", async () => {
    const { page } = await open();
    for (const name of ['Encode', 'Decode', 'Swap', 'Clear All'])
      expect(await page.getByRole('button', { name, exact: true }).count(), name).toBe(1);
    for (const name of ['Encoding Type', 'URL Component'])
      expect(await page.getByRole('combobox', { name, exact: true }).count(), name).toBe(1);
    expect(await page.getByRole('checkbox', { name: 'Auto-update', exact: true }).count()).toBe(1);
    await page.context().close();
  });

  it('Swap after a failed conversion keeps the text (there is no output to exchange it with)', async () => {
    const { page } = await open();
    await page.getByRole('button', { name: 'Decode', exact: true }).click();
    await page.getByLabel(/^Input/).fill('50% off & more');
    await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/^Decoding failed: /);
    expect(await page.getByLabel('Output').inputValue()).toBe('');
    await page.getByRole('button', { name: /Swap/ }).click();
    await expect.poll(() => page.getByLabel(/^Input/).inputValue()).toBe('50% off & more');
    await expect.poll(() => page.getByLabel('Output').inputValue()).toBe(encodeURIComponent('50% off & more'));
    expect(await page.getByLabel(/^Input/).inputValue()).toBe('50% off & more');
    await page.context().close();
  });

  it('Swap right after typing (before Auto-update caught up) keeps what was typed', async () => {
    const { page } = await open({ fakeClock: true });
    await page.clock.pauseAt(Date.now() + 1000); // timers fire only when the test advances time
    await page.getByLabel(/^Input/).fill('hello world');
    await page.clock.runFor(1000);
    await expect.poll(() => page.getByLabel('Output').inputValue()).toBe('hello%20world');
    await page.getByLabel(/^Input/).fill('hello world, again');
    await page.getByRole('button', { name: /Swap/ }).click(); // within the 500 ms
    await page.clock.runFor(1000);
    await expect.poll(() => page.getByLabel(/^Input/).inputValue()).toBe('hello%20world%2C%20again');
    await expect.poll(() => page.getByLabel('Output').inputValue()).toBe('hello world, again');
    await page.context().close();
  });

  it('analyses URLs (retrying with https://) and flags invalid ones', async () => {
    const { page } = await open();
    await page.getByLabel(/^Input/).fill('example.com:8080/a/b?x=1&y=z#frag');
    const panel = page.getByLabel('URL analysis');
    await expect.poll(() => panel.textContent()).toContain('Valid URL');
    const text = await panel.textContent();
    for (const part of ['https:', 'example.com:8080', '8080', '/a/b', '?x=1&y=z', '#frag', 'https://example.com:8080'])
      expect(text).toContain(part);
    // A long query: its parameters in a table of at most 100 rows.
    await page
      .getByLabel(/^Input/)
      .fill(`https://example.com/?${Array.from({ length: 250 }, (_, i) => `k${i}=${i}`).join('&')}`);
    await expect.poll(() => panel.locator('tr').count()).toBe(101);
    expect(await panel.locator('tr').last().textContent()).toBe('… and 150 more');
    expect(await panel.locator('tr').nth(99).textContent()).toBe('k9999');
    await page.getByLabel(/^Input/).fill('not a url at all');
    await expect.poll(() => panel.textContent()).toContain('Invalid URL Format');
    await page.context().close();
  });

  it('takes a long paste without laying it out, converts and copies all of it, and never breaks on a full storage', async () => {
    const { page, errors } = await open();
    await page.getByLabel('Auto-update').uncheck();
    const input = page.getByLabel(/^Input/);
    const output = page.getByLabel('Output');
    // Copy writes the clipboard after the click (the write is asynchronous): the test waits for it.
    const copy = () => page.getByRole('button', { name: 'Copy', exact: true }).click();
    const clipboard = () => page.evaluate(() => navigator.clipboard.readText());
    await input.fill('a b');
    await page.getByRole('button', { name: 'Encode', exact: true }).click();
    // 2 M characters whose encoding is 5 M: together more than localStorage holds.
    const text = 'Grüße aus Köln & ?'.repeat(111_112).slice(0, 2_000_000);
    await input.fill('');
    await page.evaluate((t) => navigator.clipboard.writeText(t), text);
    await input.press('Control+V');
    await expect.poll(() => page.getByRole('note').first().textContent()).toContain('(2,000,000 characters)');
    expect(await input.inputValue()).toBe(text.slice(0, 16_384)); // only its start is laid out
    expect(await input.evaluate((t: HTMLTextAreaElement) => t.readOnly)).toBe(true);
    await page.getByRole('button', { name: 'Encode', exact: true }).click();
    const encoded = encodeURIComponent(text);
    await expect.poll(() => output.inputValue()).toBe(encoded.slice(0, 16_384));
    await expect
      .poll(() => page.locator('#url-output ~ [role=note]').textContent())
      .toBe(
        `Only the beginning of the output is shown (16,384 of ${encoded.length.toLocaleString('en-US')} characters); Copy gives all of it.`,
      );
    await copy();
    await expect.poll(clipboard).toBe(encoded);
    expect(await page.getByLabel('URL analysis').textContent()).toContain('too long to analyse as a URL');
    expect(await page.getByLabel('Statistics').textContent()).toContain('2000000');
    // Back through the decoder: the whole text again.
    await page.getByRole('button', { name: /Swap/ }).click();
    await page.getByRole('button', { name: 'Decode', exact: true }).click();
    await expect.poll(() => output.inputValue()).toBe(text.slice(0, 16_384));
    await copy();
    await expect.poll(clipboard).toBe(text);
    const history = page.getByRole('region', { name: 'History', exact: true }).locator('li');
    await expect.poll(() => history.count()).toBe(3); // every conversion is in the page's history...
    await page.reload();
    await expect.poll(() => history.count()).toBe(1); // ...the short one is kept for the next visit
    expect(await history.first().textContent()).toContain('a b');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('shows the start of a long text with no emoji cut in half (it ended in a lone surrogate, shown as �)', async () => {
    const { page } = await open();
    await page.getByLabel('Auto-update').uncheck();
    const text = `a${'🚀'.repeat(40_000)}`; // 80,001 UTF-16 units: the 16,384th is an emoji's first half
    await page.getByLabel(/^Input/).fill(encodeURIComponent(text));
    await page.getByRole('button', { name: 'Decode', exact: true }).click();
    // Its length and its end (the whole text would fill a failure message).
    const end = async (label: string | RegExp) => {
      const v = await page.getByLabel(label).inputValue();
      return { length: v.length, end: v.slice(-4), whole: v === `a${'🚀'.repeat(8191)}` };
    };
    await expect.poll(() => end('Output')).toEqual({ length: 16_383, end: '🚀🚀', whole: true });
    expect(await page.locator('#url-output ~ [role=note]').textContent()).toBe(
      'Only the beginning of the output is shown (16,383 of 80,001 characters); Copy gives all of it.',
    );
    await page.getByRole('button', { name: /Swap/ }).click();
    await expect.poll(() => end(/^Input/)).toEqual({ length: 16_383, end: '🚀🚀', whole: true });
    await page.context().close();
  });

  it('keeps the 10 most recent conversions with 50-character previews; clicking one reloads it', async () => {
    const { page } = await open();
    await page.getByLabel('Auto-update').uncheck();
    for (let i = 0; i < 11; i++) {
      await page.getByLabel(/^Input/).fill(`item ${i} ${'x'.repeat(60)}`);
      await page.getByRole('button', { name: 'Encode', exact: true }).click();
    }
    const entries = page.getByRole('region', { name: 'History', exact: true }).locator('li');
    await expect.poll(() => entries.count()).toBe(10);
    await expect.poll(() => entries.first().textContent()).toContain(`item 10 ${'x'.repeat(42)}…`);
    await entries.nth(9).getByRole('button').click();
    await expect.poll(() => page.getByLabel(/^Input/).inputValue()).toBe(`item 1 ${'x'.repeat(60)}`);
    await page.reload();
    await expect.poll(() => page.getByRole('region', { name: 'History', exact: true }).locator('li').count()).toBe(10);
    await page.context().close();
  });
  it('never scrolls sideways at 375 px, a long unbroken URL in the history included', async () => {
    const { page, errors } = await openPage(app.browser, { viewport: { width: 375, height: 800 } });
    await page.goto(`${app.url}/url-encoder`);
    await page.getByLabel('Auto-update').uncheck();
    await page
      .getByLabel(/^Input/)
      .fill(`https://example.com/${'averyverylongpathsegment'.repeat(4)}?q=${'x'.repeat(80)}`);
    await page.getByRole('button', { name: 'Encode', exact: true }).click();
    await page.getByRole('region', { name: 'History', exact: true }).locator('li').waitFor();
    const overflow = () =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('loading a history entry does not add it again: with Auto-update its conversion moves it to the top', async () => {
    const { page } = await open({ fakeClock: true });
    await page.clock.pauseAt(Date.now() + 1000); // timers fire only when the test advances time
    for (const text of ['a b', 'c d', 'e f']) {
      await page.getByLabel(/^Input/).fill(text);
      await page.getByRole('button', { name: 'Encode', exact: true }).click();
    }
    await page.clock.runFor(1000);
    const entries = page.getByRole('region', { name: 'History', exact: true }).locator('li .mono');
    await expect.poll(() => entries.allTextContents()).toEqual(['e f', 'c d', 'a b']);
    await entries.nth(2).click();
    await page.clock.runFor(1000); // Auto-update converts the loaded text again
    await expect.poll(() => page.getByLabel('Output').inputValue()).toBe('a%20b');
    await expect.poll(() => entries.allTextContents()).toEqual(['a b', 'e f', 'c d']);
    await page.context().close();
  });

  it("two tabs keep each other's history: a conversion in one is not erased by the other's typing", async () => {
    const { page: a } = await open();
    const b = await a.context().newPage();
    await b.goto(app.url + '/url-encoder');
    for (const p of [a, b]) await p.getByLabel('Auto-update').uncheck();
    const entries = (p: Page) => p.getByRole('region', { name: 'History', exact: true }).locator('li');
    await a.getByLabel(/^Input/).fill('from tab a');
    await a.getByRole('button', { name: 'Encode', exact: true }).click();
    await expect.poll(() => entries(b).count()).toBe(1); // the other tab follows, as the gradients' list does
    await b.getByLabel(/^Input/).fill('from tab b');
    await b.getByRole('button', { name: 'Encode', exact: true }).click();
    await a.getByLabel(/^Input/).fill('typing in a');
    await a.reload();
    await expect
      .poll(() => entries(a).allTextContents())
      .toEqual([expect.stringContaining('from tab b'), expect.stringContaining('from tab a')]);
    await a.context().close();
  });

  it('Undo after a history entry replaced the text brings back the text that was there', async () => {
    const { page, errors } = await open();
    await page.getByLabel('Auto-update').uncheck();
    await page.getByLabel(/^Input/).fill('first');
    await page.getByRole('button', { name: 'Encode', exact: true }).click();
    await page.getByLabel(/^Input/).fill('a long draft, not converted yet');
    const history = page.getByRole('region', { name: 'History', exact: true });
    await history.locator('li').first().getByRole('button').click();
    await expect.poll(() => page.getByLabel(/^Input/).inputValue()).toBe('first');
    await history
      .getByRole('status')
      .filter({ hasText: 'History entry loaded.' })
      .getByRole('button', { name: 'Undo' })
      .click();
    await expect.poll(() => page.getByLabel(/^Input/).inputValue()).toBe('a long draft, not converted yet');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('Undo after an example or Clear All brings back the text and its operation', async () => {
    const { page, errors } = await open();
    await page.getByLabel(/^Input/).fill('a b');
    await expect.poll(() => page.getByLabel('Output').inputValue()).toBe('a%20b');
    await page.getByRole('button', { name: 'Encoded URL' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'Example “Encoded URL” loaded.' })
      .getByRole('button', { name: 'Undo' })
      .click();
    await expect.poll(() => page.getByLabel(/^Input/).inputValue()).toBe('a b');
    await expect.poll(() => page.getByLabel('Output').inputValue()).toBe('a%20b');
    await page.getByRole('button', { name: 'Clear All' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'Input and output cleared.' })
      .getByRole('button', { name: 'Undo' })
      .click();
    await expect.poll(() => page.getByLabel('Output').inputValue()).toBe('a%20b');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
