import { describe, expect, it, vi } from 'vitest';
import Papa from 'papaparse';
import type { Stats } from '../../core/analytics/contract';
import { OWASP_PAYLOADS } from '../../../tests/cases/csv-injection';
import {
  changeText,
  chartDays,
  csvFileName,
  formatChange,
  moreRowsText,
  percentChange,
  periodText,
  plural,
  rangeLabel,
  shortDate,
  statsToCsv,
} from './logic';

const stats: Stats = {
  total_views: 12,
  unique_visitors: 4,
  popular_pages: [
    { page_path: '/a,b', view_count: 10 },
    { page_path: '/"q"', view_count: 2 },
  ],
  tool_usage: [{ tool_name: '=cmd', usage_count: 3 }],
  daily_views: [
    { date: '2026-02-27', views: 5 },
    { date: '2026-03-01', views: 7 },
  ],
  range: { days: 7, from: '2026-02-23', to: '2026-03-01', tool_uses: 3 },
  previous: { from: '2026-02-16', to: '2026-02-22', total_views: 8, unique_visitors: 4, tool_uses: 0 },
};

describe('analytics dashboard logic', () => {
  it('says the change against the previous period in correct Russian (dative after «к»)', () => {
    expect(changeText(12, 8, 30)).toBe('+50 % к предыдущим 30 дням (8)');
    expect(changeText(6, 8, 7)).toBe('−25 % к предыдущим 7 дням (8)');
    expect(changeText(8, 8, 90)).toBe('0 % к предыдущим 90 дням (8)');
    expect(changeText(5, 0, 30)).toBe('в предыдущие 30 дней: 0');
    expect(changeText(5, 0, 7)).toBe('в предыдущие 7 дней: 0');
  });

  it('fills the chart with zero days, oldest first, ending on the last day (across a month end)', () => {
    expect(chartDays(stats.daily_views, '2026-03-01', 4)).toEqual([
      { date: '2026-02-26', views: 0 },
      { date: '2026-02-27', views: 5 },
      { date: '2026-02-28', views: 0 },
      { date: '2026-03-01', views: 7 },
    ]);
    expect(chartDays([], '2026-03-01', 14)).toHaveLength(14);
  });

  it('says the days of the range as UTC days', () => {
    expect(periodText(stats.range)).toBe('С 23.02.2026 по 01.03.2026 (дни по UTC)');
  });

  it('computes the change against the previous period', () => {
    expect(percentChange(12, 8)).toBe(50);
    expect(percentChange(1, 3)).toBe(-66.7);
    expect(percentChange(5, 0)).toBeNull();
    expect(formatChange(50)).toBe('+50 %');
    expect(formatChange(-66.7)).toBe('−66,7 %');
    expect(formatChange(0)).toBe('0 %');
  });

  it('speaks Russian plurals', () => {
    expect([1, 2, 5, 11, 14, 21, 22, 30, 90].map((n) => rangeLabel(n))).toEqual([
      '1 день',
      '2 дня',
      '5 дней',
      '11 дней',
      '14 дней',
      '21 день',
      '22 дня',
      '30 дней',
      '90 дней',
    ]);
    expect(plural(3, ['просмотр', 'просмотра', 'просмотров'])).toBe('просмотра');
    expect(shortDate('2026-03-01')).toBe('01.03');
  });

  it('exports one parseable CSV table with quoting and formula protection', () => {
    const csv = statsToCsv(stats, 7);
    const rows = Papa.parse<string[]>(csv.trim()).data;
    expect(rows[0]).toEqual(['section', 'key', 'value']);
    expect(rows).toContainEqual(['summary', 'total_views', '12']);
    expect(rows).toContainEqual(['previous_period', 'total_views', '8']);
    expect(rows).toContainEqual(['daily_views', '2026-03-01', '7']);
    expect(rows).toContainEqual(['popular_pages', '/a,b', '10']);
    expect(rows).toContainEqual(['popular_pages', '/"q"', '2']);
    expect(rows).toContainEqual(['tool_usage', "'=cmd", '3']);
    expect(csvFileName({ ...stats.range, days: 30 })).toBe('bitsmith-analytics-30d-2026-03-01.csv');
  });

  it('names the export after the last day of the figures in it, not after the clock at the click', () => {
    // Loaded at 23:59 UTC on 1 March, exported two minutes later: the figures still end on 1 March
    // (the server's UTC day), and so must the file name; the browser's clock may also be off.
    vi.useFakeTimers({ now: new Date('2026-03-02T00:01:00Z') });
    try {
      expect(csvFileName(stats.range)).toBe('bitsmith-analytics-7d-2026-03-01.csv');
    } finally {
      vi.useRealTimers();
    }
  });

  it("exports the range's days as daily_views; a 7-day range's older chart days as the previous period's", () => {
    // For the 7-day range the API sends 14 days of daily views (the chart's), 7 of them before `from`.
    const week: Stats = {
      ...stats,
      daily_views: [{ date: '2026-02-20', views: 8 }, ...stats.daily_views],
    };
    const rows = Papa.parse<string[]>(statsToCsv(week, 7).trim(), { newline: '\r\n' }).data;
    const daily = rows.filter((r) => r[0] === 'daily_views');
    expect(daily).toEqual([
      ['daily_views', '2026-02-23', '0'],
      ['daily_views', '2026-02-24', '0'],
      ['daily_views', '2026-02-25', '0'],
      ['daily_views', '2026-02-26', '0'],
      ['daily_views', '2026-02-27', '5'],
      ['daily_views', '2026-02-28', '0'],
      ['daily_views', '2026-03-01', '7'],
    ]);
    // A spreadsheet's sum of the range's days is the range's total.
    expect(daily.reduce((sum, r) => sum + Number(r[2]), 0)).toBe(week.total_views);
    const older = rows.filter((r) => r[0] === 'previous_period_daily_views');
    expect(older.map((r) => r[1])).toEqual([
      '2026-02-16',
      '2026-02-17',
      '2026-02-18',
      '2026-02-19',
      '2026-02-20',
      '2026-02-21',
      '2026-02-22',
    ]);
    expect(older).toContainEqual(['previous_period_daily_views', '2026-02-20', '8']);
  });

  it('exports every day of a 30-day range, days without views as 0 (a spreadsheet chart skips no day)', () => {
    const month: Stats = { ...stats, range: { ...stats.range, days: 30, from: '2026-01-31' } };
    const daily = Papa.parse<string[]>(statsToCsv(month, 30), { newline: '\r\n' }).data.filter(
      (r) => r[0] === 'daily_views',
    );
    expect(daily).toHaveLength(30);
    expect(daily[0]).toEqual(['daily_views', '2026-01-31', '0']);
    expect(daily.at(-1)).toEqual(['daily_views', '2026-03-01', '7']);
  });

  it('says in the export that its days are UTC days, as the dashboard does', () => {
    const rows = Papa.parse<string[]>(statsToCsv(stats, 7), { newline: '\r\n' }).data;
    expect(rows.slice(1, 5)).toEqual([
      ['summary', 'range_days', '7'],
      ['summary', 'time_zone', 'UTC'],
      ['summary', 'from', '2026-02-23'],
      ['summary', 'to', '2026-03-01'],
    ]);
  });

  it('says how many more rows the export has, in Russian number format, and not a total it does not know', () => {
    expect(moreRowsText(10, 25)).toBe('Показаны первые 10 из 25; полный список — в экспорте CSV.');
    expect(moreRowsText(10, 999)).toBe('Показаны первые 10 из 999; полный список — в экспорте CSV.');
    // The API lists at most 1 000 entries: with that many, there may be more, and the CSV is not "full".
    expect(moreRowsText(10, 1000)).toBe('Показаны первые 10; в экспорте CSV — первые 1\u00a0000.');
  });

  it('the dashboard export neutralises visitor-supplied paths and tool names', () => {
    const hostile = {
      range: { from: '2026-01-01', to: '2026-01-07', tool_uses: 1 },
      previous: { from: '2025-12-25', to: '2025-12-31', total_views: 0, unique_visitors: 0, tool_uses: 0 },
      total_views: 1,
      unique_visitors: 1,
      daily_views: [],
      popular_pages: OWASP_PAYLOADS.map((page_path) => ({ page_path, view_count: 1 })),
      tool_usage: OWASP_PAYLOADS.map((tool_name) => ({ tool_name, usage_count: 1 })),
    } as unknown as Stats;
    const rows = Papa.parse<string[]>(statsToCsv(hostile, 7), { newline: '\r\n' }).data;
    const values = rows.filter((r) => r[0] === 'popular_pages' || r[0] === 'tool_usage').map((r) => r[1]);
    expect(values).toEqual([...OWASP_PAYLOADS, ...OWASP_PAYLOADS].map((p) => `'${p}`));
  });
});
