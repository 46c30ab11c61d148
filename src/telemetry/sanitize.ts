/**
 * Fits analytics payloads to the server's strict ingest schemas (the limits of
 * src/core/analytics/contract.ts), so a long URL or a tool's nested metadata does not get the
 * whole event rejected with a 422, and an event the server would refuse is not sent at all.
 */
import {
  FIELD_MAX,
  MAX_DURATION_MS,
  METADATA_KEY_MAX,
  METADATA_MAX_KEYS,
  METADATA_MAX_STRING,
  NON_EMPTY_FIELDS,
  RESERVED_METADATA_KEYS,
  type EventBodies,
  type EventKind,
  type MetadataValue,
} from '../core/analytics/contract';

type Json = Record<string, unknown>;

const fieldMax: Readonly<Record<string, number>> = FIELD_MAX;

/** Clips the known string fields of an event body; other fields are left as they are. */
export function clipFields<T extends object>(body: T): T {
  const out = { ...body } as Json;
  for (const [k, v] of Object.entries(out)) {
    const cap = fieldMax[k];
    if (cap !== undefined && typeof v === 'string' && v.length > cap) out[k] = v.slice(0, cap);
  }
  return out as T;
}

/** Why the server would still reject a clipped body (an empty required field, a non-finite number). */
export function rejection<K extends EventKind>(kind: K, body: EventBodies[K]): string | undefined {
  const fields = body as Json;
  const empty = NON_EMPTY_FIELDS[kind].find((f) => fields[f] === '');
  if (empty) return `${empty} is empty`;
  const notFinite = Object.keys(fields).find((k) => typeof fields[k] === 'number' && !Number.isFinite(fields[k]));
  return notFinite === undefined ? undefined : `${notFinite} is not a finite number`;
}

/** A metadata key the server accepts: identifier characters, at most 64, not reserved. */
function metadataKey(key: string): string {
  let k = key.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, METADATA_KEY_MAX);
  if (!/^[A-Za-z_]/.test(k)) k = `_${k}`.slice(0, METADATA_KEY_MAX);
  return RESERVED_METADATA_KEYS.has(k) ? `${k}_` : k;
}

function primitive(v: unknown): MetadataValue | undefined {
  if (v === null || typeof v === 'boolean') return v;
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string') return v.slice(0, METADATA_MAX_STRING);
  if (typeof v === 'bigint') return v.toString().slice(0, METADATA_MAX_STRING);
  return undefined;
}

/**
 * A flat object of at most 32 primitives: nested objects become `parent_child` keys, arrays
 * become JSON text, functions and undefined are dropped.
 */
export function flatMetadata(metadata: Json): Record<string, MetadataValue> {
  const out: Record<string, MetadataValue> = {};
  const visit = (obj: Json, prefix: string, depth: number) => {
    for (const [rawKey, value] of Object.entries(obj)) {
      if (Object.keys(out).length >= METADATA_MAX_KEYS) return;
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
    return (JSON.stringify(v) ?? '').slice(0, METADATA_MAX_STRING);
  } catch {
    return '';
  }
}

/** A duration the server accepts: finite, 0 to 24 h, in ms. */
export function cleanDuration(ms: number): number {
  return Number.isFinite(ms) ? Math.min(Math.max(0, ms), MAX_DURATION_MS) : 0;
}
