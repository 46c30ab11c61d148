/**
 * The analytics API contract (spec part 1, sections 3 and 7), shared by the server's validation
 * (server/routes/analytics-schemas.ts), the client sanitiser (src/telemetry) and the dashboard.
 * The server's answers are the rule: the client fits what it sends to these limits.
 */

/** Ingest endpoints: POST /api/analytics/<kind>. */
export const EVENT_KINDS = ['pageview', 'tool-usage', 'suggestion', 'error', 'performance'] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

/** Longest value accepted per string field, in UTF-16 code units. */
export const FIELD_MAX = {
  page_path: 2048,
  referrer: 2048,
  user_agent: 512,
  session_id: 64,
  tool_name: 128,
  action: 128,
  suggestion: 2048,
  tool_context: 128,
  error_context: 256,
  error_message: 2048,
  page_url: 2048,
  metric_name: 128,
  timestamp: 64,
} as const;
export type TextField = keyof typeof FIELD_MAX;

/** Longest tool-usage duration, in ms (24 h). */
/** `daily_views` covers the latest this many days whatever the range: the spec's chart shows 14 days. */
export const DAILY_VIEWS_DAYS = 14;

export const MAX_DURATION_MS = 86_400_000;

/** Tool-usage metadata: a flat record of at most 32 primitives, strings at most 512 long. */
export const METADATA_MAX_KEYS = 32;
export const METADATA_MAX_STRING = 512;
export const METADATA_KEY_MAX = 64;
/**
 * Metadata keys are plain identifiers: no '$' operators, no dots (MongoDB paths), and none of the
 * keys that would reach Object.prototype when the record is copied.
 */
export const METADATA_KEY_PATTERN = new RegExp(`^[A-Za-z_][A-Za-z0-9_-]{0,${METADATA_KEY_MAX - 1}}$`);
export const RESERVED_METADATA_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

export type MetadataValue = string | number | boolean | null;

/** Event bodies as sent; optional fields get the server's defaults. */
export interface EventBodies {
  pageview: { page_path: string; user_agent?: string; referrer?: string; session_id: string };
  'tool-usage': {
    tool_name: string;
    action: string;
    duration?: number;
    session_id: string;
    metadata?: Record<string, MetadataValue>;
  };
  suggestion: {
    suggestion: string;
    tool_context?: string;
    session_id: string;
    user_agent?: string;
    timestamp?: string;
  };
  error: {
    error_context: string;
    error_message: string;
    tool_name?: string;
    session_id: string;
    user_agent?: string;
    page_url?: string;
    timestamp?: string;
  };
  performance: { metric_name: string; value: number; tool_name?: string; session_id: string; timestamp?: string };
}

/** String fields each event kind requires to be non-empty (others may be ''). */
export const NON_EMPTY_FIELDS: { readonly [K in EventKind]: readonly (keyof EventBodies[K] & TextField)[] } = {
  pageview: ['page_path', 'session_id'],
  'tool-usage': ['tool_name', 'action', 'session_id'],
  suggestion: ['suggestion', 'session_id'],
  error: ['session_id'],
  performance: ['metric_name', 'session_id'],
};

// ---------------------------------------------------------------- GET /api/analytics/stats

export type StatsRange = 7 | 30 | 90;
export const STATS_RANGES: readonly StatsRange[] = [7, 30, 90];
export const DEFAULT_STATS_RANGE: StatsRange = 30;
/** How many entries popular_pages and tool_usage carry unless `limit` asks for more (up to the max). */
export const DEFAULT_TOP_LIMIT = 10;
export const MAX_TOP_LIMIT = 1000;

/**
 * Characters an admin token may hold: visible ASCII. A header carries nothing else as typed
 * (curl sends UTF-8, the server reads Latin-1; fetch refuses letters beyond Latin-1).
 */
export const ADMIN_TOKEN_CHARS = /^[\x21-\x7e]*$/;

/** Totals of the period of the same length just before the requested one (beyond the spec). */
interface PeriodTotals {
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
