/**
 * Strict ingest schemas (spec part 1, section 7): only the listed fields, capped strings, finite
 * numbers. Fields and limits come from the shared contract (src/core/analytics/contract.ts).
 */
import { z } from 'zod';
import {
  FIELD_MAX,
  MAX_DURATION_MS,
  METADATA_KEY_MAX,
  METADATA_KEY_PATTERN,
  METADATA_MAX_KEYS,
  METADATA_MAX_STRING,
  NON_EMPTY_FIELDS,
  RESERVED_METADATA_KEYS,
  type EventBodies,
  type EventKind,
  type TextField,
} from '../../src/core/analytics/contract';
import { redactUrl } from '../../src/core/analytics/url-privacy';
import { withoutJwts, withoutQuotedText } from '../../src/core/analytics/text-privacy';

/** Longest page path kept; longer ones are cut (they are one row of a bounded daily rollup). */
export const STORED_PATH_MAX = 256;

/**
 * The page path as stored: path plus query (spec: `page_path` is "path plus query"), never the
 * fragment, credential-like query values redacted (`redactUrl`), at most STORED_PATH_MAX
 * characters. A flood of distinct queries is bounded by the per-day key cap of the rollups.
 */
export function normalisePagePath(path: string): string {
  const kept = cut(redactUrl(path), STORED_PATH_MAX);
  return kept.startsWith('?') ? cut(`/${kept}`, STORED_PATH_MAX) : kept || '/';
}

/** The first `max` UTF-16 units of `s`, less the first half of a pair cut in two (it is no character). */
function cut(s: string, max: number): string {
  const head = s.slice(0, max);
  return /[\ud800-\udbff]$/.test(head) ? head.slice(0, -1) : head;
}

/** A surrogate without its other half (JSON's `"\ud800"`): no character, and no UTF-8 store can hold it. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
/** Text as stored: each lone surrogate replaced by U+FFFD, as a UTF-8 encoder would. */
const wellFormed = (s: string) => s.replace(LONE_SURROGATE, '\ufffd');

const primitive = z.union([
  z.string().max(METADATA_MAX_STRING).overwrite(wellFormed),
  z.number().finite(),
  z.boolean(),
  z.null(),
]);
const hasReservedKey = (v: unknown) =>
  !!v && typeof v === 'object' && Object.keys(v).some((k) => RESERVED_METADATA_KEYS.has(k));
const metadataKey = z
  .string()
  .regex(
    METADATA_KEY_PATTERN,
    `metadata keys must be identifiers (letters, digits, _ and -, at most ${METADATA_KEY_MAX})`,
  )
  .refine((k) => !RESERVED_METADATA_KEYS.has(k), 'reserved metadata key')
  // The document says what the refinement refuses (a client generator cannot read a function).
  .meta({ not: { enum: [...RESERVED_METADATA_KEYS] } });
/** A refused key is told its own problem, not zod's "Invalid key in record". */
const keyProblem = (issue: z.core.$ZodRawIssue) =>
  issue.code === 'invalid_key' ? issue.issues[0]?.message : undefined;
const metadata = z
  // z.record silently skips an own "__proto__" key (JSON.parse creates one): reject it up front.
  .custom<Record<string, unknown>>((v) => !hasReservedKey(v), 'reserved metadata key')
  .pipe(z.record(metadataKey, primitive, { error: keyProblem }))
  .refine((m) => Object.keys(m).length <= METADATA_MAX_KEYS, `metadata may have at most ${METADATA_MAX_KEYS} keys`)
  .meta({ maxProperties: METADATA_MAX_KEYS });

/** A string field capped at its contract length, non-empty where the contract requires it. */
type TextFieldOf<K extends EventKind> = (field: keyof EventBodies[K] & TextField) => z.ZodString;

/** A strict event schema; `shape` builds its fields with the kind's string-field rule. */
function event<K extends EventKind, S extends z.ZodRawShape>(kind: K, shape: (text: TextFieldOf<K>) => S) {
  const nonEmpty: readonly TextField[] = NON_EMPTY_FIELDS[kind];
  return z.strictObject(
    shape((field) => {
      const s = z.string().max(FIELD_MAX[field]).overwrite(wellFormed);
      return nonEmpty.includes(field) ? s.min(1) : s;
    }),
  );
}

export const schemas = {
  pageview: event('pageview', (text) => ({
    // Second line behind the client: stored URLs never keep a fragment or a credential-like value.
    page_path: text('page_path').transform(normalisePagePath),
    user_agent: text('user_agent').optional().default(''),
    referrer: text('referrer').transform(redactUrl).optional().default('direct'),
    session_id: text('session_id'),
  })),
  'tool-usage': event('tool-usage', (text) => ({
    tool_name: text('tool_name'),
    action: text('action'),
    duration: z.number().finite().min(0).max(MAX_DURATION_MS).optional().default(0),
    session_id: text('session_id'),
    metadata: metadata.optional().default({}),
  })),
  suggestion: event('suggestion', (text) => ({
    suggestion: text('suggestion'),
    tool_context: text('tool_context').optional().default(''),
    session_id: text('session_id'),
    user_agent: text('user_agent').optional().default(''),
    timestamp: text('timestamp').optional(),
  })),
  error: event('error', (text) => ({
    error_context: text('error_context'),
    error_message: text('error_message').transform(withoutQuotedText),
    // A tool's name, or the page's path for an uncaught error (a token pasted into it is not kept).
    tool_name: text('tool_name').transform(withoutJwts).optional().default(''),
    session_id: text('session_id'),
    user_agent: text('user_agent').optional().default(''),
    page_url: text('page_url').transform(redactUrl).optional().default(''),
    timestamp: text('timestamp').optional(),
  })),
  performance: event('performance', (text) => ({
    metric_name: text('metric_name'),
    value: z.number().finite(),
    // The page's path (page_load_time): a token pasted into it is not kept.
    tool_name: text('tool_name').transform(withoutJwts).optional().default(''),
    session_id: text('session_id'),
    timestamp: text('timestamp').optional(),
  })),
} satisfies { [K in EventKind]: z.ZodType<EventBodies[K]> };
