// The gradient generator in Debian's Chromium against the real server: layout and labels of the
// spec, stop rules, hex input, clamping, presets, saving (alert, persistence across reload,
// delete, Clear All, empty state), copy buttons, export size fallback, and an 8192 x 8192 PNG
// export in the worker with progress while the page keeps responding, plus cancel.
import { readFileSync } from 'node:fs';
import { beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openPage } from '../harness/browser';
import { seriousViolations } from '../harness/axe';
import { fillStorage, holdWorkerResults, useSharedApp } from '../harness/e2e';
import { describeWith } from '../harness/system';
import { expectTabsPattern, focusedName } from '../harness/keyboard';

const css = (page: Page) => page.getByTestId('gradient-css').textContent();

/** Width and height from a PNG's IHDR (no full decode: the file may be 8192 x 8192). */
function pngSize(file: Buffer): [number, number] {
  expect(file.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return [file.readUInt32BE(16), file.readUInt32BE(20)];
}

describeWith(['chromium'], 'Gradient generator in Chromium', () => {
  const app = useSharedApp();
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    ({ page, errors } = await openPage(app.browser, { viewport: { width: 1400, height: 1000 } }));
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });
    await page.goto(`${app.url}/gradient-generator`);
    await page.getByRole('heading', { name: 'Gradient Generator', level: 1 }).waitFor();
  });

  it('shows the spec layout with the editor sections in order', async () => {
    for (const tab of ['Editor', 'Presets', 'Saved'])
      await expect(page.getByRole('tab', { name: tab }).isVisible()).resolves.toBe(true);
    for (const h of ['Live Preview', 'CSS Code', 'Export Options'])
      await expect(page.getByRole('heading', { name: h }).isVisible()).resolves.toBe(true);
    for (const b of ['Random', 'Copy CSS', 'Gradient Only', 'Download PNG', 'Export SVG']) {
      await expect(page.getByRole('button', { name: b, exact: true }).first().isVisible()).resolves.toBe(true);
    }
    expect(await css(page)).toBe('background: linear-gradient(90deg, #6366f1 0%, #8b5cf6 100%);');
    await expect(page.getByLabel('Width (px)').inputValue()).resolves.toBe('1920');
    await expect(page.getByLabel('Height (px)').inputValue()).resolves.toBe('1080');
    await expect(page.getByRole('checkbox', { name: /Dither PNG/ }).isChecked()).resolves.toBe(false);
    const text = (await page.getByRole('tabpanel').textContent()) ?? '';
    const order = ['Gradient Type', 'Angle: 90°', 'Color Stops (2)', 'Advanced Options', 'Save Gradient'].map((s) =>
      text.indexOf(s),
    );
    expect(
      order.every((i, k) => i >= 0 && (k === 0 || i > order[k - 1]!)),
      text,
    ).toBe(true);
    // Angle only for linear; shape only for radial; position for radial and conic.
    await page.getByRole('button', { name: 'Radial', exact: true }).click();
    await expect.poll(() => page.getByLabel(/^Angle/).count()).toBe(0);
    await expect.poll(() => page.getByRole('button', { name: 'Circle' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByLabel(/Position X/).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Circle' }).click();
    await expect
      .poll(() => css(page))
      .toBe('background: radial-gradient(circle at 50% 50%, #6366f1 0%, #8b5cf6 100%);');
    await page.getByRole('button', { name: 'Conic', exact: true }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Circle' }).count()).toBe(0);
    await page.getByLabel(/Position X/).fill('20');
    await expect
      .poll(() => css(page))
      .toBe('background: conic-gradient(from 90deg at 20% 50%, #6366f1 0%, #8b5cf6 100%);');
    await page.getByRole('button', { name: 'Linear', exact: true }).click();
    await page.getByRole('button', { name: '135°', exact: true }).click();
    await expect.poll(() => css(page)).toContain('linear-gradient(135deg,');
    await page.getByLabel(/^Angle/).fill('360');
    await expect.poll(() => css(page)).toContain('linear-gradient(360deg,');
  });

  it('adds, edits and removes stops by the spec rules', async () => {
    await page.getByRole('button', { name: '+ Add', exact: true }).click();
    await page.getByRole('heading', { name: 'Color Stops (3)' }).waitFor();
    expect(await css(page)).toContain('#6366f1 0%, #10b981 95%, #8b5cf6 100%');
    await expect(page.getByRole('button', { name: /^Remove stop/ }).count()).resolves.toBe(3);

    // Swatch popup: picker and hex box; invalid hex ignored; hex without # accepted.
    await page.getByRole('button', { name: 'Color of stop 2: #10b981' }).click();
    const hex = page.getByLabel('Hex color of stop 2');
    await expect.poll(() => page.getByLabel('Color picker for stop 2').isVisible()).toBe(true);
    await hex.fill('12345');
    await expect.poll(() => css(page)).toContain('#10b981 95%');
    await hex.fill('ff8800');
    await expect.poll(() => css(page)).toContain('#ff8800 95%');
    await hex.fill('#00AA11');
    await expect.poll(() => css(page)).toContain('#00aa11 95%');
    await page.getByRole('heading', { name: 'CSS Code' }).click(); // outside: closes
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    // Position: number box clamps, empty becomes 0 (stops re-sort).
    await page.getByLabel('Position of stop 2 in percent').fill('150');
    await expect.poll(() => css(page)).toContain('#6366f1 0%, #00aa11 100%, #8b5cf6 100%');
    await page.getByLabel('Position of stop 2 in percent').fill('');
    await expect.poll(() => css(page)).toContain('#6366f1 0%, #00aa11 0%, #8b5cf6 100%');

    await page.getByRole('button', { name: 'Remove stop 2' }).click();
    await page.getByRole('heading', { name: 'Color Stops (2)' }).waitFor();
    await expect(page.getByRole('button', { name: /^Remove stop/ }).count()).resolves.toBe(0);
  });

  it('copies the CSS and the gradient alone with a confirmation', async () => {
    const full = (await css(page))!;
    await page.getByRole('button', { name: 'Copy CSS' }).click();
    await page.getByText('✅ Copied to clipboard!').first().waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(full);
    await page.getByRole('button', { name: 'Gradient Only' }).click();
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()))
      .toBe(full.replace(/^background: /, '').replace(/;$/, ''));
    await page.getByRole('combobox', { name: 'Blend Mode' }).selectOption('multiply');
    await expect.poll(() => css(page)).toMatch(/\nbackground-blend-mode: multiply;$/);
  });

  it('loads presets (keeping blend mode and repeating) and switches to the editor', async () => {
    await page.getByRole('checkbox', { name: 'Repeating' }).check();
    await page.getByRole('tab', { name: 'Presets' }).click();
    await page.getByRole('heading', { name: 'Gradient Presets (10)' }).waitFor();
    await page.getByRole('button', { name: 'Load preset Rainbow' }).click();
    await expect.poll(() => page.getByRole('tab', { name: 'Editor' }).getAttribute('aria-selected')).toBe('true');
    const text = (await css(page))!;
    expect(text).toMatch(/^background: repeating-conic-gradient\(from 0deg at 50% 50%, #ff0000 0%, #ffff00 17%/);
    expect(text).toContain('background-blend-mode: multiply;');
  });

  it('saves gradients: alert on a blank name, newest first, survives a reload, delete and Clear All', async () => {
    const name = page.getByLabel('Gradient name');
    await expect(page.getByRole('button', { name: 'Save Gradient' }).isDisabled()).resolves.toBe(true);
    let message = '';
    page.once('dialog', (d) => {
      message = d.message();
      void d.accept();
    });
    await name.fill('   ');
    await name.press('Enter');
    await expect.poll(() => message).toBe('Please enter a name for your gradient');

    await name.fill('Rainbow loop');
    await page.getByRole('button', { name: 'Save Gradient' }).click();
    await expect.poll(() => name.inputValue()).toBe('');
    await page.getByRole('region', { name: 'Live Preview' }).getByRole('button', { name: 'Random' }).click();
    await name.fill('Second');
    await name.press('Enter');

    await page.reload();
    await page.getByRole('tab', { name: /Saved/ }).click();
    const cards = page.getByRole('button', { name: /^Load saved gradient/ });
    await expect.poll(() => cards.allTextContents()).toHaveLength(2);
    await expect.poll(() => cards.first().textContent()).toContain('Second');
    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('savedGradients')))!);
    expect(stored.map((s: { name: string }) => s.name)).toEqual(['Second', 'Rainbow loop']);
    expect(Object.keys(stored[1]).sort()).toEqual([
      'angle',
      'blendMode',
      'colors',
      'id',
      'name',
      'position',
      'repeating',
      'shape',
      'timestamp',
      'type',
    ]);
    const date = new Date(stored[1].timestamp).toLocaleDateString('en-US');
    expect(await cards.nth(1).textContent()).toContain(`conic • ${date}`);

    // Loading restores everything, including blend mode and repeating.
    await page.getByRole('button', { name: 'Load saved gradient Rainbow loop' }).click();
    await expect.poll(() => page.getByRole('tab', { name: 'Editor' }).getAttribute('aria-selected')).toBe('true');
    await expect
      .poll(() => css(page))
      .toMatch(/^background: repeating-conic-gradient\(.*\);\nbackground-blend-mode: multiply;$/);

    await page.getByRole('tab', { name: /Saved/ }).click();
    await page.getByRole('button', { name: 'Delete saved gradient Second' }).click();
    await expect.poll(() => cards.allTextContents()).toHaveLength(1);
    // Clear All empties the list at once (spec), and Undo brings it back.
    await page.getByRole('button', { name: 'Clear All' }).click();
    await page.getByText('No saved gradients yet').waitFor();
    await page.getByRole('status').filter({ hasText: 'Deleted 1 saved gradient.' }).waitFor();
    // The Saved tab's Undo (the Live Preview offers one too, for the preset loaded above).
    await page.getByRole('tabpanel').getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => cards.allTextContents()).toHaveLength(1);
    await page.reload();
    await page.getByRole('tab', { name: /Saved/ }).click();
    await expect.poll(() => cards.allTextContents()).toHaveLength(1);
    await page.getByRole('button', { name: 'Clear All' }).click();
    await page.getByText('No saved gradients yet').waitFor();
    await page.getByText('Create and save gradients to see them here!').waitFor();
    await expect(page.getByRole('button', { name: 'Clear All' }).count()).resolves.toBe(0);
    await page.reload();
    await page.getByRole('tab', { name: /Saved/ }).click();
    await page.getByText('No saved gradients yet').waitFor();
  });

  it('keeps keyboard focus on the page: tabs, stops, the colour popup, saving, presets and deleting', async () => {
    // A page of its own: nothing saved, the default two stops.
    const own = await openPage(app.browser);
    const p = own.page;
    await p.goto(`${app.url}/gradient-generator`);
    await p.getByRole('heading', { name: 'Gradient Generator', level: 1 }).waitFor();
    const press = async (name: string | RegExp, key = 'Enter') => {
      await p.getByRole('button', { name, exact: typeof name === 'string' }).focus();
      await p.keyboard.press(key);
    };
    const focused = () => focusedName(p);
    await expectTabsPattern(p, 'Gradient panels');

    await press('+ Add');
    await press('+ Add');
    await press('Remove stop 3');
    await expect.poll(focused).toBe('Remove stop 3'); // the stop that took its place
    await press('Remove stop 3');
    await expect.poll(focused).toBe('+ Add'); // two stops left: no Remove
    await press(/^Color of stop 1/);
    await expect.poll(focused).toBe('Hex color of stop 1');
    await p.keyboard.press('Escape');
    await expect.poll(focused).toMatch(/^Color of stop 1/);

    for (const name of ['Mine', 'Other']) {
      await p.getByLabel('Gradient name').fill(name);
      await press('Save Gradient');
      await expect.poll(focused).toBe('Gradient name');
    }
    await p.getByRole('tab', { name: 'Presets' }).click();
    await press('Load preset Ocean Blue, linear');
    await expect.poll(focused).toBe('Editor');

    await p.getByRole('tab', { name: /Saved/ }).click();
    await press('Delete saved gradient Other');
    await expect.poll(focused).toBe('Delete saved gradient Mine');
    await press('Delete saved gradient Mine');
    await expect.poll(focused).toBe('Saved'); // the list is empty
    expect(own.errors).toEqual([]);
  });

  it('closes a colour popup when the keyboard leaves its stop, so it never hides the control focused next', async () => {
    const own = await openPage(app.browser);
    const p = own.page;
    await p.goto(`${app.url}/gradient-generator`);
    await p.getByRole('button', { name: /^Color of stop 1/ }).focus();
    await p.keyboard.press('Enter');
    await expect.poll(() => focusedName(p)).toBe('Hex color of stop 1');
    // Tab through the rest of the row (slider, number box) to stop 2's colour button, below the popup.
    for (let i = 0; i < 3; i++) await p.keyboard.press('Tab');
    await expect.poll(() => focusedName(p)).toMatch(/^Color of stop 2/);
    await expect.poll(() => p.getByRole('dialog', { name: 'Edit color of stop 1' }).count()).toBe(0);
    const topmost = await p.evaluate(() => {
      const el = document.activeElement!;
      const r = el.getBoundingClientRect();
      return document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2) === el;
    });
    expect(topmost).toBe(true);
    await p.context().close();
  });

  it('falls back to 1920 x 1080 and names files gradient-{timestamp}', async () => {
    await page.getByRole('tab', { name: 'Editor' }).click();
    await page.getByLabel('Width (px)').fill('');
    await page.getByLabel('Height (px)').fill('');
    const [png] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download PNG' }).click(),
    ]);
    expect(png.suggestedFilename()).toMatch(/^gradient-\d+\.png$/);
    expect(pngSize(readFileSync(await png.path()))).toEqual([1920, 1080]);
    const [svg] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export SVG' }).click(),
    ]);
    expect(svg.suggestedFilename()).toMatch(/^gradient-\d+\.svg$/);
    expect(readFileSync(await svg.path(), 'utf8')).toMatch(
      /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="1920" height="1080"/,
    );
  });

  it('exports 8192 x 8192 in the worker with progress while the page responds, and cancels', async () => {
    await page.getByLabel('Width (px)').fill('8192');
    await page.getByLabel('Height (px)').fill('8192');
    await page.getByRole('button', { name: 'Linear', exact: true }).click();
    const download = page.waitForEvent('download', { timeout: 120_000 });
    await page.getByRole('button', { name: 'Download PNG' }).click();
    await page.getByRole('group', { name: 'Rendering PNG' }).waitFor();
    // The main thread is free: editing still updates the CSS during the export.
    await page.getByRole('button', { name: '45°', exact: true }).click();
    await expect.poll(() => css(page)).toContain('linear-gradient(45deg,');
    const file = readFileSync(await (await download).path());
    expect(pngSize(file)).toEqual([8192, 8192]);
    await page
      .getByRole('status')
      .filter({ hasText: /✅ gradient-\d+\.png \(8192 × 8192/ })
      .waitFor();

    // Cancel: the worker's answer is held until the Cancel, so the click lands while the export runs.
    await page.getByRole('button', { name: 'Conic', exact: true }).click();
    const release = await holdWorkerResults(page);
    await page.getByRole('button', { name: 'Download PNG' }).click();
    await page.getByRole('group', { name: 'Rendering PNG' }).getByRole('button', { name: 'Cancel' }).click();
    await release();
    await page.getByText('PNG export cancelled').waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Download PNG' }).isEnabled()).toBe(true);
    expect(errors).toEqual([]);
  });
  it('says when the browser will not keep the saved gradients (storage full), and keeps them once it can', async () => {
    const own = await openPage(app.browser, { viewport: { width: 1400, height: 1000 } });
    const p = own.page;
    await p.goto(`${app.url}/gradient-generator`);
    await p.getByLabel('Gradient name').waitFor();
    // This origin's localStorage filled to its quota, as other saved data can fill it.
    await fillStorage(p, 'localStorage');
    await p.getByLabel('Gradient name').fill('Only in memory');
    await p.getByRole('button', { name: 'Save Gradient' }).click();
    const warning = p.getByRole('status').filter({ hasText: 'Saved for this visit only' });
    await warning.waitFor();
    expect(await seriousViolations(p)).toEqual([]);

    await p.evaluate(() =>
      Object.keys(localStorage)
        .filter((k) => k.startsWith('filler-'))
        .forEach((k) => localStorage.removeItem(k)),
    );
    await p.getByLabel('Gradient name').fill('Stored');
    await p.getByRole('button', { name: 'Save Gradient' }).click();
    await expect.poll(() => warning.count()).toBe(0);
    await p.reload();
    await p.getByRole('tab', { name: /Saved/ }).click();
    await expect.poll(() => p.getByRole('button', { name: /^Load saved gradient/ }).allTextContents()).toHaveLength(2);
    expect(own.errors).toEqual([]);
    await p.context().close();
  });

  it("an angle beyond 0-360 or a saved gradient beyond the editor's ranges loads within them; a link's centre beyond the box is damaged", async () => {
    const own = await openPage(app.browser, { viewport: { width: 1400, height: 1000 } });
    const p = own.page;
    // -90deg is 270deg: the angle slider showed 0 (and 450deg showed 360) for a gradient at 270 (90).
    for (const [angle, shown] of [
      [-90, 270],
      [450, 90],
    ]) {
      await p.goto(`${app.url}/gradient-generator?angle=${angle}`);
      await p.getByTestId('gradient-css').waitFor();
      expect(await css(p)).toBe(`background: linear-gradient(${shown}deg, #6366f1 0%, #8b5cf6 100%);`);
      expect(await p.getByLabel(/^Angle/).inputValue()).toBe(String(shown));
      expect(await p.getByRole('button', { name: `${shown}°` }).getAttribute('aria-pressed')).toBe('true');
    }
    // A centre beyond the box is another gradient (150% is outside it): the link is damaged, as a
    // stop beyond 0-100 makes it (until 2026-12-02 it opened at 100% 0% without a word).
    await p.goto(`${app.url}/gradient-generator?type=radial&x=150&y=-5`);
    await p.getByText('⚠️ This link is damaged (cut short or edited), so it was not opened').waitFor();
    expect(await css(p)).toBe('background: linear-gradient(90deg, #6366f1 0%, #8b5cf6 100%);');

    const saved = {
      id: 1,
      name: 'Hand edited',
      type: 'linear',
      angle: 90,
      colors: [
        { id: 1, color: '#ff0000', position: -20 },
        { id: 2, color: '#0000ff', position: 150 },
      ],
    };
    await p.evaluate((s) => localStorage.setItem('savedGradients', JSON.stringify([s])), saved);
    await p.goto(`${app.url}/gradient-generator`);
    await p.getByRole('tab', { name: /Saved/ }).click();
    await p.getByRole('button', { name: 'Load saved gradient Hand edited' }).click();
    await expect.poll(() => css(p)).toBe('background: linear-gradient(90deg, #ff0000 0%, #0000ff 100%);');
    await expect.poll(() => p.getByLabel('Position of stop 2 in percent').inputValue()).toBe('100');
    expect(own.errors).toEqual([]);
    await p.context().close();
  });

  it('a saved gradient whose date cannot be read shows just its type, not "Invalid Date"', async () => {
    const own = await openPage(app.browser, { viewport: { width: 1400, height: 1000 } });
    const p = own.page;
    await p.goto(`${app.url}/gradient-generator`);
    const colors = [
      { id: 1, color: '#ff0000', position: 0 },
      { id: 2, color: '#0000ff', position: 100 },
    ];
    const saved = [
      { id: 1, name: 'Bad date', type: 'radial', angle: 90, colors, timestamp: 'not a date' },
      // No timestamp and an id too large for a Date: the date was taken from the id.
      { id: 1e20, name: 'Huge id', type: 'conic', angle: 90, colors },
      { id: 3, name: 'Good date', type: 'linear', angle: 90, colors, timestamp: '2026-05-17T12:00:00.000Z' },
    ];
    await p.evaluate((s) => localStorage.setItem('savedGradients', JSON.stringify(s)), saved);
    await p.goto(`${app.url}/gradient-generator`);
    await p.getByRole('tab', { name: /Saved/ }).click();
    const meta = (name: string) =>
      p
        .getByRole('button', { name: `Load saved gradient ${name}` })
        .locator('.card-meta')
        .textContent();
    expect(await meta('Bad date')).toBe('radial');
    expect(await meta('Huge id')).toBe('conic');
    expect(await meta('Good date')).toMatch(/^linear • .*2026/);
    expect(await p.locator('.saved-list').textContent()).not.toContain('Invalid Date');
    await p.getByRole('button', { name: 'Load saved gradient Bad date' }).click();
    await expect.poll(() => css(p)).toBe('background: radial-gradient(ellipse at 50% 50%, #ff0000 0%, #0000ff 100%);');
    expect(own.errors).toEqual([]);
    await p.context().close();
  });

  it("keeps gradients saved in two tabs: a save in one does not drop the other tab's", async () => {
    const own = await openPage(app.browser, { viewport: { width: 1400, height: 1000 } });
    const tabs = [own.page, await own.page.context().newPage()];
    for (const t of tabs) {
      await t.goto(`${app.url}/gradient-generator`);
      await t.getByLabel('Gradient name').waitFor();
    }
    const save = async (t: Page, name: string) => {
      await t.getByRole('tab', { name: 'Editor' }).click();
      await t.getByLabel('Gradient name').fill(name);
      await t.getByRole('button', { name: 'Save Gradient' }).click();
    };
    await save(tabs[0]!, 'From tab one');
    await save(tabs[1]!, 'From tab two');
    // The other tab's list follows too, without a reload.
    await tabs[0]!.getByRole('tab', { name: /Saved/ }).click();
    const cards = tabs[0]!.getByRole('button', { name: /^Load saved gradient/ });
    await expect.poll(() => cards.count()).toBe(2);
    await tabs[1]!.reload();
    await tabs[1]!.getByRole('tab', { name: /Saved/ }).click();
    expect(
      await tabs[1]!
        .getByRole('button', { name: /^Load saved gradient/ })
        .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')?.split(',')[0])),
    ).toEqual(['Load saved gradient From tab two', 'Load saved gradient From tab one']);

    // Undo in one tab puts its deleted gradient back without dropping one saved meanwhile in the other.
    await tabs[0]!.getByRole('button', { name: 'Delete saved gradient From tab one' }).click();
    await save(tabs[1]!, 'Meanwhile');
    await expect.poll(() => cards.count()).toBe(2);
    await tabs[0]!.getByRole('button', { name: 'Undo' }).click();
    await tabs[0]!.reload();
    await tabs[0]!.getByRole('tab', { name: /Saved/ }).click();
    await expect
      .poll(async () => (await cards.allTextContents()).map((t) => t.split(/ (linear|radial|conic) •/)[0]))
      .toEqual(['Meanwhile', 'From tab two', 'From tab one']);
    expect(own.errors).toEqual([]);
    await own.page.context().close();
  });
  it("names the Saved tab 'Saved' as the spec does, with gradients saved too (the count is not in its name)", async () => {
    const own = await openPage(app.browser, { viewport: { width: 1400, height: 1000 } });
    await own.page.goto(`${app.url}/gradient-generator`);
    await own.page.getByLabel('Gradient name').fill('Dusk');
    await own.page.getByRole('button', { name: 'Save Gradient' }).click();
    const tab = own.page.getByRole('tab', { name: 'Saved', exact: true });
    await expect.poll(() => tab.count()).toBe(1);
    // The count stays visible on the tab.
    expect((await tab.textContent())?.trim()).toBe('Saved1');
    expect(own.errors).toEqual([]);
    await own.page.context().close();
  });
  it('names each saved card with the text it shows (name, type and date): no Label in Name violation', async () => {
    const own = await openPage(app.browser, { viewport: { width: 1400, height: 1000 }, locale: 'en-US' });
    await own.page.goto(`${app.url}/gradient-generator`);
    await own.page.getByLabel('Gradient name').fill('Dusk');
    await own.page.getByRole('button', { name: 'Save Gradient' }).click();
    await own.page.getByRole('tab', { name: 'Saved', exact: true }).click();
    const card = own.page.getByRole('button', { name: /^Load saved gradient Dusk/ });
    await card.waitFor();
    const date = await own.page.evaluate(() => new Date().toLocaleDateString());
    expect(await card.textContent()).toBe(`Dusk linear • ${date}`);
    expect(await seriousViolations(own.page)).toEqual([]);
    expect(await card.getAttribute('aria-label')).toBe(`Load saved gradient Dusk, linear, ${date}`);
    expect(own.errors).toEqual([]);
    await own.page.context().close();
  });
  it("names the stop buttons '+ Add' and 'Random' as the spec does, told apart by their Color Stops group", async () => {
    const own = await openPage(app.browser, { viewport: { width: 1400, height: 1000 } });
    await own.page.goto(`${app.url}/gradient-generator`);
    const stops = own.page.getByRole('group', { name: /^Color Stops \(\d+\)$/ });
    await stops.getByRole('button', { name: '+ Add', exact: true }).click();
    await own.page.getByRole('heading', { name: 'Color Stops (3)' }).waitFor();
    const before = await css(own.page);
    await stops.getByRole('button', { name: 'Random', exact: true }).click();
    await expect.poll(() => css(own.page)).not.toBe(before);
    const preview = own.page.getByRole('region', { name: 'Live Preview' });
    expect(await preview.getByRole('button', { name: 'Random', exact: true }).count()).toBe(1);
    expect(await seriousViolations(own.page)).toEqual([]);
    expect(own.errors).toEqual([]);
    await own.page.context().close();
  });
  it('offers Undo after either Random, which brings back the gradient it replaced and the focus to Random', async () => {
    const own = await openPage(app.browser, { viewport: { width: 1400, height: 1000 } });
    const p = own.page;
    await p.goto(`${app.url}/gradient-generator`);
    await p.getByRole('button', { name: '135°', exact: true }).click();
    await p.getByRole('button', { name: '+ Add', exact: true }).click();
    await p.getByLabel('Position of stop 2 in percent').fill('30');
    const built = 'background: linear-gradient(135deg, #6366f1 0%, #10b981 30%, #8b5cf6 100%);';
    await expect.poll(() => css(p)).toBe(built);
    const preview = p.getByRole('region', { name: 'Live Preview' });
    const stops = p.getByRole('group', { name: /^Color Stops \(\d+\)$/ });
    for (const random of [
      preview.getByRole('button', { name: 'Random', exact: true }),
      stops.getByRole('button', { name: 'Random', exact: true }),
    ]) {
      await random.click();
      await expect.poll(() => css(p)).not.toBe(built);
      await p.getByRole('button', { name: 'Undo', exact: true }).click();
      await expect.poll(() => css(p)).toBe(built);
      await expect.poll(() => p.evaluate(() => document.activeElement?.textContent)).toBe('Random');
      await expect.poll(() => p.getByRole('button', { name: 'Undo', exact: true }).count()).toBe(0);
    }
    // Undo is offered only while the gradient is still the random one: after an edit it would lose that edit.
    await preview.getByRole('button', { name: 'Random', exact: true }).click();
    await expect.poll(() => p.getByRole('button', { name: 'Undo', exact: true }).count()).toBe(1);
    await p.getByRole('button', { name: 'Linear', exact: true }).click();
    // An angle other than the random one: a random linear gradient at 45° made 45° no edit (CI run 46).
    const preset = (await p.getByLabel(/^Angle/).inputValue()) === '45' ? '90°' : '45°';
    await p.getByRole('button', { name: preset, exact: true }).click();
    await expect.poll(() => p.getByRole('button', { name: 'Undo', exact: true }).count()).toBe(0);
    expect(own.errors).toEqual([]);
    await p.context().close();
  });

  it('offers Undo after loading a preset or a saved gradient over the one being built, with the focus back on Editor', async () => {
    const own = await openPage(app.browser, { viewport: { width: 1400, height: 1000 } });
    const p = own.page;
    await p.goto(`${app.url}/gradient-generator`);
    await p.getByLabel('Gradient name').fill('Mine');
    await p.getByRole('button', { name: 'Save Gradient' }).click();
    await p.getByRole('button', { name: '45°', exact: true }).click();
    await p.getByRole('button', { name: '+ Add', exact: true }).click();
    const built = 'background: linear-gradient(45deg, #6366f1 0%, #10b981 95%, #8b5cf6 100%);';
    await expect.poll(() => css(p)).toBe(built);
    const undo = p.getByRole('region', { name: 'Live Preview' }).getByRole('button', { name: 'Undo', exact: true });
    for (const [tab, card, message] of [
      ['Presets', 'Load preset Sunset, linear', 'Preset “Sunset” loaded.'],
      ['Saved', 'Load saved gradient Mine', 'Saved gradient “Mine” loaded.'],
    ] as const) {
      await p.getByRole('tab', { name: tab }).click();
      await p.getByRole('button', { name: card }).click();
      await expect.poll(() => css(p)).not.toBe(built);
      await expect.poll(() => p.getByRole('region', { name: 'Live Preview' }).textContent()).toContain(message);
      await undo.click();
      await expect.poll(() => css(p)).toBe(built);
      await expect.poll(() => focusedName(p)).toBe('Editor');
      await expect.poll(() => undo.count()).toBe(0);
    }
    expect(own.errors).toEqual([]);
    await p.context().close();
  });

  it('ignores a pasted hex colour with alpha (#rrggbbaa), as the spec ignores anything but 6 digits, and keeps it in the box', async () => {
    const own = await openPage(app.browser, {
      viewport: { width: 1400, height: 1000 },
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    await own.page.goto(`${app.url}/gradient-generator`);
    await own.page.getByRole('button', { name: 'Color of stop 1: #6366f1' }).click();
    const hex = own.page.getByLabel('Hex color of stop 1');
    for (const pasted of ['#00000000', 'ff000080', ' #ff0000 ']) {
      await hex.selectText();
      await own.page.evaluate((t) => navigator.clipboard.writeText(t), pasted);
      await own.page.keyboard.press('Control+V');
      // A colour taken shows as the stop's hex; one ignored stays as pasted.
      await expect.poll(() => hex.inputValue()).toBe(pasted === ' #ff0000 ' ? '#ff0000' : pasted);
      // Transparent black pasted must not turn the stop opaque black: the stop keeps its colour.
      if (pasted !== ' #ff0000 ') expect(await css(own.page)).toContain('#6366f1 0%');
    }
    expect(await css(own.page)).toContain('#ff0000 0%'); // a 6-digit hex with spaces around is taken
    expect(own.errors).toEqual([]);
    await own.page.context().close();
  });
  it('keeps an uppercase hex colour as typed, the caret where it was (six digits were lowercased under the cursor)', async () => {
    const own = await openPage(app.browser, { viewport: { width: 1400, height: 1000 } });
    await own.page.goto(`${app.url}/gradient-generator`);
    await own.page.getByRole('button', { name: 'Color of stop 1: #6366f1' }).click();
    const hex = own.page.getByLabel('Hex color of stop 1');
    await hex.fill('#00AA1'); // five digits: ignored
    await hex.evaluate((el: HTMLInputElement) => el.setSelectionRange(3, 3));
    await own.page.keyboard.type('B'); // the sixth digit, typed inside: #00BAA1 is taken
    await expect.poll(() => css(own.page)).toContain('#00baa1 0%');
    expect(await hex.inputValue()).toBe('#00BAA1');
    expect(await hex.evaluate((el: HTMLInputElement) => el.selectionStart)).toBe(4);
    expect(own.errors).toEqual([]);
    await own.page.context().close();
  });
  it('turns a conic gradient with its own Start angle slider (the angle was linear-only, so a conic could not be turned)', async () => {
    const own = await openPage(app.browser, { viewport: { width: 1400, height: 1000 } });
    const p = own.page;
    await p.goto(`${app.url}/gradient-generator`);
    await p.getByRole('button', { name: 'Conic', exact: true }).click();
    expect(await p.getByLabel(/^Angle/).count()).toBe(0); // the spec's Angle slider stays linear-only
    await p.getByLabel(/^Start angle/).fill('45');
    await expect
      .poll(() => css(p))
      .toBe('background: conic-gradient(from 45deg at 50% 50%, #6366f1 0%, #8b5cf6 100%);');
    expect(await p.getByText('Start angle: 45°').count()).toBe(1);
    await p.getByRole('button', { name: 'Radial', exact: true }).click();
    expect(await p.getByLabel(/^Start angle/).count()).toBe(0); // a radial gradient has no angle
    expect(own.errors).toEqual([]);
    await p.context().close();
  });
  it("shows a stop's position as typed into its % box, never with a leading zero ('030%')", async () => {
    const own = await openPage(app.browser, { viewport: { width: 1400, height: 1000 } });
    const p = own.page;
    await p.goto(`${app.url}/gradient-generator`);
    // Stop 1 sits at 0: typing 25 after its 0 (a click puts the caret at the end) is 25%, shown as 25.
    const first = p.getByLabel('Position of stop 1 in percent');
    await first.click();
    await p.keyboard.press('End');
    await p.keyboard.type('25');
    await expect.poll(() => css(p)).toContain('#6366f1 25%');
    expect(await first.inputValue()).toBe('25');
    // Emptying a box makes the stop 0% (spec) and the box 0; typing then replaces that 0.
    const second = p.getByLabel('Position of stop 2 in percent');
    await second.click();
    await p.keyboard.press('End');
    for (let i = 0; i < 3; i++) await p.keyboard.press('Backspace');
    await p.keyboard.type('30');
    await expect.poll(() => css(p)).toContain('#8b5cf6 30%');
    expect(await p.getByLabel('Position of stop 2 in percent').inputValue()).toBe('30');
    expect(own.errors).toEqual([]);
    await p.context().close();
  });
});
