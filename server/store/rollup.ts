/**
 * Pure helpers shared by both backends: UTC days, the requested and previous ranges, and the
 * per-day deltas one batch of events adds to the rollups. Keeping this in one place is what gives
 * the embedded store and MongoDB the same semantics.
 */
import type { Stats, StatsRange, StoreHealth, StoredEvent } from './types';
import { DAILY_VIEWS_DAYS } from '../../src/core/analytics/contract';

const DAY_MS = 86_400_000;

/** 'YYYY-MM-DD' of an instant, in UTC. */
export function utcDay(d: Date | number): string {
  return new Date(d).toISOString().slice(0, 10);
}

export interface DayRange {
  days: StatsRange;
  /** First and last UTC day of the requested range, inclusive. */
  from: string;
  to: string;
  /** The period of the same length just before it. */
  prevFrom: string;
  prevTo: string;
  /** First day of `daily_views`: the range, or the latest DAILY_VIEWS_DAYS days if longer. */
  dailyFrom: string;
}

/** `days` UTC calendar days ending with today (today counts as the last day). */
export function dayRange(days: StatsRange, now: Date = new Date()): DayRange {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const from = today - (days - 1) * DAY_MS;
  return {
    days,
    from: utcDay(from),
    to: utcDay(today),
    prevFrom: utcDay(from - days * DAY_MS),
    prevTo: utcDay(from - DAY_MS),
    dailyFrom: utcDay(today - (Math.max(days, DAILY_VIEWS_DAYS) - 1) * DAY_MS),
  };
}

export interface Delta {
  day: string;
  key: string;
  count: number;
}

interface BatchDeltas {
  /** Page views per (day, page_path). */
  pages: Delta[];
  /** Tool-usage events per (day, tool_name). */
  tools: Delta[];
  /** Distinct (day, session_id) pairs of sessions that viewed a page. */
  sessions: { day: string; key: string }[];
}

/** The rollup row that counts a day's values beyond the per-day key cap (both stores). */
export const OTHER_KEY = '(other)';

/** Defaults of the storage bounds (server/config.ts documents the variables that set them). */
export const STORAGE_DEFAULTS = { rollupRetentionDays: 400, dailyKeysMax: 1000, maxDbBytes: 1024 * 1024 * 1024 };

/** Folds a batch into per-day increments, so a flush writes one upsert per key, not per event. */
export function batchDeltas(events: readonly StoredEvent[]): BatchDeltas {
  const pages = new Map<string, Delta>();
  const tools = new Map<string, Delta>();
  const sessions = new Map<string, { day: string; key: string }>();
  const bump = (into: Map<string, Delta>, day: string, key: string) => {
    const id = `${day}\u0000${key}`;
    const d = into.get(id);
    if (d) d.count++;
    else into.set(id, { day, key, count: 1 });
  };
  for (const e of events) {
    const day = utcDay(e.ts);
    if (e.kind === 'pageview') {
      bump(pages, day, String(e.data.page_path));
      sessions.set(`${day}\u0000${e.session_id}`, { day, key: e.session_id });
    } else if (e.kind === 'tool-usage') {
      bump(tools, day, String(e.data.tool_name));
    }
  }
  return { pages: [...pages.values()], tools: [...tools.values()], sessions: [...sessions.values()] };
}

/** Raw numbers a backend reads for one stats request; `toStats` shapes the answer. */
export interface StatsRows {
  totalViews: number;
  uniqueVisitors: number;
  toolUses: number;
  pages: { key: string; count: number }[];
  tools: { key: string; count: number }[];
  daily: { day: string; count: number }[];
  prevViews: number;
  prevVisitors: number;
  prevToolUses: number;
}

export function toStats(range: DayRange, rows: StatsRows): Stats {
  return {
    total_views: rows.totalViews,
    unique_visitors: rows.uniqueVisitors,
    popular_pages: rows.pages.map((p) => ({ page_path: p.key, view_count: p.count })),
    tool_usage: rows.tools.map((t) => ({ tool_name: t.key, usage_count: t.count })),
    daily_views: rows.daily.map((d) => ({ date: d.day, views: d.count })),
    range: { days: range.days, from: range.from, to: range.to, tool_uses: rows.toolUses },
    previous: {
      from: range.prevFrom,
      to: range.prevTo,
      total_views: rows.prevViews,
      unique_visitors: rows.prevVisitors,
      tool_uses: rows.prevToolUses,
    },
  };
}

/** What a database adapter implements; BufferedStore adds batching, backoff and the buffer. */
export interface Backend {
  readonly name: string;
  /** Writes one batch (raw events and rollups). Throws when the database cannot take it. */
  write(events: readonly StoredEvent[]): Promise<void>;
  /** Reads the rows of one stats request; throws StoreUnavailableError when unreachable. */
  read(range: DayRange, limit: number): Promise<StatsRows>;
  /**
   * Makes every write so far durable against a power cut (not just a killed process); called
   * before a journal segment whose events are all written is deleted. Throws when it cannot.
   */
  sync?(): Promise<void>;
  close(): Promise<void>;
  /** Backend-specific health (the embedded store's disk budget and integrity). */
  healthDetails?(): Partial<StoreHealth>;
}
