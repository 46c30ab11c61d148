/**
 * Fits analytics payloads to the server's strict ingest schemas (server/routes/analytics-schemas.ts)
 * so a long URL or a tool's nested metadata does not get the whole event rejected with a 422.
 */
type Json = Record<string, unknown>;
type Primitive = string | number | boolean | null;

/** Longest value the server accepts per field. */
const FIELD_CAPS: Record<string, number> = {
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
};
const MAX_METADATA_KEYS = 32;
const MAX_METADATA_STRING = 512;
const RESERVED = new Set(['__proto__', 'constructor', 'prototype']);

/** Clips the known string fields of an event body; other fields are left as they are. */
export function clipFields<T extends Json>(body: T): T {
  const out: Json = { ...body };
  for (const [k, v] of Object.entries(out)) {
    const cap = FIELD_CAPS[k];
    if (cap !== undefined && typeof v === 'string' && v.length > cap) out[k] = v.slice(0, cap);
  }
  return out as T;
}

/** A metadata key the server accepts: identifier characters, at most 64, not reserved. */
function metadataKey(key: string): string {
  let k = key.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 64);
  if (!/^[A-Za-z_]/.test(k)) k = `_${k}`.slice(0, 64);
  return RESERVED.has(k) ? `${k}_` : k;
}

function primitive(v: unknown): Primitive | undefined {
  if (v === null || typeof v === 'boolean') return v;
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string') return v.slice(0, MAX_METADATA_STRING);
  if (typeof v === 'bigint') return v.toString().slice(0, MAX_METADATA_STRING);
  return undefined;
}

/**
 * A flat object of at most 32 primitives: nested objects become `parent_child` keys, arrays
 * become JSON text, functions and undefined are dropped.
 */
export function flatMetadata(metadata: Json): Record<string, Primitive> {
  const out: Record<string, Primitive> = {};
  const visit = (obj: Json, prefix: string, depth: number) => {
    for (const [rawKey, value] of Object.entries(obj)) {
      if (Object.keys(out).length >= MAX_METADATA_KEYS) return;
      const key = metadataKey(prefix ? `${prefix}_${rawKey}` : rawKey);
      const p = primitive(value);
      if (p !== undefined) out[key] = p;
      else if (Array.isArray(value)) out[key] = safeJson(value);
      else if (value && typeof value === 'object' && depth < 3) visit(value as Json, key, depth + 1);
      else if (value && typeof value === 'object') out[key] = safeJson(value);
    }
  };
  visit(metadata, '', 0);
  return out;
}

function safeJson(v: unknown): string {
  try {
    return (JSON.stringify(v) ?? '').slice(0, MAX_METADATA_STRING);
  } catch {
    return '';
  }
}

/** A duration the server accepts: finite, 0 to 24 h, in ms. */
export function cleanDuration(ms: number): number {
  return Number.isFinite(ms) ? Math.min(Math.max(0, ms), 86_400_000) : 0;
}
