// The axe helpers every e2e file trusts (tests/harness/axe.ts): they must report what axe finds,
// in a page that has the problems, including after a second scan of the same document.
import { expect, it } from 'vitest';
import { openPage } from '../harness/browser';
import { useSharedApp } from '../harness/e2e';
import { allViolations, ruleViolations, seriousColourViolations, seriousViolations } from '../harness/axe';
import { describeWith } from '../harness/system';

const FLAWED = `<!doctype html><html lang="en"><head><title>flawed</title></head><body><main>
  <h1>Flawed</h1>
  <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
  <p style="color:#eee;background:#fff">faint text</p>
  <table><tr><th></th><th>b</th></tr><tr><td>1</td><td>2</td></tr></table>
</main></body></html>`;

describeWith(['chromium'], 'axe helpers (Chromium)', () => {
  const app = useSharedApp();

  it('report a missing alt text, faint text and an empty header cell, scan after scan', async () => {
    const { page } = await openPage(app.browser);
    await page.setContent(FLAWED);
    const rules = (found: string[]) => [...new Set(found.map((line) => line.split(' ')[0]))].sort();
    expect(rules(await seriousViolations(page))).toEqual(['color-contrast', 'image-alt']);
    expect(rules(await seriousColourViolations(page))).toEqual(['color-contrast']);
    expect(rules(await ruleViolations(page, ['empty-table-header']))).toEqual(['empty-table-header']);
    expect(rules(await allViolations(page))).toEqual(expect.arrayContaining(['empty-table-header', 'image-alt']));
    await page.context().close();
  });
});
