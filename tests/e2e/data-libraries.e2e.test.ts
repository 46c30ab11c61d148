// Issue 14: each data tool loads only the libraries it uses. The JSON formatter (page and data
// worker) never downloads `yaml` or `papaparse`; the YAML and CSV converters load theirs on
// demand. A script is recognised by an error message each library ships in its code.
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openPage } from '../harness/browser';
import { useSharedApp } from '../harness/e2e';
import { describeWith } from '../harness/system';

const SIGNATURES = {
  yaml: 'Implicit keys need to be on a single line',
  papaparse: 'Quoted field unterminated',
};

describeWith(['chromium'], 'data tool libraries in Chromium', () => {
  const app = useSharedApp();

  /** Opens `path` and collects the bodies of every script the page and its workers download. */
  async function open(path: string) {
    // No service worker: its precache downloads every file of the app on the first visit.
    const { page, errors } = await openPage(app.browser, {
      viewport: { width: 1280, height: 800 },
      serviceWorkers: 'block',
    });
    const scripts: Promise<string>[] = [];
    page.context().on('response', (r) => {
      if (/\.m?js(\?|$)/.test(r.url())) scripts.push(r.text().catch(() => ''));
    });
    await page.goto(app.url + path);
    await page.locator('main h1').first().waitFor();
    const libraries = async () => {
      const bodies = await Promise.all(scripts);
      return Object.entries(SIGNATURES)
        .filter(([, sig]) => bodies.some((b) => b.includes(sig)))
        .map(([name]) => name);
    };
    return { page, errors, libraries };
  }
  const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

  it('the JSON formatter formats, sorts keys and validates without downloading yaml or papaparse', async () => {
    const { page, errors, libraries } = await open('/json-formatter');
    await page.getByLabel('Input JSON').fill('{"b": [1, 2], "a": {"c": null}}');
    await button(page, 'Format').click();
    await expect.poll(() => page.locator('.status-line').textContent()).toContain('Valid JSON');
    await page.getByLabel('Sort keys').check();
    await button(page, 'Format').click();
    await expect.poll(() => page.getByLabel('Output', { exact: true }).inputValue()).toMatch(/^\{\s*"a"/);
    // New input, so the output shows when Validate has finished: a module it needed would have been
    // fetched before its result.
    await page.getByLabel('Input JSON').fill('[1]');
    await button(page, 'Validate').click();
    await expect.poll(() => page.getByLabel('Output', { exact: true }).inputValue()).toBe('[\n  1\n]');
    expect(await libraries()).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('the YAML converter loads yaml, and the CSV converter papaparse, each only its own', async () => {
    const yaml = await open('/json-yaml-converter');
    await button(yaml.page, 'Basic Object').click();
    await button(yaml.page, 'Convert').click();
    await expect.poll(() => yaml.page.locator('.status-line').textContent()).toContain('Converted JSON to YAML');
    expect(await yaml.libraries()).toEqual(['yaml']);
    await yaml.page.context().close();

    const csv = await open('/csv-json-converter');
    await csv.page.locator('main textarea').first().fill('a,b\n1,2');
    await button(csv.page, 'Convert').click();
    await expect.poll(() => csv.page.locator('.status-line').textContent()).toContain('Converted 1 row to JSON');
    expect(await csv.libraries()).toEqual(['papaparse']);
    await csv.page.context().close();
  });
});
