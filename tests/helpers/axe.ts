/** axe-core in the page under test: the violations a test fails on (critical and serious). */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** Critical and serious axe violations on `page` now, as "rule: target" lines (empty when clean). */
export async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')} ${n.failureSummary ?? ''}`));
}
