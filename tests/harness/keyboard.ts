/** Keyboard checks the e2e files share: where focus is, and the WAI-ARIA tabs pattern. */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/** What has keyboard focus: its aria-label, else its text; 'BODY' when focus was lost. */
export function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'BODY';
    return el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.tagName;
  });
}

/**
 * Checks a tab list against the WAI-ARIA tabs pattern: one Tab stop (the selected tab), aria-controls
 * only to elements in the page, ArrowLeft and ArrowRight wrapping, Home and End, focus following the
 * selection. It starts by clicking the first tab and ends with the first tab selected.
 */
export async function expectTabsPattern(page: Page, tablist: string): Promise<void> {
  const list = page.getByRole('tablist', { name: tablist });
  await list.getByRole('tab').first().click();
  const count = await list.getByRole('tab').count();
  const state = () =>
    list.evaluate((el) => {
      const tabs = [...el.querySelectorAll<HTMLElement>('[role="tab"]')];
      return {
        selected: tabs.findIndex((t) => t.getAttribute('aria-selected') === 'true'),
        focused: tabs.indexOf(document.activeElement as HTMLElement),
        tabStops: tabs.filter((t) => t.tabIndex >= 0).length,
        danglingControls: tabs
          .map((t) => t.getAttribute('aria-controls'))
          .filter((id) => id !== null && !document.getElementById(id)),
      };
    });
  const at = (index: number) => ({ selected: index, focused: index, tabStops: 1, danglingControls: [] });
  await expect.poll(state).toEqual(at(0));
  const moves: [string, number][] = [
    ['ArrowLeft', count - 1],
    ['ArrowRight', 0],
    ['ArrowRight', 1],
    ['End', count - 1],
    ['Home', 0],
  ];
  for (const [key, index] of moves) {
    await page.keyboard.press(key);
    await expect.poll(state, { message: `after ${key}` }).toEqual(at(index));
  }
}
