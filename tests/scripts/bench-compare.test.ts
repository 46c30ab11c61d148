/**
 * `npm run bench -- --compare then.json now.json` (bench/run.ts, no run): the gate's verdict in the
 * terminal and in report.html agree, also when a gated case is missing from a suite that ran.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../harness/browser';
import { mergeBaseline, type BaselineFile, type ResultsFile } from '../../bench/compare';
import { GATED } from '../../bench/gated';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('bench --compare then.json now.json', () => {
  it('a gated case missing from a suite that ran fails the gate, and report.html says so too', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bench-compare-'));
    // json-kernel ran (one of its cases is here), but its gated minify and validate cases are not.
    const now = join(dir, 'now.json');
    writeFileSync(
      now,
      JSON.stringify({
        date: '2026-11-30T00:00:00.000Z',
        quick: true,
        node: process.version,
        failures: [],
        results: [
          {
            suite: 'json-kernel',
            group: 'validate 1.0 MB',
            name: 'WASM kernel validate, bytes',
            baseline: 'JSON.parse',
            samples: 5,
            median_ms: 1,
            min_ms: 1,
            bytes_per_s: 1e9,
            ratio_to_baseline: 4.8,
          },
        ],
      }),
    );
    const r = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'bench/run.ts', '--compare', 'bench/baseline.json', now, `--out=${dir}`],
      { cwd: ROOT, encoding: 'utf8' },
    );
    expect(r.status, r.stderr).toBe(1);
    expect(r.stdout).toContain('**Gate failed:** json-kernel / minify 1.0 MB / WASM kernel minify, bytes -> bytes');

    const page = await browser.newPage();
    await page.goto('file://' + join(dir, 'report.html'));
    const summary = page.locator('p', { hasText: 'Compared with bench/baseline.json' });
    expect(await summary.textContent()).toMatch(
      /: 0 better, 1 same, 0 worse, 9 missing; gate FAILED on json-kernel \/ minify 1\.0 MB \/ WASM kernel minify, bytes -> bytes; /,
    );
    expect(await summary.getAttribute('class')).toBe('bad');
    await page.close();
  });

  it("report.html: a worse case's label is written past the black tick of the ratio then, not through it", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bench-compare-'));
    const group = { suite: 'crc32', group: 'crc32 4 MiB', baseline: 'ts bit-serial', samples: 5, min_ms: 1 };
    const now = join(dir, 'now.json');
    writeFileSync(
      now,
      JSON.stringify({
        date: '2026-11-30T00:00:00.000Z',
        quick: true,
        node: process.version,
        failures: [],
        results: [
          { ...group, name: 'ts bit-serial', median_ms: 1, bytes_per_s: 1e8, ratio_to_baseline: 1 },
          { ...group, name: 'node zlib.crc32', median_ms: 1, bytes_per_s: 2e10, ratio_to_baseline: 200 },
          // Then 49.707: the tick stands where this label, written from the bar's end, used to go.
          { ...group, name: 'wasm slicing-by-8', median_ms: 1, bytes_per_s: 1e9, ratio_to_baseline: 10.2 },
        ],
      }),
    );
    spawnSync(
      process.execPath,
      ['--import', 'tsx', 'bench/run.ts', '--compare', 'bench/baseline.json', now, `--out=${dir}`],
      { cwd: ROOT, encoding: 'utf8' },
    );
    const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
    await page.goto('file://' + join(dir, 'report.html'));
    // Every label of the ratio chart against every tick of it: none may cross.
    const crossed = await page
      .locator('svg')
      .nth(1)
      .evaluate((svg) => {
        const boxes = (sel: string) => [...svg.querySelectorAll(sel)].map((e) => e.getBoundingClientRect());
        const ticks = boxes('g[aria-label="tick"] line');
        const labels = [...svg.querySelectorAll('g[aria-label="text"] text')];
        return labels
          .filter((t) => {
            const r = t.getBoundingClientRect();
            return ticks.some((k) => k.left < r.right && r.left < k.right && k.top < r.bottom && r.top < k.bottom);
          })
          .map((t) => t.textContent);
      });
    expect(await page.locator('svg').nth(1).locator('g[aria-label="text"] text').count()).toBe(3);
    expect(crossed).toEqual([]);
    await page.close();
  });

  it('--group: the groups left out are not missing, so the gate judges only what was measured', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bench-compare-'));
    // The json-kernel suite's minify group alone (about a second): its validate group holds a gated
    // case, which a run of minify alone does not measure.
    const r = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'bench/run.ts', 'json-kernel', '--quick', '--compare', '--group=minify', `--out=${dir}`],
      { cwd: ROOT, encoding: 'utf8' },
    );
    const compared = JSON.parse(readFileSync(join(dir, 'compare.json'), 'utf8')) as {
      comparisons: { key: string; verdict: string }[];
    };
    // Before, every case of the other groups was "missing", the gated one failed the gate and the
    // suite was run twice more for it.
    expect(compared.comparisons.filter((c) => c.verdict === 'missing')).toEqual([]);
    expect(compared.comparisons.map((c) => c.key.split(' / ')[1])).toEqual(
      compared.comparisons.map(() => 'minify 1.0 MB'),
    );
    expect(r.stderr).not.toContain('missing from the run');
    const latest = JSON.parse(readFileSync(join(dir, 'latest.json'), 'utf8')) as { group_filter?: string };
    expect(latest.group_filter).toBe('minify');
    // The same results compared later, as a file: the same verdicts.
    const again = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'bench/run.ts', '--compare', 'bench/baseline.json', join(dir, 'latest.json'), `--out=${dir}`],
      { cwd: ROOT, encoding: 'utf8' },
    );
    expect(again.stdout).not.toContain('| missing |');
  }, 60_000);

  it('a file that is missing, not JSON or not a results file is one line naming it, exit 2', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bench-compare-'));
    const notJson = join(dir, 'not.json');
    writeFileSync(notJson, '{bad');
    const other = join(dir, 'other.json');
    writeFileSync(other, '{"hello": 1}');
    const cases: [string, RegExp][] = [
      [join(dir, 'missing.json'), /^\[bench\] .*missing\.json: cannot read it \(no such file\)\n$/],
      [notJson, /^\[bench\] .*not\.json: not JSON \(.+\)\n$/],
      [other, /^\[bench\] .*other\.json: neither a results file nor a baseline \(no "results" or "cases"\)\n$/],
    ];
    for (const [now, message] of cases) {
      const r = spawnSync(
        process.execPath,
        ['--import', 'tsx', 'bench/run.ts', '--compare', 'bench/baseline.json', now, `--out=${dir}`],
        { cwd: ROOT, encoding: 'utf8' },
      );
      expect(r.stderr).toMatch(message);
      expect(r.status).toBe(2);
    }
  });

  it('--compare=FILE that cannot be used stops before the run, not after minutes of measuring', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bench-compare-'));
    // A filter no bench file matches: the run itself is empty, so only the order is tested.
    const r = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'bench/run.ts', 'no-such-bench', `--compare=${join(dir, 'typo.json')}`, `--out=${dir}`],
      { cwd: ROOT, encoding: 'utf8' },
    );
    expect(r.stderr).toMatch(/^\[bench\] .*typo\.json: cannot read it \(no such file\)\n$/);
    expect(r.status).toBe(2);
    expect(r.stdout).not.toMatch(/wrote/);
    expect(existsSync(join(dir, 'latest.json'))).toBe(false);
  });

  it.skipIf(!existsSync('/proc/self'))(
    '--out=DIR that cannot be made stops before the run (it hung after it, at full CPU)',
    () => {
      // Node's mkdirSync(dir, {recursive: true}) never returns when mkdir answers ENOENT under a parent
      // that exists, as /proc does; the deadline only ends the old behaviour's endless loop.
      const r = spawnSync(
        process.execPath,
        ['--import', 'tsx', 'bench/run.ts', 'no-such-bench', '--out=/proc/bitsmith-bench'],
        { cwd: ROOT, encoding: 'utf8', timeout: 30_000 },
      );
      expect(r.stderr).toMatch(/^\[bench\] \/proc\/bitsmith-bench: cannot create it \(.+\)\n$/);
      expect(r.status).toBe(2);
    },
  );
});

describe('bench --merge-baseline r1.json ... (mergeBaseline)', () => {
  const result = (group: string, name: string, ratio: number) => ({
    suite: 'benchmarks-page',
    group,
    name,
    baseline: 'theirs',
    samples: 1,
    median_ms: 1,
    min_ms: 1,
    ratio_to_baseline: ratio,
  });
  const run = (date: string, ratios: [number, number]): ResultsFile => ({
    date,
    quick: true,
    node: process.version,
    failures: [],
    results: [result('a at 4 MB', 'theirs', 1), result('a at 4 MB', 'ours', ratios[0]), result('b', 'ours', ratios[1])],
  });

  it('makes again only the groups the runs measured, dated, and keeps every other entry as it was', () => {
    const base = JSON.parse(readFileSync(join(ROOT, 'bench/baseline.json'), 'utf8')) as BaselineFile;
    const stale = { ratio: 9, seen: [9, 9] as [number, number], band: 1.25 };
    const before: BaselineFile = {
      ...base,
      cases: { ...base.cases, 'benchmarks-page / a at 4 MB / ours': stale, 'benchmarks-page / c / ours': stale },
    };
    const merged = mergeBaseline(
      before,
      [run('2026-12-03T20:00:00.000Z', [2, 4]), run('2026-12-03T20:01:00.000Z', [3, 5])],
      GATED,
    );
    expect(merged.made).toEqual(base.made);
    expect(merged.cases['benchmarks-page / a at 4 MB / ours']).toEqual({
      ratio: 2.5,
      seen: [2, 3],
      band: 1.5, // twice the widest distance from the median (2.5 / 2)
      date: '2026-12-03T20:01:00.000Z',
    });
    expect(merged.cases['benchmarks-page / b / ours']?.ratio).toBe(4.5);
    // A group the runs did not measure, even of the same suite, and every other suite: unchanged.
    expect(merged.cases['benchmarks-page / c / ours']).toEqual(stale);
    for (const [k, c] of Object.entries(base.cases)) {
      if (!k.startsWith('benchmarks-page / ')) expect(merged.cases[k], k).toEqual(c);
    }
    // The group's baseline case (ratio 1) is not listed, as --make-baseline leaves it out too.
    expect(merged.cases['benchmarks-page / a at 4 MB / theirs']).toBeUndefined();
    const keys = Object.keys(merged.cases);
    expect(keys).toEqual([...keys].sort((a, b) => a.localeCompare(b)));
  });
});
