/**
 * Writes a JSON tree (Maps, arrays, LosslessNumbers, plain JS objects from YAML) as JSON text,
 * like JSON.stringify(value, null, indent) but keeping number literals and Map key order.
 * The text is built by string concatenation (V8 ropes), which measured faster than array joins.
 */
import { LosslessNumber } from './lossless';

interface WriteOptions {
  /** Spaces per level, or a tab; 0 writes everything on one line (minified). */
  indent: number | 'tab';
  sortKeys?: boolean;
  /** Indentation already in front of the value (to write one element of a bigger document). */
  prefix?: string;
  /** Counts, when given, the numbers JSON has no spelling for (YAML's .inf, .nan), written as null. */
  nonFinite?: { count: number };
}

/** Key text of a YAML mapping key that is not a string (numbers, booleans, nested collections). */
export function keyText(key: unknown): string {
  if (typeof key === 'string') return key;
  if (key === null || key === undefined) return String(key);
  // The text their values have, unquoted: a date key was written "\"2001-12-14T00:00:00.000Z\"".
  if (key instanceof Date) return key.toISOString();
  if (key instanceof Uint8Array) return base64(key);
  if (typeof key === 'object' && !(key instanceof LosslessNumber)) return writeJson(key, { indent: 0 });
  return String(key);
}

/** A UTF-16 code unit moved so that the units compare in code point order (surrogates above U+FFFF). */
const codePointRank = (c: number) => (c >= 0xd800 ? (c >= 0xe000 ? c - 0x800 : c + 0x2000) : c);

/**
 * Key order of sort keys: by code point, as jq -S and Python's sort_keys order them (JavaScript's
 * `<` compares UTF-16 units and put an emoji before U+E000-U+FFFF, e.g. before `！`).
 */
export function compareKeys(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return codePointRank(x) - codePointRank(y);
  }
  return a.length - b.length;
}

const byKey = ([a]: [string, unknown], [b]: [string, unknown]) => compareKeys(a, b);
const quote = (s: string) => JSON.stringify(s);

/** JSON text of a scalar, or undefined when the value is a collection or has no JSON form. */
function scalar(v: unknown): string | undefined {
  switch (typeof v) {
    case 'string':
      return quote(v);
    case 'number':
      return Number.isFinite(v) ? String(v) : 'null';
    case 'boolean':
      return v ? 'true' : 'false';
    case 'bigint':
      return v.toString();
    case 'object':
      if (v === null) return 'null';
      if (v instanceof LosslessNumber) return v.text;
      if (v instanceof Date) return JSON.stringify(v.toISOString());
      return undefined;
    default:
      return undefined;
  }
}

/**
 * YAML's !!binary (a Uint8Array, a Buffer in Node) as the Base64 text it was, without its line
 * breaks, as yq writes it; it was an array of byte values on one line whatever the indentation.
 */
function base64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

class Writer {
  /** One level of indentation: '' when minified. */
  private readonly indent: string;

  constructor(
    indent: number | 'tab',
    private readonly sortKeys: boolean,
    private readonly nonFinite?: { count: number },
  ) {
    this.indent = indent === 'tab' ? '\t' : ' '.repeat(indent);
  }

  /** Text of `v` at nesting `prefix`; undefined for values JSON leaves out (undefined, functions). */
  value(v: unknown, prefix: string): string | undefined {
    if (this.nonFinite && typeof v === 'number' && !Number.isFinite(v)) this.nonFinite.count++;
    const s = scalar(v);
    if (s !== undefined || v === null || typeof v !== 'object') return s;
    if (Array.isArray(v) || v instanceof Set) return this.array([...v], prefix);
    if (v instanceof Uint8Array) return quote(base64(v));
    return this.object(v, prefix);
  }

  array(items: unknown[], prefix: string): string {
    if (items.length === 0) return '[]';
    const inner = this.pad(prefix);
    const sep = this.indent ? ',\n' + inner : ',';
    let out = this.indent ? '[\n' + inner : '[';
    for (let i = 0; i < items.length; i++) {
      if (i) out += sep;
      out += this.value(items[i], inner) ?? 'null';
    }
    return out + (this.indent ? '\n' + prefix + ']' : ']');
  }

  object(v: object, prefix: string): string {
    const inner = this.pad(prefix);
    const sep = this.indent ? ',\n' + inner : ',';
    const colon = this.indent ? ': ' : ':';
    let out = '';
    const member = (item: unknown, k: unknown) => {
      const text = this.value(item, inner);
      // Like JSON.stringify, members whose value has no JSON form are left out.
      if (text !== undefined) out += (out ? sep : '') + quote(keyText(k)) + colon + text;
    };
    if (this.sortKeys) {
      const entries: [string, unknown][] =
        v instanceof Map ? [...v].map(([k, x]) => [keyText(k), x]) : Object.entries(v);
      for (const [k, item] of entries.sort(byKey)) member(item, k);
    } else if (v instanceof Map) {
      v.forEach(member); // no [key, value] array per member
    } else {
      for (const k of Object.keys(v)) member((v as Record<string, unknown>)[k], k);
    }
    if (!out) return '{}';
    return this.indent ? '{\n' + inner + out + '\n' + prefix + '}' : '{' + out + '}';
  }

  private readonly pads = new Map<string, string>();
  /** The prefix one level deeper (cached: prefixes repeat for every member). */
  pad(prefix: string): string {
    let p = this.pads.get(prefix);
    if (p === undefined) this.pads.set(prefix, (p = prefix + this.indent));
    return p;
  }
}

export function writeJson(value: unknown, { indent, sortKeys = false, prefix = '', nonFinite }: WriteOptions): string {
  return new Writer(indent, sortKeys, nonFinite).value(value, prefix) ?? 'null';
}
