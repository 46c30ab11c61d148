/** The analytics storage contract. Only server/store knows how events are kept. */

export type EventKind = 'pageview' | 'tool-usage' | 'suggestion' | 'error' | 'performance';

/** A validated event as the routes hand it to the store; `ts` is stamped by the server. */
export interface StoredEvent {
  kind: EventKind;
  ts: Date;
  session_id: string;
  /** Validated fields of the event (see server/routes/analytics-schemas.ts). */
  data: Record<string, unknown>;
}

export type StatsRange = 7 | 30 | 90;
export const STATS_RANGES: readonly StatsRange[] = [7, 30, 90];
/** How many entries popular_pages and tool_usage carry unless asked for more. */
export const DEFAULT_TOP_LIMIT = 10;
export const MAX_TOP_LIMIT = 1000;

export interface StatsQuery {
  days: StatsRange;
  /** Clock for the range (tests, benchmarks); defaults to now. */
  now?: Date;
  /** Entries in popular_pages and tool_usage (default DEFAULT_TOP_LIMIT). */
  limit?: number;
}

/** Totals of the period of the same length just before the requested one (beyond the spec). */
export interface PeriodTotals {
  from: string;
  to: string;
  total_views: number;
  unique_visitors: number;
  tool_uses: number;
}

/** The spec's stats response (part 1, section 3) plus the extra `range` and `previous` fields. */
export interface Stats {
  total_views: number;
  unique_visitors: number;
  popular_pages: { page_path: string; view_count: number }[];
  tool_usage: { tool_name: string; usage_count: number }[];
  daily_views: { date: string; views: number }[];
  range: { days: StatsRange; from: string; to: string; tool_uses: number };
  previous: PeriodTotals;
}

/** Counters that show how the write path is doing (exposed on /healthz). */
export interface StoreHealth {
  backend: string;
  /** False while the last write to the database failed (events wait in the buffer). */
  available: boolean;
  buffered: number;
  bufferLimit: number;
  /** Events dropped because the buffer was full while the database was down. */
  dropped: number;
  stored: number;
  lastError?: string;
}

export interface AnalyticsStore {
  readonly name: string;
  /**
   * Accepts validated events. Resolves once they are written (or, while the database is down,
   * once they are buffered); never rejects because of the database.
   */
  record(events: StoredEvent[]): Promise<void>;
  /** Rejects with StoreUnavailableError while the database cannot answer. */
  stats(query: StatsQuery): Promise<Stats>;
  /** Writes everything buffered (retrying until `timeoutMs`). */
  flush(timeoutMs?: number): Promise<void>;
  /** Flushes, then closes the database. */
  close(): Promise<void>;
  health(): StoreHealth;
}

/** The database cannot be reached; the API answers 503. */
export class StoreUnavailableError extends Error {
  constructor(message = 'Analytics storage is unavailable, try again shortly') {
    super(message);
    this.name = 'StoreUnavailableError';
  }
}
