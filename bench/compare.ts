/**
 * The regression gate on ratios. A run's `ratio_to_baseline` per case (its throughput relative to
 * its group's baseline case, measured in the same run) is compared with `bench/baseline.json` or
 * with another results file. Absolute times are never compared: they depend on the machine and its
 * load; ratios within one run largely do not.
 */
import type { BenchResult } from './harness';

/** A results file as `bench/run.ts` writes it (`bench/results/latest.json`). */
export interface ResultsFile {
  date: string;
  quick: boolean;
  node: string;
  machine?: MachineInfo;
  failures: string[];
  results: BenchResult[];
  /** `--group=TEXT` of the run: only the groups it matches (`wantsGroup`) were measured. */
  group_filter?: string;
}

/** Whether `--group=filter` measures group `name`: its name holds the filter, or is a beginning of it (a suite's part of several groups). */
export const wantsGroup = (filter: string | undefined, name: string) =>
  filter === undefined || name.includes(filter) || filter.startsWith(name);

export interface MachineInfo {
  cpu: string;
  cores: number;
  memory_gb: number;
  platform: string;
  loadavg: number[];
}

export interface BaselineCase {
  /** Median of the ratios seen over the runs the baseline was made from. */
  ratio: number;
  /** Lowest and highest ratio seen over those runs. */
  seen: [number, number];
  /**
   * Noise band, a factor >= 1: a new ratio inside [ratio / band, ratio * band] is "same". Set from
   * the spread seen, widened by a safety margin (see `bandFor`).
   */
  band: number;
  /** Gated cases fail the gate when worse beyond the band; the others only report. */
  gated?: boolean;
  why?: string;
  /** When this entry was measured, where later than the baseline's `made.date` (`mergeBaseline`). */
  date?: string;
}

export interface BaselineFile {
  schema: 1;
  /** What the baseline was measured on and how. */
  made: { date: string; runs: number; quick: boolean; node: string; machine?: MachineInfo; note: string };
  /** Keyed by `caseKey`. */
  cases: Record<string, BaselineCase>;
}

export const caseKey = (r: Pick<BenchResult, 'suite' | 'group' | 'name'>) => `${r.suite} / ${r.group} / ${r.name}`;

/**
 * The band for a case from the ratios seen over several runs: twice the largest relative distance
 * from the median seen, and never narrower than `floor`: a few quick runs on a shared 2-core
 * machine do not show the whole spread CI will meet. Reported cases get 25 %, gated cases 50 %
 * (a gated ratio must fall below two thirds of its baseline to fail: CI must not fail on noise).
 */
export const REPORTED_BAND_FLOOR = 1.25;
export const GATED_BAND_FLOOR = 1.5;

export function bandFor(ratios: number[], floor = REPORTED_BAND_FLOOR): number {
  const med = medianOf(ratios);
  const spread = Math.max(...ratios.map((r) => Math.max(r / med, med / r)));
  return +Math.max(floor, 1 + 2 * (spread - 1)).toFixed(3);
}

function medianOf(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** Builds a baseline from several results files of the same kind (all quick or all full). */
export function makeBaseline(runs: ResultsFile[], gated: Record<string, string>, note: string): BaselineFile {
  const seen = new Map<string, number[]>();
  for (const run of runs) {
    for (const r of run.results) {
      const k = caseKey(r);
      seen.set(k, [...(seen.get(k) ?? []), r.ratio_to_baseline]);
    }
  }
  const cases: Record<string, BaselineCase> = {};
  for (const [k, ratios] of [...seen].sort(([a], [b]) => a.localeCompare(b))) {
    // A case that is its group's baseline always has ratio 1: nothing to learn, nothing to gate.
    if (ratios.every((r) => r === 1)) continue;
    const why = gated[k];
    cases[k] = {
      ratio: +medianOf(ratios).toFixed(3),
      seen: [Math.min(...ratios), Math.max(...ratios)],
      band: bandFor(ratios, why ? GATED_BAND_FLOOR : REPORTED_BAND_FLOOR),
      ...(why ? { gated: true, why } : {}),
    };
  }
  const last = runs[runs.length - 1]!;
  return {
    schema: 1,
    made: { date: last.date, runs: runs.length, quick: last.quick, node: last.node, machine: last.machine, note },
    cases,
  };
}

/**
 * `base` with the groups that `runs` measured made again from them, each new entry dated by the
 * last run; every other entry is kept as it was (a suite added or changed is baselined alone,
 * without measuring the others again).
 */
export function mergeBaseline(base: BaselineFile, runs: ResultsFile[], gated: Record<string, string>): BaselineFile {
  const fresh = makeBaseline(runs, gated, '');
  const groupOf = (key: string) => key.split(' / ').slice(0, 2).join(' / ');
  const measured = new Set(runs.flatMap((run) => run.results.map((r) => `${r.suite} / ${r.group}`)));
  const kept = Object.entries(base.cases).filter(([k]) => !measured.has(groupOf(k)));
  const added = Object.entries(fresh.cases).map(([k, c]) => [k, { ...c, date: fresh.made.date }] as const);
  return { ...base, cases: Object.fromEntries([...kept, ...added].sort(([a], [b]) => a.localeCompare(b))) };
}

export type Verdict = 'better' | 'same' | 'worse' | 'new' | 'missing';

export interface Comparison {
  key: string;
  then?: number;
  now?: number;
  band: number;
  verdict: Verdict;
  gated: boolean;
}

/** Baseline cases from a results file: every case gets the default band and none is gated. */
export function baselineFromResults(file: ResultsFile, band = REPORTED_BAND_FLOOR): BaselineFile {
  const cases: Record<string, BaselineCase> = {};
  for (const r of file.results) {
    cases[caseKey(r)] = { ratio: r.ratio_to_baseline, seen: [r.ratio_to_baseline, r.ratio_to_baseline], band };
  }
  return {
    schema: 1,
    made: { date: file.date, runs: 1, quick: file.quick, node: file.node, machine: file.machine, note: 'results file' },
    cases,
  };
}

/**
 * Compares the ratios of `now` with those of `then`. Cases of suites that did not run, or of
 * groups a `--group` run left out, are left out (a filtered run); a gated case missing from a
 * suite and group that ran is a failure (renamed or lost).
 */
export function compare(then: BaselineFile, now: ResultsFile): Comparison[] {
  const out: Comparison[] = [];
  const ran = new Set(now.results.map((r) => r.suite));
  const nowByKey = new Map(now.results.map((r) => [caseKey(r), r]));
  for (const [key, b] of Object.entries(then.cases)) {
    const r = nowByKey.get(key);
    if (!r) {
      const [suite = '', group = ''] = key.split(' / ');
      if (ran.has(suite) && wantsGroup(now.group_filter, group))
        out.push({ key, then: b.ratio, band: b.band, verdict: 'missing', gated: !!b.gated });
      continue;
    }
    const q = r.ratio_to_baseline / b.ratio;
    const verdict: Verdict = q > b.band ? 'better' : q < 1 / b.band ? 'worse' : 'same';
    out.push({ key, then: b.ratio, now: r.ratio_to_baseline, band: b.band, verdict, gated: !!b.gated });
  }
  for (const r of now.results) {
    const key = caseKey(r);
    if (!then.cases[key] && r.ratio_to_baseline !== 1 && r.name !== r.baseline) {
      out.push({ key, now: r.ratio_to_baseline, band: 1, verdict: 'new', gated: false });
    }
  }
  return out;
}

/** The comparisons that fail the gate: gated cases that are worse or missing. */
export function gateFailures(cs: Comparison[]): Comparison[] {
  return cs.filter((c) => c.gated && (c.verdict === 'worse' || c.verdict === 'missing'));
}

const fmt = (x: number | undefined) => (x === undefined ? '-' : String(x));

/** A Markdown table of the comparisons, gated cases first. */
export function comparisonTable(cs: Comparison[]): string {
  const rows = [...cs].sort((a, b) => Number(b.gated) - Number(a.gated) || a.key.localeCompare(b.key));
  return [
    '| case | ratio then | ratio now | band | verdict | gated |',
    '|---|---:|---:|---:|---|---|',
    ...rows.map(
      (c) =>
        `| ${c.key} | ${fmt(c.then)} | ${fmt(c.now)} | ${c.verdict === 'new' ? '-' : `x${c.band}`} | ${c.verdict} | ${c.gated ? 'yes' : ''} |`,
    ),
  ].join('\n');
}
