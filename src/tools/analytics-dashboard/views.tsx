/** Presentational parts of the dashboard: totals with the period change, daily chart, ranked tables. */
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import type { Stats, StatsRange } from '../../core/analytics/contract';
import {
  CHART_DAYS,
  changeText,
  chartDays,
  moreRowsText,
  percentChange,
  periodText,
  plural,
  rangeLabel,
  shortDate,
  spokenDate,
} from './logic';

const number = (n: number) => n.toLocaleString('ru-RU');

function Change({ current, previous, days }: { current: number; previous: number; days: StatsRange }) {
  const change = percentChange(current, previous);
  const cls = change === null || change === 0 ? 'change' : change > 0 ? 'change change-up' : 'change change-down';
  return <span className={cls}>{changeText(current, previous, days)}</span>;
}

export function Totals({ stats, days }: { stats: Stats; days: StatsRange }) {
  const cards = [
    { label: 'Всего просмотров', value: stats.total_views, previous: stats.previous.total_views },
    { label: 'Уникальные посетители', value: stats.unique_visitors, previous: stats.previous.unique_visitors },
    { label: 'Действия в инструментах', value: stats.range.tool_uses, previous: stats.previous.tool_uses },
  ];
  return (
    <section className="analytics-totals" aria-label="Итоги за период">
      <p className="analytics-period" data-testid="analytics-period">
        {periodText(stats.range)}
      </p>
      {cards.map((c) => (
        <div className="panel analytics-total" key={c.label}>
          <div className="analytics-total-label">{c.label}</div>
          <div className="analytics-total-value" data-testid={c.label}>
            {number(c.value)}
          </div>
          <Change current={c.value} previous={c.previous} days={days} />
        </div>
      ))}
    </section>
  );
}

/** Width of one character of a count at its size (0.75rem), in rem: digits are about 0.55em. */
const COUNT_CHAR_REM = 0.45;

/**
 * The width of a chart's column (its first bar) in rem, so it compares with text sizes whatever
 * the root font size, followed as the chart resizes; null before layout.
 */
function useColumnRem<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [rem, setRem] = useState<number | null>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      const column = el.firstElementChild?.getBoundingClientRect().width;
      const root = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
      setRem(column === undefined ? null : column / root);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, rem] as const;
}

export function DailyChart({ stats }: { stats: Stats }) {
  const bars = chartDays(stats.daily_views, stats.range.to, CHART_DAYS);
  const max = Math.max(1, ...bars.map((b) => b.views));
  const countChars = Math.max(...bars.map((b) => number(b.views).length));
  // Counts wider than a column are written upwards at any width (CSS does it below 38rem whatever
  // the counts): written across, '1 234 567 890' ran into its neighbours on a 1280 px screen.
  const [chartRef, column] = useColumnRem<HTMLOListElement>();
  const upright = column !== null && countChars * COUNT_CHAR_REM + 0.25 > column;
  // The days are the server's UTC days, whatever the admin's time zone: said, not left to guess.
  const title = `Просмотры по дням (последние ${rangeLabel(bars.length)}, по UTC)`;
  return (
    <section className="panel">
      <h2>{title}</h2>
      {/* --count-chars: the longest count, for the room above the bars when counts are written upwards. */}
      <ol
        ref={chartRef}
        className={upright ? 'analytics-chart counts-upright' : 'analytics-chart'}
        aria-label={title}
        style={{ '--count-chars': countChars } as CSSProperties}
      >
        {bars.map((b) => {
          const height = `${(b.views / max) * 100}%`;
          return (
            <li key={b.date} className="analytics-bar">
              {/* What a screen reader reads, one line: a label on a list item is not read in reading
                  mode (NVDA read the item's text, "8 22.11"), and '2026-11-22' was read as numbers. */}
              <span className="sr-only">{`${spokenDate(b.date)}: ${number(b.views)} ${plural(b.views, ['просмотр', 'просмотра', 'просмотров'])}`}</span>
              {/* The bar's height is a share of the track alone, its count drawn above it in the
                  room the track leaves: the count took its height from the bar, so the busiest
                  days were drawn equally tall (and a longer count, upwards, made a bar shorter). */}
              <span className="analytics-bar-track">
                <span className="analytics-bar-fill" style={{ height }} />
                <span className="analytics-bar-value" aria-hidden="true" style={{ bottom: height }}>
                  {number(b.views)}
                </span>
              </span>
              <span className="analytics-bar-date" aria-hidden="true">
                {shortDate(b.date)}
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/** Top rows of a ranked list (the full list is in the CSV export). */
const SHOWN_ROWS = 10;

export function RankedTable({
  title,
  columns,
  rows,
}: {
  title: string;
  columns: [string, string];
  rows: [string, number][];
}) {
  return (
    <section className="panel">
      <h2>{title}</h2>
      {rows.length === 0 ? (
        <p className="analytics-empty">Нет данных за выбранный период</p>
      ) : (
        <table className="analytics-table" aria-label={title}>
          <thead>
            <tr>
              <th scope="col">{columns[0]}</th>
              <th scope="col">{columns[1]}</th>
            </tr>
          </thead>
          <tbody>
            {rows.slice(0, SHOWN_ROWS).map(([name, count]) => (
              <tr key={name}>
                <td className="analytics-key">{name}</td>
                <td>{number(count)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {rows.length > SHOWN_ROWS && <p className="analytics-more">{moreRowsText(SHOWN_ROWS, rows.length)}</p>}
    </section>
  );
}
