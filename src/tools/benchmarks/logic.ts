/**
 * The benchmark page's pure parts: sizes, ratios and their formatting, our CI figures from the
 * committed bench/baseline.json (read at build time), and the Markdown and JSON a visitor copies.
 */
import baselineFile from '../../../bench/baseline.json';
import {
  COMPARISONS,
  comparisonInfo,
  MiB,
  type ComparisonId,
  type ComparisonResult,
} from '../../workers/bench/catalogue';
import { WORKER_LOAD_FAILED } from '../../workers/bridge';

/** Where a run is: what the page's status line and Copy results say. */
export type RunStatus = 'idle' | 'running' | 'done' | 'cancelled' | 'failed';

export const SIZES_MB = [1, 2, 4, 8, 16, 32, 64, 128, 256] as const;
export type SizeMb = (typeof SIZES_MB)[number];
/** Small, so the first run is quick (about ten seconds on a laptop). */
export const DEFAULT_SIZE_MB: SizeMb = 4;

export const sizeBytes = (mb: number) => mb * MiB;
export const formatSize = (bytes: number) => `${+(bytes / MiB).toFixed(2)} MB`;

/** Ours over theirs: > 1 means our kernel is faster. Null without a contender or when results differ. */
export function ratioOf(r: ComparisonResult): number | null {
  return r.theirs && r.same ? r.ours.mbPerS / r.theirs.mbPerS : null;
}

/**
 * Three significant digits from 1 up: 2 decimals under 10, 1 under 100, none above. Chosen by the
 * figure as rounded, so 9.996 is "10.0", not "10.00" beside another row's "10.0".
 */
function decimals(n: number): number {
  return +n.toFixed(1) >= 100 ? 0 : +n.toFixed(2) >= 10 ? 1 : 2;
}

/**
 * The check of a result as the table says it: the same result, a different one, or none made (a
 * side the browser lacks: there was nothing to compare with, which is no different result).
 */
export function checkText(r: ComparisonResult): { text: string; kind: 'same' | 'differs' | 'none' } {
  if (!r.theirs) return { text: `Not compared: ${r.check}`, kind: 'none' };
  return r.same
    ? { text: `Same result: ${r.check}`, kind: 'same' }
    : { text: `Different result: ${r.check}`, kind: 'differs' };
}

/** "1,234 MB/s", "56.7 MB/s", "8.90 MB/s". */
export function formatRate(mbPerS: number): string {
  const digits = decimals(mbPerS);
  return `${mbPerS.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })} MB/s`;
}

/** "3.51×", "12.4×", "0.48×" (from 10 on one decimal, by the ratio as rounded: 9.996 is "10.0×"). */
export function formatRatio(ratio: number): string {
  return `${ratio.toFixed(decimals(ratio) === 2 ? 2 : 1)}×`;
}

/**
 * Our CI runs this page as a visitor does (bench/benchmarks-page.bench.ts): Chromium, every
 * comparison at the default size, so each CI figure has the same two sides, code and size as the
 * visitor's (until 2026-12-03 Base64's was another measure: a 24 MiB file to a Blob on the Base64 page).
 */
export const CI_SUITE = 'benchmarks-page';
export const CI_SIZE_MB: SizeMb = DEFAULT_SIZE_MB;
const CI_NOTE = `Chromium on our CI machine, this page at ${CI_SIZE_MB} MB`;

/** The CI suite's group for comparison `id`; its baseline case is theirs, the other ours. */
export function ciGroup(id: ComparisonId): string {
  const c = comparisonInfo(id);
  return `${c.title} vs ${c.vs} at ${CI_SIZE_MB} MB`;
}

/** The cases of a baseline file (bench/baseline.json's `cases`): key "suite / group / case". */
export type BaselineCases = Readonly<Record<string, { ratio: number; date?: string } | undefined>>;

export interface CiFigure {
  /** Our CI's ratio for the same comparison, or null ("no CI figure"). */
  ratio: number | null;
  note: string;
}

const ciKey = (id: ComparisonId) => `${CI_SUITE} / ${ciGroup(id)} / ${comparisonInfo(id).ours}`;

/** Our CI's figure for comparison `id`: our case's ratio to its group's baseline (theirs). */
export function ciFigure(id: ComparisonId, cases: BaselineCases = baselineFile.cases): CiFigure {
  const ratio = cases[ciKey(id)]?.ratio;
  return ratio === undefined ? { ratio: null, note: 'not in the committed baseline' } : { ratio, note: CI_NOTE };
}

/** When our CI figures were measured: their entries' date (merged later) or bench/baseline.json's `made.date`. */
export function ciDate(cases: BaselineCases = baselineFile.cases, made: string = baselineFile.made.date): string {
  return (COMPARISONS.map((c) => cases[ciKey(c.id)]?.date).find(Boolean) ?? made).slice(0, 10);
}
export const CI_DATE = ciDate();

export interface RunInfo {
  userAgent: string;
  /** ISO 8601. */
  date: string;
  /** The size chosen (some comparisons cap it: see each result's bytes). */
  sizeBytes: number;
  /**
   * Set when the run was cancelled or failed: the comparisons asked for that did not finish (the
   * failed one first), in run order.
   */
  notRun?: readonly ComparisonId[];
  /** Set when a comparison failed (its error ended the run). */
  failed?: { id: ComparisonId; error: string };
}

const cell = (s: string) => s.replace(/\|/g, '\\|');

/** A comparison as the chart, the copy and the status line name it: "CRC-32 vs JavaScript table". */
export const comparisonName = (id: ComparisonId) => `${comparisonInfo(id).title} vs ${comparisonInfo(id).vs}`;

/** After a cancelled or failed run, the line saying so: the table must not be taken as whole. */
function incompleteLine(run: RunInfo): string[] {
  if (!run.notRun) return [];
  const notRun = `not run: ${run.notRun.map(comparisonName).join(', ')}`;
  return run.failed
    ? [`Run failed at ${comparisonName(run.failed.id)}: ${run.failed.error}; ${notRun}`]
    : [`Run cancelled: ${notRun}`];
}

/**
 * The results as a Markdown table, under a line naming the browser, the date and the size (and,
 * after a cancelled or failed run, a line naming the comparisons not run, so the table is not taken
 * as whole).
 */
export function resultsMarkdown(results: readonly ComparisonResult[], run: RunInfo): string {
  const lines = [
    `BitSmith benchmarks, ${formatSize(run.sizeBytes)}, ${run.date.slice(0, 10)}, ${run.userAgent}`,
    ...incompleteLine(run),
    '',
    '| Comparison | Size | Ours | Ours MB/s | Theirs | Theirs MB/s | Ratio | Same result | CI ratio |',
    '| --- | --- | --- | ---: | --- | ---: | ---: | --- | ---: |',
  ];
  for (const r of results) {
    const info = comparisonInfo(r.id);
    const ratio = ratioOf(r);
    const ci = ciFigure(r.id).ratio;
    lines.push(
      `| ${[
        info.title,
        formatSize(r.bytes),
        info.ours,
        formatRate(r.ours.mbPerS),
        info.theirs,
        r.theirs ? formatRate(r.theirs.mbPerS) : 'not available',
        ratio === null ? '—' : formatRatio(ratio),
        `${r.theirs ? (r.same ? 'yes' : 'no') : 'not compared'}: ${r.check}`,
        ci === null ? 'no CI figure' : formatRatio(ci),
      ]
        .map(cell)
        .join(' | ')} |`,
    );
  }
  return lines.join('\n');
}

const round = (n: number, digits = 3) => +n.toFixed(digits);

/** The same results as JSON: the browser, the sizes and every figure (rates in MiB/s). */
export function resultsJson(results: readonly ComparisonResult[], run: RunInfo): string {
  return JSON.stringify(
    {
      tool: 'BitSmith benchmarks',
      userAgent: run.userAgent,
      date: run.date,
      sizeBytes: run.sizeBytes,
      ...(run.notRun && (run.failed ? { failed: run.failed } : { cancelled: true })),
      ...(run.notRun && { notRun: run.notRun }),
      unit: 'MiB/s',
      results: results.map((r) => {
        const ci = ciFigure(r.id);
        const ratio = ratioOf(r);
        return {
          id: r.id,
          title: comparisonInfo(r.id).title,
          bytes: r.bytes,
          ours: { name: r.ours.name, mibPerS: round(r.ours.mbPerS) },
          theirs: r.theirs && { name: r.theirs.name, mibPerS: round(r.theirs.mbPerS) },
          ratio: ratio === null ? null : round(ratio),
          same: r.same,
          check: r.check,
          samples: r.samples,
          ci: { ratio: ci.ratio, note: ci.note, date: CI_DATE },
        };
      }),
    },
    null,
    2,
  );
}

/** What "Copy results" puts on the clipboard: the Markdown table, then the JSON in a code block. */
export function copiedResults(results: readonly ComparisonResult[], run: RunInfo): string {
  return `${resultsMarkdown(results, run)}\n\n\`\`\`json\n${resultsJson(results, run)}\n\`\`\`\n`;
}

/** Comparisons in the page's order, limited to `selected`. */
export function inOrder(selected: readonly ComparisonId[]): ComparisonId[] {
  return COMPARISONS.map((c) => c.id).filter((id) => selected.includes(id));
}

const countOf = (n: number) => `${n} ${n === 1 ? 'comparison' : 'comparisons'}`;

/** The status line after a run (empty while it goes on). */
export function runStatusText(
  status: RunStatus,
  results: readonly ComparisonResult[],
  error: string,
  run: RunInfo | null,
): string {
  if (status === 'done') {
    // Two sides that differed are no success: the line says which (no check mark: announced as an alert).
    const differs = results.filter((r) => checkText(r).kind === 'differs').map((r) => comparisonName(r.id));
    if (differs.length)
      return `Done: ${countOf(results.length)}, but ${differs.join(', ')} gave a different result (no ratio)`;
    return `✅ Done: ${countOf(results.length)}`;
  }
  if (status === 'cancelled') return 'Cancelled';
  // Which comparison failed, as the copy says (its progress, which named it, is gone); a worker that
  // could not be loaded failed the run, not a comparison.
  if (status === 'failed')
    return run?.failed && error !== WORKER_LOAD_FAILED
      ? `Failed at ${comparisonName(run.failed.id)}: ${error}`
      : `Failed: ${error}`;
  return '';
}
