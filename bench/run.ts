/**
 * Runs every bench/*.bench.ts (or those named on the command line) and writes
 * bench/results/latest.json and bench/results/latest.md. `--quick` for CI. Exits non-zero only
 * when a benchmark crashes, never because of a timing.
 */
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { median, timeRuns, type BenchResult, type BenchSuite } from './harness';

const benchDir = fileURLToPath(new URL('.', import.meta.url));
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const filters = args.filter((a) => !a.startsWith('--'));
const samples = quick ? 5 : 15;
const budgetMs = quick ? 1_500 : 8_000;

const files = readdirSync(benchDir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))
  .sort();

const results: BenchResult[] = [];
const failures: string[] = [];

function fmtRate(r: BenchResult): string {
  if (r.bytes_per_s !== undefined) return `${(r.bytes_per_s / 1e6).toFixed(1)} MB/s`;
  if (r.ops_per_s !== undefined) return `${r.ops_per_s.toFixed(1)} ops/s`;
  return '';
}

for (const file of files) {
  const started = Date.now();
  let suite: BenchSuite | undefined;
  try {
    suite = (await import(pathToFileURL(join(benchDir, file)).href)).default as BenchSuite;
    for (const group of await suite.groups({ quick })) {
      const measured: { c: (typeof group.cases)[number]; times: number[] }[] = [];
      for (const c of group.cases) {
        const times = c.measure ? await c.measure(samples) : await timeRuns(c.run!, samples, budgetMs);
        measured.push({ c, times });
      }
      const rate = (c: (typeof group.cases)[number], ms: number) => (c.bytes ?? c.ops ?? 1) / (ms / 1000);
      const base = measured.find((m) => m.c.name === group.baseline);
      if (!base) throw new Error(`${file}: group "${group.name}" has no baseline case "${group.baseline}"`);
      const baseRate = rate(base.c, median(base.times));
      for (const { c, times } of measured) {
        const med = median(times);
        const r: BenchResult = {
          suite: suite.name,
          group: group.name,
          name: c.name,
          baseline: group.baseline,
          samples: times.length,
          median_ms: +med.toFixed(3),
          min_ms: +Math.min(...times).toFixed(3),
          ratio_to_baseline: +(rate(c, med) / baseRate).toFixed(3),
          ...(c.bytes !== undefined
            ? { bytes_per_s: Math.round(c.bytes / (med / 1000)) }
            : { ops_per_s: +((c.ops ?? 1) / (med / 1000)).toFixed(2) }),
          ...(c.extra ? { extra: c.extra } : {}),
        };
        results.push(r);
        console.log(
          `${suite.name} / ${group.name} / ${c.name}: median ${r.median_ms} ms, ${fmtRate(r)}, x${r.ratio_to_baseline} vs ${group.baseline}`,
        );
      }
    }
  } catch (e) {
    failures.push(`${file}: ${(e as Error).stack ?? e}`);
    console.error(`[bench] ${file} crashed:`, e);
  } finally {
    try {
      await suite?.teardown?.();
    } catch (e) {
      console.error(`[bench] ${file} teardown failed:`, e);
    }
  }
  console.log(`[bench] ${file} done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

const outDir = join(benchDir, 'results');
mkdirSync(outDir, { recursive: true });
const meta = { date: new Date().toISOString(), quick, node: process.version, failures };
writeFileSync(join(outDir, 'latest.json'), JSON.stringify({ ...meta, results }, null, 2));
const md = [
  `# Benchmarks (${meta.date}${quick ? ', quick' : ''})`,
  '',
  '| suite | group | case | median ms | rate | ratio to baseline | baseline |',
  '|---|---|---|---:|---:|---:|---|',
  ...results.map(
    (r) =>
      `| ${r.suite} | ${r.group} | ${r.name} | ${r.median_ms} | ${fmtRate(r)} | ${r.ratio_to_baseline} | ${r.baseline} |`,
  ),
  '',
].join('\n');
writeFileSync(join(outDir, 'latest.md'), md);
console.log(`\n[bench] wrote bench/results/latest.json and latest.md (${results.length} results)`);
if (failures.length) {
  console.error(`[bench] ${failures.length} benchmark file(s) crashed`);
  process.exit(1);
}
