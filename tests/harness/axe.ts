/** axe-core in the page under test: the violations a test fails on (critical and serious). */
import axe, { type RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';

/** Every WCAG 2.x A and AA rule and axe's best practices. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice'];
/**
 * Rules axe marks experimental (off by default) that check a WCAG success criterion we promise:
 * Label in Name (2.5.3), so a speech-input user can say the visible label.
 */
const EXPERIMENTAL_RULES = ['label-content-name-mismatch'];

/** The rules whose outcome depends on colours: all that changes between the light and dark theme. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** Every violation of those rules (or only of `rules`) on `page` now, of any impact. */
async function violations(page: Page, rules?: string[]) {
  // axe's source (~0.5 MB) is injected once per document: @axe-core/playwright injected it on
  // every scan and opened a blank page to finish each one, a second per scan here.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const options: RunOptions = rules
    ? { runOnly: { type: 'rule', values: rules } }
    : {
        runOnly: { type: 'tag', values: [...TAGS, 'experimental'] },
        rules: Object.fromEntries(EXPERIMENTAL_RULES.map((id) => [id, { enabled: true }])),
      };
  // Scanned scrolled to the top, then put back: target-size counts a target scrolled under the
  // sticky navbar as obscured, which says where the test last scrolled, not how the page is made.
  const { violations } = await page.evaluate(async (o) => {
    const y = window.scrollY;
    window.scrollTo({ top: 0, behavior: 'instant' });
    try {
      return await (window as unknown as { axe: typeof axe }).axe.run(document, o);
    } finally {
      window.scrollTo({ top: y, behavior: 'instant' });
    }
  }, options);
  return violations.filter((v) => !v.tags.includes('experimental') || EXPERIMENTAL_RULES.includes(v.id));
}

const lines = (found: Awaited<ReturnType<typeof violations>>) =>
  found.flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')} ${n.failureSummary ?? ''}`));

/** Critical and serious axe violations on `page` now, as "rule: target" lines (empty when clean). */
export async function seriousViolations(page: Page): Promise<string[]> {
  return lines((await violations(page)).filter((v) => v.impact === 'critical' || v.impact === 'serious'));
}

/**
 * Critical and serious violations of the colour rules only: for the second theme of a page already
 * scanned in full in the first (every other rule sees the same DOM and gives the same answer).
 */
export async function seriousColourViolations(page: Page): Promise<string[]> {
  return lines((await violations(page, COLOUR_RULES)).filter((v) => v.impact === 'critical' || v.impact === 'serious'));
}

/** Every axe violation on `page` now, whatever its impact: for views held to the strictest bar. */
export async function allViolations(page: Page): Promise<string[]> {
  return lines(await violations(page));
}

/** Every violation of `rules` on `page` now, whatever its impact. */
export async function ruleViolations(page: Page, rules: string[]): Promise<string[]> {
  return lines(await violations(page, rules));
}
