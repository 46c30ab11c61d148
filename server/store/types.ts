/** The analytics storage contract. Only server/store knows how events are kept. */

import type { EventKind, Stats, StatsRange } from '../../src/core/analytics/contract';

export type { Stats, StatsRange };

/** A validated event as the routes hand it to the store; `ts` is stamped by the server. */
export interface StoredEvent {
  /** Assigned when the event is accepted (BufferedStore.record); the database keeps each id once. */
  id?: string;
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
  /** False while the last write to the database failed (events wait in the journal). */
  available: boolean;
  /** Events acknowledged (in the journal on disk) but not yet written to the database. */
  buffered: number;
  /** Bytes the journal holds on disk, and its limit (ANALYTICS_JOURNAL_MB). */
  journalBytes: number;
  journalLimitBytes: number;
  /** Events answered 503 because the journal was full or the disk refused the write. */
  refused: number;
  /** Events written to the database by this process (replayed ones included). */
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
   * Accepts validated events. Resolves once they are durably journaled, whatever the database is
   * doing; rejects with JournalRefusedError (answered 503) when the journal is full or the disk
   * refuses the write, never because of the database.
   */
  record(events: StoredEvent[]): Promise<void>;
  /** Rejects with StoreUnavailableError while the database cannot answer. */
  stats(query: StatsQuery): Promise<Stats>;
  /** Writes everything journaled to the database (retrying until `timeoutMs`). */
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
