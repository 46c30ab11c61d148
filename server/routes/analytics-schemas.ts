/** Strict ingest schemas (spec part 1, section 7): only the listed fields, capped strings, finite numbers. */
import { z } from 'zod';

const text = (max: number) => z.string().max(max);
const sessionId = z.string().min(1).max(64);
const primitive = z.union([z.string().max(512), z.number().finite(), z.boolean(), z.null()]);
/**
 * Metadata keys are plain identifiers: no '$' operators, no dots (MongoDB paths), and no keys that
 * would reach Object.prototype when the record is copied.
 */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
const metadataKey = z
  .string()
  .regex(/^[A-Za-z_][A-Za-z0-9_-]{0,63}$/, 'metadata keys must be identifiers (letters, digits, _ and -, at most 64)')
  .refine((k) => !FORBIDDEN_KEYS.has(k), 'reserved metadata key');
const metadata = z
  // z.record silently skips an own "__proto__" key (JSON.parse creates one): reject it up front.
  .custom<Record<string, unknown>>((v) => !(v && typeof v === 'object' && Object.keys(v).some((k) => FORBIDDEN_KEYS.has(k))), 'reserved metadata key')
  .pipe(z.record(metadataKey, primitive))
  .refine((m) => Object.keys(m).length <= 32, 'metadata may have at most 32 keys');

export const schemas = {
  pageview: z.strictObject({
    page_path: text(2048).min(1),
    user_agent: text(512).optional().default(''),
    referrer: text(2048).optional().default('direct'),
    session_id: sessionId,
  }),
  'tool-usage': z.strictObject({
    tool_name: text(128).min(1),
    action: text(128).min(1),
    duration: z.number().finite().min(0).max(86_400_000).optional().default(0),
    session_id: sessionId,
    metadata: metadata.optional().default({}),
  }),
  suggestion: z.strictObject({
    suggestion: text(2048).min(1),
    tool_context: text(128).optional().default(''),
    session_id: sessionId,
    user_agent: text(512).optional().default(''),
    timestamp: text(64).optional(),
  }),
  error: z.strictObject({
    error_context: text(256),
    error_message: text(2048),
    tool_name: text(128).optional().default(''),
    session_id: sessionId,
    user_agent: text(512).optional().default(''),
    page_url: text(2048).optional().default(''),
    timestamp: text(64).optional(),
  }),
  performance: z.strictObject({
    metric_name: text(128).min(1),
    value: z.number().finite(),
    tool_name: text(128).optional().default(''),
    session_id: sessionId,
    timestamp: text(64).optional(),
  }),
} as const;

export type IngestKind = keyof typeof schemas;
