// Colour Contrast Checker in Chromium: initial state, spec messages, the 6-digit rule, beyond-spec panels, permalinks.
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openPage } from '../harness/browser';
import { useSharedApp } from '../harness/e2e';
import { describeWith } from '../harness/system';
import { watchPageAnnouncements } from '../harness/announce';

describeWith(['chromium'], 'Color Contrast Checker page', () => {
  const app = useSharedApp();

  const open = async (query = ''): Promise<{ page: Page; errors: string[] }> => {
    const p = await openPage(app.browser);
    await p.page.goto(`${app.url}/color-contrast${query}`);
    await p.page.getByTestId('ratio').waitFor();
    return p;
  };
  const result = async (page: Page) => ({
    ratio: await page.getByTestId('ratio').textContent(),
    level: await page.getByTestId('level').textContent(),
    message: await page.getByTestId('level-message').textContent(),
  });

  it('starts with #ffffff / #000000 at 21.00:1, AAA', async () => {
    const { page, errors } = await open();
    expect(await page.getByLabel('Background Color', { exact: true }).inputValue()).toBe('#ffffff');
    expect(await page.getByLabel('Text Color', { exact: true }).inputValue()).toBe('#000000');
    expect(await result(page)).toEqual({
      ratio: '21.00:1',
      level: 'AAA',
      message: 'Passes all WCAG levels (AAA, AA, AA Large)',
    });
    expect(await page.getByLabel('WCAG standards').textContent()).toContain('1.4.11');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('shows each level with its verbatim message as colours are typed', async () => {
    const { page } = await open();
    const text = page.getByLabel('Text Color', { exact: true });
    const cases: [string, string, string, string][] = [
      ['#767676', '4.54:1', 'AA', 'Passes AA and AA Large (fails AAA)'],
      ['949494', '3.03:1', 'AA Large', 'Passes AA Large only (fails AA and AAA)'],
      ['#aaaaaa', '2.32:1', 'Fail', 'Fails all WCAG levels'],
      ['#595959', '7.00:1', 'AAA', 'Passes all WCAG levels (AAA, AA, AA Large)'],
    ];
    for (const [color, ratio, level, message] of cases) {
      await text.fill(color);
      await expect.poll(() => result(page)).toEqual({ ratio, level, message });
    }
    await page.context().close();
  });

  it('never sends what was typed in a colour field, only the colours it reads', async () => {
    const { page } = await open();
    const sent: string[] = [];
    page.on('request', (r) => sent.push(`${r.url()}\n${r.postData() ?? ''}`));
    await page.getByLabel('Text Color', { exact: true }).fill('my-password-4711');
    await expect.poll(() => sent.filter((s) => s.includes('color_change')).length).toBeGreaterThan(0);
    expect(sent.join('\n')).not.toContain('my-password');
    await page.getByLabel('Background Color', { exact: true }).fill(' #1A2B3C ');
    await expect.poll(() => sent.filter((s) => s.includes('#1a2b3c')).length).toBeGreaterThan(0);
    await page.context().close();
  });

  it('reports the ratio it shows in the color_change event, never one rounded up past its level', async () => {
    // #d69267 on #750727 is 4.4969:1, shown 4.49:1 and AA Large; the event said ratio 4.5 beside level "AA Large".
    const { page } = await open();
    const events: { ratio: number; level: string }[] = [];
    page.on('request', (r) => {
      const body = r.url().endsWith('/api/analytics/tool-usage') ? (r.postDataJSON() as Record<string, unknown>) : null;
      if (body?.action === 'color_change') events.push(body.metadata as { ratio: number; level: string });
    });
    await page.getByLabel('Background Color', { exact: true }).fill('#750727');
    await page.getByLabel('Text Color', { exact: true }).fill('#d69267');
    await expect.poll(() => events.at(-1)).toMatchObject({ ratio: 4.49, level: 'AA Large' });
    await page.context().close();
  });

  it('gives ratio 1 for anything but a 6-digit hex, and says why', async () => {
    const { page } = await open();
    await page.getByLabel('Background Color', { exact: true }).fill('#fff');
    await expect.poll(() => result(page)).toEqual({ ratio: '1.00:1', level: 'Fail', message: 'Fails all WCAG levels' });
    expect(await page.getByRole('alert').first().textContent()).toContain('6-digit hex');
    await page.context().close();
  });

  it('shows in the picker of a half-typed colour what the preview shows, not black for a white background', async () => {
    const { page, errors } = await open();
    await page.getByLabel('Background Color', { exact: true }).fill('#fff');
    const preview = page.getByRole('region', { name: 'Preview' });
    await expect.poll(() => preview.evaluate((e) => getComputedStyle(e).backgroundColor)).toBe('rgb(255, 255, 255)');
    expect(await page.getByLabel('Background Color picker').inputValue()).toBe('#ffffff');
    await page.getByLabel('Text Color', { exact: true }).fill('#00');
    expect(await page.getByLabel('Text Color picker').inputValue()).toBe('#000000');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('keeps colours in the URL, reads them back, and applies a suggested passing colour', async () => {
    const { page } = await open('?bg=1e1e1e&fg=555555');
    expect(await page.getByLabel('Background Color', { exact: true }).inputValue()).toBe('#1e1e1e');
    expect((await result(page)).level).toBe('Fail');
    await page.getByLabel('Text Color', { exact: true }).fill('#666666');
    await expect.poll(() => new URL(page.url()).searchParams.get('fg')).toBe('666666');
    await page.getByRole('button', { name: /^Use #[0-9a-f]{6} for AA$/ }).click();
    await expect.poll(async () => (await result(page)).level).toMatch(/^AA/);
    const ratio = parseFloat((await result(page)).ratio!);
    expect(ratio).toBeGreaterThanOrEqual(4.5);
    expect(await page.getByTestId('apca').textContent()).toMatch(/APCA Lc .*not a WCAG ratio.*-?\d+\.\d/);
    expect(await page.getByLabel('Colour vision').textContent()).toContain('Deuteranopia');
    await page.context().close();
  });

  it('composites a translucent text colour on the background', async () => {
    const { page } = await open();
    await page.getByLabel('Text opacity').fill('50');
    await expect.poll(async () => (await result(page)).ratio).toBe('3.98:1'); // 127.5 of 255 on white, as DevTools measures
    await page.context().close();
  });

  it('measures a translucent text colour before rounding it, so rounding never makes it pass', async () => {
    // #601d47 at 66% on #0ffaf2 is 4.497:1; rounded to 8 bits per channel first it read 4.51:1, AA.
    const { page } = await open('?bg=0ffaf2&fg=601d47&a=66');
    await expect
      .poll(() => result(page))
      .toEqual({
        ratio: '4.49:1',
        level: 'AA Large',
        message: 'Passes AA Large only (fails AA and AAA)',
      });
    await page.context().close();
  });

  it('keeps the text opacity in the URL, so a shared link shows the same check', async () => {
    const { page } = await open('?bg=ffffff&fg=000000&a=50');
    await expect.poll(async () => (await result(page)).ratio).toBe('3.98:1');
    await page.getByLabel('Text opacity').fill('40');
    await expect.poll(() => new URL(page.url()).searchParams.get('a')).toBe('40');
    await page.getByLabel('Text opacity').fill('100');
    await expect.poll(() => new URL(page.url()).searchParams.has('a')).toBe(false);
    // A link without an opacity is opaque text, whatever opacity this browser last used.
    await page.getByLabel('Text opacity').fill('50');
    await page.goto(`${app.url}/color-contrast?bg=ffffff&fg=000000`);
    await expect.poll(async () => (await result(page)).ratio).toBe('21.00:1');
    await page.context().close();
  });

  it('announces the result with its message once the colours read, not each half-typed colour', async () => {
    // The live region held the ratio and the badge only: "AA Large" without "fails AA", and "1.00:1 Fail"
    // for every half-typed colour on the way to a passing one.
    const { page, errors } = await open();
    const announced = await watchPageAnnouncements(page);
    const results = async () => (await announced()).map((a) => a.text).filter((t) => /\d:1/.test(t));
    const text = page.getByLabel('Text Color', { exact: true });
    await text.fill('');
    await text.pressSequentially('#777777');
    await expect.poll(results).toEqual(['Contrast ratio 4.48:1. Passes AA Large only (fails AA and AAA)']);
    await text.fill('#595959');
    await expect
      .poll(results)
      .toEqual([
        'Contrast ratio 4.48:1. Passes AA Large only (fails AA and AAA)',
        'Contrast ratio 7.00:1. Passes all WCAG levels (AAA, AA, AA Large)',
      ]);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
