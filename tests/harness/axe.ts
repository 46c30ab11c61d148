/** axe-core in the page under test: the violations a test fails on (critical and serious). */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** Every WCAG 2.x A and AA rule and axe's best practices. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice'];
/**
 * Rules axe marks experimental (off by default) that check a WCAG success criterion we promise:
 * Label in Name (2.5.3), so a speech-input user can say the visible label.
 */
const EXPERIMENTAL_RULES = ['label-content-name-mismatch'];

/** Every violation of those rules on `page` now, of any impact. */
async function violations(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags([...TAGS, 'experimental'])
    .options({ rules: Object.fromEntries(EXPERIMENTAL_RULES.map((id) => [id, { enabled: true }])) })
    .analyze();
  return violations.filter((v) => !v.tags.includes('experimental') || EXPERIMENTAL_RULES.includes(v.id));
}

const lines = (found: Awaited<ReturnType<typeof violations>>) =>
  found.flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')} ${n.failureSummary ?? ''}`));

/** Critical and serious axe violations on `page` now, as "rule: target" lines (empty when clean). */
export async function seriousViolations(page: Page): Promise<string[]> {
  return lines((await violations(page)).filter((v) => v.impact === 'critical' || v.impact === 'serious'));
}

/** Every axe violation on `page` now, whatever its impact: for views held to the strictest bar. */
export async function allViolations(page: Page): Promise<string[]> {
  return lines(await violations(page));
}
