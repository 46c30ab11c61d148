/**
 * Runs inside bench/results/report.html (bundled with Observable Plot by bench/report.ts): one
 * section per benchmark group with a bar chart of each case's throughput and of its ratio to the
 * group's baseline and, when the run was compared, the ratio then (a tick) and now (the bar).
 */
import * as Plot from '@observablehq/plot';
import type { BenchResult } from './harness';
import { gateFailures, type Comparison, type ResultsFile } from './compare';

export interface ReportData {
  results: ResultsFile;
  comparison?: { label: string; date: string; comparisons: Comparison[] };
}

const data = (window as unknown as { BENCH_REPORT: ReportData }).BENCH_REPORT;
const root = document.getElementById('report')!;

const el = <K extends keyof HTMLElementTagNameMap>(tag: K, text?: string, parent: HTMLElement = root) => {
  const e = document.createElement(tag);
  if (text !== undefined) e.textContent = text;
  parent.append(e);
  return e;
};

const short = (s: string) => (s.length > 52 ? s.slice(0, 51) + '…' : s);
const rate = (r: BenchResult) => (r.bytes_per_s !== undefined ? r.bytes_per_s / 1e6 : (r.ops_per_s ?? 0));
const unit = (r: BenchResult) => (r.bytes_per_s !== undefined ? 'MB/s' : 'ops/s');

const { results, comparison } = data;
const m = results.machine;
el('h1', `Benchmarks${results.quick ? ' (quick)' : ''}`);
el(
  'p',
  `${new Date(results.date).toUTCString()} · Node ${results.node}` +
    (m ? ` · ${m.cpu}, ${m.cores} cores, ${m.memory_gb} GB, ${m.platform}, load average ${m.loadavg.join(' / ')}` : ''),
);
el(
  'p',
  'Ratios are throughput relative to the group’s baseline case measured in the same run (> 1: faster). ' +
    'Compare ratios, not times: times depend on the machine and its load.',
);
if (results.failures.length)
  el('p', `Crashed: ${results.failures.map((f) => f.split('\n')[0]).join('; ')}`).className = 'bad';

const byKey = new Map(comparison?.comparisons.map((c) => [c.key, c]));
if (comparison) {
  const count = (v: Comparison['verdict']) => comparison.comparisons.filter((c) => c.verdict === v).length;
  const missing = count('missing');
  // The terminal's gate (a gated case worse or missing), so the report never says passed when it failed.
  const failed = gateFailures(comparison.comparisons);
  const p = el(
    'p',
    `Compared with ${comparison.label} (${comparison.date}): ` +
      `${count('better')} better, ${count('same')} same, ${count('worse')} worse` +
      (missing ? `, ${missing} missing; ` : '; ') +
      (failed.length ? `gate FAILED on ${failed.map((c) => c.key).join('; ')}` : 'gate passed.'),
  );
  p.className = failed.length ? 'bad' : 'good';
}

const groups = new Map<string, BenchResult[]>();
for (const r of results.results) {
  const k = `${r.suite} / ${r.group}`;
  groups.set(k, [...(groups.get(k) ?? []), r]);
}

for (const [title, rows] of groups) {
  const section = el('section');
  el('h2', title, section);
  el('p', `Baseline: ${rows[0]!.baseline}`, section).className = 'muted';
  const y = { label: null, tickFormat: short, domain: rows.map((r) => r.name) };
  const common = { width: 1000, marginLeft: 330, marginRight: 230, height: 40 + rows.length * 26, y };
  section.append(
    Plot.plot({
      ...common,
      x: { label: `throughput (${unit(rows[0]!)}) →`, grid: true },
      marks: [
        Plot.barX(rows, {
          x: rate,
          y: 'name',
          fill: (r: BenchResult) => r.name === r.baseline,
          title: (r: BenchResult) => `${r.name}\n${rate(r).toFixed(1)} ${unit(r)}, median ${r.median_ms} ms`,
        }),
        Plot.ruleX([0]),
      ],
      color: { domain: [false, true], range: ['#4e79a7', '#9c9c9c'] },
    }),
  );
  const cmp = rows.map((r) => ({ r, c: byKey.get(`${title} / ${r.name}`) }));
  section.append(
    Plot.plot({
      ...common,
      x: {
        label: comparison ? 'ratio to baseline: now (bar), then (black tick) →' : 'ratio to baseline →',
        grid: true,
      },
      color: {
        domain: ['better', 'same', 'worse', 'new', '-'],
        range: ['#59a14f', '#4e79a7', '#e15759', '#b07aa1', '#9c9c9c'],
      },
      marks: [
        Plot.barX(cmp, {
          x: (d: (typeof cmp)[number]) => d.r.ratio_to_baseline,
          y: (d: (typeof cmp)[number]) => d.r.name,
          fill: (d: (typeof cmp)[number]) => d.c?.verdict ?? '-',
          title: (d: (typeof cmp)[number]) =>
            `${d.r.name}\nratio now ${d.r.ratio_to_baseline}` +
            (d.c?.then !== undefined
              ? `, then ${d.c.then} (band x${d.c.band}): ${d.c.verdict}${d.c.gated ? ', gated' : ''}`
              : ''),
        }),
        Plot.tickX(
          cmp.filter((d) => d.c?.then !== undefined),
          {
            x: (d: (typeof cmp)[number]) => d.c!.then,
            y: (d: (typeof cmp)[number]) => d.r.name,
            stroke: 'black',
            strokeWidth: 3,
          },
        ),
        Plot.ruleX([1], { stroke: '#555', strokeDasharray: '4 3' }),
        // Written past the bar and the tick of the ratio then, whichever ends further right: from
        // the bar's end, a worse case's label ran through its tick.
        Plot.text(cmp, {
          x: (d: (typeof cmp)[number]) => Math.max(d.r.ratio_to_baseline, d.c?.then ?? 0),
          y: (d: (typeof cmp)[number]) => d.r.name,
          text: (d: (typeof cmp)[number]) =>
            `x${d.r.ratio_to_baseline}` +
            (d.c && d.c.verdict !== 'new' ? ` (then x${d.c.then}, ${d.c.verdict}${d.c.gated ? ', gated' : ''})` : ''),
          textAnchor: 'start',
          dx: 4,
        }),
      ],
    }),
  );
}
