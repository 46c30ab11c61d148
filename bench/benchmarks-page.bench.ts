/**
 * The benchmarks page (/benchmarks) run as a visitor runs it: the real server, Chromium, every
 * comparison ticked at the page's default size, Run, then the figures read from "Copy results".
 * Its ratios are the page's "Our CI" column (src/tools/benchmarks/logic.ts, `ciFigure`): the same
 * worker code, the same two sides and the same size as the visitor's figures.
 *
 * Each side is one sample: the page's median over its own interleaved samples (`page_samples`).
 * A comparison whose two sides disagree stops the suite, as it would show no ratio on the page.
 */
import type { Browser } from 'playwright-core';
import { defineSuite, type BenchGroup } from './harness';
import { CI_SIZE_MB, ciGroup } from '../src/tools/benchmarks/logic';
import { COMPARISONS, MiB, comparisonInfo, type ComparisonId } from '../src/workers/bench/catalogue';
import { launchBrowser, openPage } from '../tests/harness/browser';
import { startServer, type RunningServer } from '../tests/harness/server';

let server: RunningServer | undefined;
let browser: Browser | undefined;

/** A result as the copied JSON gives it (rates in MiB/s). */
interface CopiedResult {
  id: ComparisonId;
  bytes: number;
  ours: { mibPerS: number };
  theirs: { mibPerS: number } | null;
  same: boolean;
  check: string;
  samples: number;
}

/** Runs every comparison on the page at CI_SIZE_MB and returns the copied results. */
async function runPage(): Promise<CopiedResult[]> {
  const { page } = await openPage(browser!, {
    viewport: { width: 1280, height: 900 },
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  await page.goto(server!.url + '/benchmarks');
  await page.getByLabel('Input size').selectOption({ label: `${CI_SIZE_MB} MB` });
  for (const c of COMPARISONS) await page.getByRole('checkbox', { name: `${c.title} vs ${c.theirs}` }).check();
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await page.getByText(`✅ Done: ${COMPARISONS.length} comparisons`).waitFor({ timeout: 600_000 });
  await page.getByRole('button', { name: 'Copy results' }).click();
  await page.locator('.copy-message').filter({ hasText: '✅ Copied to clipboard!' }).waitFor();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  await page.context().close();
  const json = copied.slice(copied.indexOf('```json\n') + 8, copied.lastIndexOf('\n```'));
  return (JSON.parse(json) as { results: CopiedResult[] }).results;
}

/** One group per comparison: theirs (the baseline) and ours, each the page's median run time. */
function groupOf(r: CopiedResult): BenchGroup {
  const info = comparisonInfo(r.id);
  if (!r.theirs || !r.same) throw new Error(`${info.title} vs ${info.vs}: no ratio on the page (${r.check})`);
  const side = (name: string, mibPerS: number) => {
    const ms = ((r.bytes / MiB) * 1000) / mibPerS;
    return { name, bytes: r.bytes, measure: async () => [ms], extra: { page_samples: r.samples } };
  };
  return {
    name: ciGroup(r.id),
    baseline: info.theirs,
    cases: [side(info.theirs, r.theirs.mibPerS), side(info.ours, r.ours.mibPerS)],
  };
}

export default defineSuite({
  name: 'benchmarks-page',
  async groups({ wants }) {
    if (!COMPARISONS.some((c) => wants(ciGroup(c.id)))) return [];
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    return (await runPage()).map(groupOf);
  },
  async teardown() {
    await browser?.close();
    await server?.stop();
  },
});
