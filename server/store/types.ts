/** The analytics storage contract. Only server/store knows how events are kept. */

import type { EventKind, Stats, StatsRange } from '../../src/core/analytics/contract';

export type { Stats, StatsRange };

/** A validated event as the routes hand it to the store; `ts` is stamped by the server. */
export interface StoredEvent {
  kind: EventKind;
  ts: Date;
  session_id: string;
  /** Validated fields of the event (see server/routes/analytics-schemas.ts). */
  data: Record<string, unknown>;
}

export interface StatsQuery {
  days: StatsRange;
  /** Clock for the range (tests, benchmarks); defaults to now. */
  now?: Date;
  /** Entries in popular_pages and tool_usage (default DEFAULT_TOP_LIMIT, see the contract). */
  limit?: number;
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
  /** Embedded store: over ANALYTICS_MAX_DB_MB, and raw events not stored because of it. */
  overBudget?: boolean;
  rawDroppedOverBudget?: number;
  /** Embedded store: result of the last PRAGMA quick_check (at start, then on a schedule). */
  integrity?: 'checking' | 'ok' | 'corrupt';
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
