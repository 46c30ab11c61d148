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

export interface Stats {
  total_views: number;
  unique_visitors: number;
  popular_pages: { page_path: string; view_count: number }[];
  tool_usage: { tool_name: string; usage_count: number }[];
  daily_views: { date: string; views: number }[];
}

export interface AnalyticsStore {
  readonly name: string;
  /** Accepts validated events (may buffer; `flush` makes them durable). */
  record(events: StoredEvent[]): Promise<void>;
  stats(days: StatsRange, now?: Date): Promise<Stats>;
  flush(): Promise<void>;
  close(): Promise<void>;
}

export function emptyStats(): Stats {
  return { total_views: 0, unique_visitors: 0, popular_pages: [], tool_usage: [], daily_views: [] };
}
