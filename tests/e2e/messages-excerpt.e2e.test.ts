// Messages that quote what the user typed quote an excerpt (src/core/excerpt.ts), and never widen
// the page: a 100,000-character filter on the home page, at 375 px, in Debian's Chromium.
import { expect, it } from 'vitest';
import { openPage } from '../harness/browser';
import { useSharedApp } from '../harness/e2e';
import { describeWith } from '../harness/system';

describeWith(['chromium'], 'Messages quote an excerpt of long input (Chromium)', () => {
  const app = useSharedApp();

  it('the home filter says no tool matches with the start of the text only', async () => {
    const { page, errors } = await openPage(app.browser, { viewport: { width: 375, height: 800 } });
    await page.goto(app.url);
    const filter = page.locator('main').getByRole('searchbox', { name: 'Filter tools' });
    await filter.fill('q'.repeat(100_000));
    const status = page.getByRole('status').filter({ hasText: 'No tool matches' });
    await status.waitFor();
    expect(await status.textContent()).toBe(`No tool matches “${'q'.repeat(40)}…”.`);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
