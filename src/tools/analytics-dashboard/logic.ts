/** Pure helpers of the analytics dashboard: chart days, period change, CSV export, Russian plurals. */
import Papa from 'papaparse';
import { DAILY_VIEWS_DAYS, MAX_TOP_LIMIT, type Stats, type StatsRange } from '../../core/analytics/contract';
import { neutraliseFormula } from '../../core/data/formats/formula';

/** The daily chart shows the latest 14 days whatever the range (spec part 1, section 9). */
export { DAILY_VIEWS_DAYS as CHART_DAYS } from '../../core/analytics/contract';

const DAY_MS = 86_400_000;

/**
 * The latest `count` calendar days ending on `lastDay` ('YYYY-MM-DD', UTC), oldest first, with 0
 * for days without views (the API lists only days that have views).
 */
export function chartDays(
  daily: Stats['daily_views'],
  lastDay: string,
  count: number,
): { date: string; views: number }[] {
  const views = new Map(daily.map((d) => [d.date, d.views]));
  const end = Date.parse(`${lastDay}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) => {
    const date = new Date(end - (count - 1 - i) * DAY_MS).toISOString().slice(0, 10);
    return { date, views: views.get(date) ?? 0 };
  });
}

/** Change in percent against the previous period; null when there is nothing to compare with. */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

/** '+12,5 %', '−3 %', '0 %' (Russian number format). */
export function formatChange(change: number): string {
  const sign = change > 0 ? '+' : change < 0 ? '−' : '';
  return `${sign}${Math.abs(change).toLocaleString('ru-RU')} %`;
}

/** Russian plural: plural(5, ['день', 'дня', 'дней']) -> 'дней'. */
export function plural(n: number, [one, few, many]: [string, string, string]): string {
  const m10 = n % 10;
  const m100 = n % 100;
  if (m10 === 1 && m100 !== 11) return one;
  if (m10 >= 2 && m10 <= 4 && (m100 < 12 || m100 > 14)) return few;
  return many;
}

export const rangeLabel = (days: number) => `${days} ${plural(days, ['день', 'дня', 'дней'])}`;

/**
 * The change under a total: '+50 % к предыдущим 30 дням (8)', or, with nothing to compare with,
 * 'в предыдущие 30 дней: 0'.
 */
export function changeText(current: number, previous: number, days: number): string {
  const change = percentChange(current, previous);
  const count = previous.toLocaleString('ru-RU');
  if (change === null) return `в предыдущие ${rangeLabel(days)}: ${count}`;
  // 'к' takes the dative: 'к предыдущим 30 дням', not the genitive of rangeLabel ('30 дней').
  const dative = `${plural(days, ['предыдущему', 'предыдущим', 'предыдущим'])} ${days} ${plural(days, ['дню', 'дням', 'дням'])}`;
  return `${formatChange(change)} к ${dative} (${count})`;
}

/**
 * 'С 01.11.2026 по 30.11.2026 (дни по UTC)': the days the figures cover, as the server counts them
 * (UTC calendar days), so an admin west or east of UTC near midnight knows which days they are.
 */
export function periodText(range: Pick<Stats['range'], 'from' | 'to'>): string {
  const day = (d: string) => `${d.slice(8, 10)}.${d.slice(5, 7)}.${d.slice(0, 4)}`;
  return `С ${day(range.from)} по ${day(range.to)} (дни по UTC)`;
}

/** '22 ноября' of a 'YYYY-MM-DD' (UTC) day: how a screen reader should say a chart bar's day. */
export const spokenDate = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('ru-RU', { day: 'numeric', month: 'long', timeZone: 'UTC' });

/**
 * The note under a ranked table that shows its first `shown` of `total` rows. The API lists at
 * most MAX_TOP_LIMIT entries: with that many there may be more, which neither the page nor the
 * export knows of (it said "из 1000; полный список" of a site with 5 000 pages).
 */
export function moreRowsText(shown: number, total: number): string {
  const n = (v: number) => v.toLocaleString('ru-RU');
  if (total >= MAX_TOP_LIMIT) return `Показаны первые ${n(shown)}; в экспорте CSV — первые ${n(MAX_TOP_LIMIT)}.`;
  return `Показаны первые ${n(shown)} из ${n(total)}; полный список — в экспорте CSV.`;
}

/** 'DD.MM' of a 'YYYY-MM-DD' day. */
export const shortDate = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}`;

/** One CSV table (section, key, value) of everything the dashboard shows for the range. */
export function statsToCsv(stats: Stats, days: StatsRange): string {
  const allDays = chartDays(stats.daily_views, stats.range.to, Math.max(days, DAILY_VIEWS_DAYS));
  const rows: (string | number)[][] = [
    ['summary', 'range_days', days],
    // The server's days are UTC calendar days: said in the file, which outlives the screen's caption.
    ['summary', 'time_zone', 'UTC'],
    ['summary', 'from', stats.range.from],
    ['summary', 'to', stats.range.to],
    ['summary', 'total_views', stats.total_views],
    ['summary', 'unique_visitors', stats.unique_visitors],
    ['summary', 'tool_uses', stats.range.tool_uses],
    ['previous_period', 'from', stats.previous.from],
    ['previous_period', 'to', stats.previous.to],
    ['previous_period', 'total_views', stats.previous.total_views],
    ['previous_period', 'unique_visitors', stats.previous.unique_visitors],
    ['previous_period', 'tool_uses', stats.previous.tool_uses],
    // Every day, those without views as 0 (the API lists only days with views), so a spreadsheet's
    // chart of them skips no day. The 7-day range's daily views cover the chart's 14 days: the
    // older 7 are the previous period's, kept apart so that the range's days add up to its total.
    ...allDays.filter((d) => d.date < stats.range.from).map((d) => ['previous_period_daily_views', d.date, d.views]),
    ...allDays.filter((d) => d.date >= stats.range.from).map((d) => ['daily_views', d.date, d.views]),
    ...stats.popular_pages.map((p) => ['popular_pages', p.page_path, p.view_count]),
    ...stats.tool_usage.map((t) => ['tool_usage', t.tool_name, t.usage_count]),
  ];
  // Paths and tool names come from visitors: no cell may reach a spreadsheet as a live formula.
  const cells = rows.map((row) => row.map((c) => (typeof c === 'string' ? neutraliseFormula(c) : c)));
  return Papa.unparse({ fields: ['section', 'key', 'value'], data: cells }, { newline: '\r\n' });
}

/**
 * 'bitsmith-analytics-30d-2026-03-01.csv': the range and the last (UTC) day of the figures in the
 * file, the server's; not the browser's clock at the click, a day later past midnight UTC.
 */
export function csvFileName(range: Pick<Stats['range'], 'days' | 'to'>): string {
  return `bitsmith-analytics-${range.days}d-${range.to}.csv`;
}
