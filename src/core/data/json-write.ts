/**
 * Writes a JSON tree (Maps, arrays, LosslessNumbers, plain JS objects from YAML) as JSON text,
 * like JSON.stringify(value, null, indent) but keeping number literals and Map key order.
 * Parts are collected in an array and joined once: big documents stay linear.
 */
import { LosslessNumber } from './lossless';

export interface WriteOptions {
  /** Spaces per level; 0 writes everything on one line (minified). */
  indent: number;
  sortKeys?: boolean;
}

/** Key text of a YAML mapping key that is not a string (numbers, booleans, nested collections). */
export function keyText(key: unknown): string {
  if (typeof key === 'string') return key;
  if (key === null || key === undefined) return String(key);
  if (typeof key === 'object' && !(key instanceof LosslessNumber)) return writeJson(key, { indent: 0 });
  return String(key);
}

function entriesOf(v: object): [string, unknown][] {
  if (v instanceof Map) return [...v].map(([k, x]) => [keyText(k), x]);
  return Object.entries(v);
}

export function writeJson(value: unknown, { indent, sortKeys = false }: WriteOptions): string {
  const out: string[] = [];
  const pad = ' '.repeat(indent);
  const colon = indent > 0 ? ': ' : ':';

  const write = (v: unknown, prefix: string): boolean => {
    if (v === null || v === undefined) return out.push('null'), true;
    switch (typeof v) {
      case 'string': return out.push(JSON.stringify(v)), true;
      case 'boolean': return out.push(v ? 'true' : 'false'), true;
      case 'number': return out.push(Number.isFinite(v) ? String(v) : 'null'), true;
      case 'bigint': return out.push(v.toString()), true;
      case 'function': case 'symbol': return false;
    }
    if (v instanceof LosslessNumber) return out.push(v.text), true;
    if (v instanceof Date) return out.push(JSON.stringify(v.toISOString())), true;
    if (ArrayBuffer.isView(v)) return out.push(JSON.stringify(Array.from(v as unknown as ArrayLike<number>))), true;
    const inner = prefix + pad;
    const nl = indent > 0 ? '\n' + inner : '';
    if (Array.isArray(v) || v instanceof Set) {
      const items = [...v];
      if (items.length === 0) return out.push('[]'), true;
      out.push('[');
      items.forEach((item, i) => {
        out.push(i ? ',' + nl : nl);
        if (!write(item, inner)) out.push('null');
      });
      out.push(indent > 0 ? '\n' + prefix + ']' : ']');
      return true;
    }
    let entries = entriesOf(v as object);
    if (sortKeys) entries = entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    let first = true;
    out.push('{');
    for (const [k, item] of entries) {
      const mark = out.length;
      out.push(first ? nl : ',' + nl, JSON.stringify(k), colon);
      // Like JSON.stringify, members whose value has no JSON form are left out.
      if (write(item, inner)) first = false;
      else out.length = mark;
    }
    out.push(first ? '}' : indent > 0 ? '\n' + prefix + '}' : '}');
    return true;
  };

  if (!write(value, '')) return 'null';
  return out.join('');
}
