/**
 * Runs every bench/*.bench.ts (or those named on the command line) and writes
 * bench/results/latest.json and bench/results/latest.md. `--quick` for CI. Without `--compare` it
 * exits non-zero only when a benchmark crashes, never because of a timing. See bench/README.md.
 *
 *   --quick                 small sizes, few samples (CI)
 *   --group=TEXT            only the groups whose name holds TEXT (e.g. cli --group=json)
 *   --compare[=file]        after the run, compare its ratios with bench/baseline.json (or a
 *                           baseline or results file) and fail when a gated case is worse
 *   --compare a.json b.json no run: compare two results (or baseline) files, a = then, b = now
 *   --make-baseline r1.json r2.json ...  write bench/baseline.json from several results files
 *   --merge-baseline r1.json ...  make again only the groups those runs measured, keep the rest
 *   --out=dir               write the results there instead of bench/results
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { median, timeRuns, type BenchResult, type BenchSuite } from './harness';
import {
  baselineFromResults,
  caseKey,
  compare,
  comparisonTable,
  gateFailures,
  makeBaseline,
  mergeBaseline,
  type BaselineFile,
  type ResultsFile,
  wantsGroup,
} from './compare';
import { GATED, BASELINE_NOTE } from './gated';
import { writeReport } from './report';
import type { ReportData } from './report-client';

const benchDir = fileURLToPath(new URL('.', import.meta.url));
const baselinePath = join(benchDir, 'baseline.json');
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const option = (name: string) => args.find((a) => a === name || a.startsWith(name + '='));
const optionValue = (name: string) => option(name)?.split('=').slice(1).join('=') || undefined;
const compareArg = option('--compare');
const jsonArgs = args.filter((a) => !a.startsWith('--') && a.endsWith('.json'));
const filters = args.filter((a) => !a.startsWith('--') && !a.endsWith('.json'));
const outDir = resolve(optionValue('--out') ?? join(benchDir, 'results'));
const groupFilter = optionValue('--group');
const wants = (name: string) => wantsGroup(groupFilter, name);

/** How many times a failing gated suite is measured before the gate fails. */
const GATE_ATTEMPTS = 3;

/** Stops on a file or argument the run cannot use: one line naming it, exit 2 (1 is the gate). */
function stop(message: string): never {
  console.error(`[bench] ${message}`);
  process.exit(2);
}

const READ_ERRORS: Record<string, string> = {
  ENOENT: 'no such file',
  EACCES: 'permission denied',
  EISDIR: 'a directory',
};

function readJson<T>(path: string): T {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? '';
    return stop(`${path}: cannot read it (${READ_ERRORS[code] ?? (e as Error).message})`);
  }
  try {
    return JSON.parse(text) as T;
  } catch (e) {
    return stop(`${path}: not JSON (${(e as Error).message})`);
  }
}

/** A results file or a baseline, or a stop naming the file. */
function readRunFile(path: string): BaselineFile | ResultsFile {
  const f = readJson<BaselineFile | ResultsFile>(path);
  if (typeof f === 'object' && f !== null && ('results' in f || 'cases' in f)) return f;
  return stop(`${path}: neither a results file nor a baseline (no "results" or "cases")`);
}

/** A baseline file, or a results file seen as a baseline (default band, nothing gated). */
function loadAsBaseline(path: string): BaselineFile {
  const f = readRunFile(path);
  return 'cases' in f ? f : baselineFromResults(f);
}

function loadAsResults(path: string): ResultsFile {
  const f = readRunFile(path);
  if ('results' in f) return f;
  // A baseline as "now": its median ratios.
  return {
    date: f.made.date,
    quick: f.made.quick,
    node: f.made.node,
    failures: [],
    results: Object.entries(f.cases).map(([key, c]) => {
      const [suite = '', group = '', ...name] = key.split(' / ');
      return {
        suite,
        group,
        name: name.join(' / '),
        baseline: '',
        samples: 0,
        median_ms: 0,
        min_ms: 0,
        ratio_to_baseline: c.ratio,
      };
    }),
  };
}

/** Prints the comparison, writes it next to the results, and returns it with the gate failures. */
function reportComparison(then: BaselineFile, now: ResultsFile, thenLabel: string) {
  const cs = compare(then, now);
  const failed = gateFailures(cs);
  const md = [
    `# Ratios then (${thenLabel}, ${then.made.date}) and now (${now.date})`,
    '',
    comparisonTable(cs),
    '',
    failed.length ? `**Gate failed:** ${failed.map((c) => c.key).join('; ')}` : 'Gate passed.',
    '',
  ].join('\n');
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, 'compare.md'), md);
  writeFileSync(
    join(outDir, 'compare.json'),
    JSON.stringify(
      { then: { label: thenLabel, date: then.made.date }, now: { date: now.date }, comparisons: cs },
      null,
      2,
    ),
  );
  console.log('\n' + md);
  for (const c of failed) {
    console.error(
      `[bench] GATE: ${c.key}: ${c.verdict === 'missing' ? 'missing from the run' : `ratio ${c.now} < ${c.then} / ${c.band}`}`,
    );
  }
  return { failed: failed.length, comparison: { label: thenLabel, date: then.made.date, comparisons: cs } };
}

if (option('--make-baseline') || option('--merge-baseline')) {
  const merge = option('--merge-baseline') !== undefined;
  if (jsonArgs.length === 0) stop(`${merge ? '--merge-baseline' : '--make-baseline'} needs results files`);
  const runs = jsonArgs.map((p) => readJson<ResultsFile>(p));
  const b = merge
    ? mergeBaseline(readJson<BaselineFile>(baselinePath), runs, GATED)
    : makeBaseline(runs, GATED, BASELINE_NOTE);
  const missing = Object.keys(GATED).filter((k) => !b.cases[k]);
  if (missing.length) stop(`gated cases not in the runs: ${missing.join('; ')}`);
  // Formatted as Prettier would (npm run lint checks it).
  const prettier = await import('prettier');
  writeFileSync(baselinePath, await prettier.format(JSON.stringify(b), { filepath: baselinePath }));
  console.log(
    `[bench] wrote bench/baseline.json: ${Object.keys(b.cases).length} cases, ${Object.keys(GATED).length} gated`,
  );
  process.exit(0);
}

/**
 * The results directory, made before anything runs: one missing directory at a time, as Node's
 * mkdirSync(dir, {recursive: true}) never returns (at full CPU) when mkdir answers ENOENT under a
 * parent that exists, as in /proc; `--out=/proc/x` hung there after the whole run.
 */
const MKDIR_ERRORS: Record<string, string> = {
  ENOENT: 'no such file or directory',
  EACCES: 'permission denied',
  ENOTDIR: 'a file is in the way',
  EEXIST: 'a file is in the way',
  EROFS: 'read-only file system',
};

function makeOutDir(): void {
  const missing: string[] = [];
  for (let p = outDir; !existsSync(p); p = dirname(p)) missing.unshift(p);
  for (const p of missing) {
    try {
      mkdirSync(p);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code ?? '';
      stop(`${outDir}: cannot create it (${MKDIR_ERRORS[code] ?? (e as Error).message})`);
    }
  }
}
makeOutDir();

if (compareArg && jsonArgs.length === 2) {
  const [a, b] = jsonArgs as [string, string];
  const now = loadAsResults(b);
  const { failed, comparison } = reportComparison(loadAsBaseline(a), now, a);
  await writeReport(join(outDir, 'report.html'), { results: now, comparison });
  console.log(`[bench] wrote ${outDir}/report.html`);
  process.exit(failed ? 1 : 0);
}
// The file to compare with is read before the run: a typo in --compare=FILE stops at once (exit 2)
// instead of after every benchmark has been measured.
const comparePath = compareArg ? (optionValue('--compare') ?? jsonArgs[0] ?? baselinePath) : undefined;
const compareWith = comparePath === undefined ? undefined : loadAsBaseline(comparePath);

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

/** Runs one bench file; its results are appended to `into`, a crash to `failures`. */
async function runFile(file: string, into: BenchResult[]): Promise<void> {
  const started = Date.now();
  let suite: BenchSuite | undefined;
  try {
    suite = (await import(pathToFileURL(join(benchDir, file)).href)).default as BenchSuite;
    for (const group of await suite.groups({ quick, wants })) {
      if (!wants(group.name)) continue;
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
        into.push(r);
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

for (const file of files) await runFile(file, results);

mkdirSync(outDir, { recursive: true });
const machine = {
  cpu: cpus()[0]?.model ?? 'unknown',
  cores: cpus().length,
  memory_gb: Math.round(totalmem() / 2 ** 30),
  platform: `${process.platform} ${process.arch}`,
  loadavg: loadavg().map((x) => +x.toFixed(2)),
};
const meta = {
  date: new Date().toISOString(),
  quick,
  node: process.version,
  machine,
  failures,
  ...(groupFilter !== undefined ? { group_filter: groupFilter } : {}),
};
const file: ResultsFile = { ...meta, results };
writeFileSync(join(outDir, 'latest.json'), JSON.stringify(file, null, 2));
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
console.log(`\n[bench] wrote ${outDir}/latest.json and latest.md (${results.length} results)`);
let gateFailed = 0;
let comparison: ReportData['comparison'];
if (comparePath !== undefined && compareWith) {
  const label = comparePath === baselinePath ? 'bench/baseline.json' : comparePath;
  const then = compareWith;
  ({ failed: gateFailed, comparison } = reportComparison(then, file, label));
  // A gated case fails only if it is worse in every attempt: a real regression repeats, a burst of
  // load from the neighbours rarely does. Each retry runs again only the suites of failing cases
  // and keeps, per case, the best ratio seen.
  for (let attempt = 2; gateFailed && attempt <= GATE_ATTEMPTS; attempt++) {
    const suites = new Set(gateFailures(compare(then, file)).map((c) => c.key.split(' / ')[0]!));
    console.log(`\n[bench] gate attempt ${attempt} of ${GATE_ATTEMPTS}: running ${[...suites].join(', ')} again`);
    const again: BenchResult[] = [];
    for (const f of files.filter((f) => suites.has(f.replace(/\.bench\.ts$/, '')))) await runFile(f, again);
    for (const r of again) {
      const i = results.findIndex((x) => caseKey(x) === caseKey(r));
      if (i >= 0 && r.ratio_to_baseline > results[i]!.ratio_to_baseline) results[i] = { ...r, attempt };
    }
    writeFileSync(join(outDir, 'latest.json'), JSON.stringify(file, null, 2));
    ({ failed: gateFailed, comparison } = reportComparison(then, file, label));
  }
}
await writeReport(join(outDir, 'report.html'), { results: file, comparison });
console.log(`[bench] wrote ${outDir}/report.html`);
if (failures.length) console.error(`[bench] ${failures.length} benchmark file(s) crashed`);
if (gateFailed) console.error(`[bench] ${gateFailed} gated case(s) worse than the baseline beyond their band`);
if (failures.length || gateFailed) process.exit(1);
