/**
 * YAML through the `yaml` library (YAML 1.2 core schema, merge keys, anchors and aliases).
 * Numbers are read and written as LosslessNumbers, so their literals survive both directions.
 */
import YAML, { Composer, Parser, type CST, type ParseOptions, type ScalarTag, type Tags } from 'yaml';
import { JSON_NUMBER, LosslessNumber, numberFromLiteral, plainNumber } from '../json/lossless';
import { keyText } from '../json/write';
import { positionAt, type TextPosition } from '../position';

const INT = 'tag:yaml.org,2002:int';
const FLOAT = 'tag:yaml.org,2002:float';
const STR = 'tag:yaml.org,2002:str';

/**
 * A YAML number literal as a JSON number: kept when JSON can spell it, else the value its tag's
 * own resolver reads (`resolve`, integers as BigInt so they stay exact). So the numbers of a
 * `%YAML 1.1` document (`0755` octal, `1:30`, `1_000`) mean what YAML 1.1 says; they came out as
 * 755 and null.
 */
function yamlNumberToJson(src: string, resolve: (s: string) => unknown): number | LosslessNumber {
  const text = src.replace(/^\+/, '');
  if (JSON_NUMBER.test(text)) return numberFromLiteral(text);
  // .5, 5., 5.e3: written from the text, as a JavaScript number would lose digits of a long one.
  const plain = plainNumber(src);
  if (plain !== undefined) return numberFromLiteral(plain);
  const r = resolve(src);
  const v = YAML.isScalar(r) ? r.value : r; // the float resolvers give a Scalar
  if (typeof v === 'bigint') return numberFromLiteral(v.toString());
  // .inf / .nan have no JSON spelling: as values they become null (like JSON.stringify), as keys
  // Infinity, -Infinity and NaN (String of the number, as JavaScript and Python's json name them).
  // Until 2026-11-30 all three were NaN: keys that a Map took for one, keeping the last value alone.
  return typeof v === 'number' ? v : Number.NaN;
}

const losslessWriteTag = {
  identify: (v: unknown) => v instanceof LosslessNumber,
  tag: FLOAT,
  default: true,
  test: /^\b$/, // never used to resolve
  resolve: (s: string) => new LosslessNumber(s),
  stringify: (node: { value: unknown }) => (node.value as LosslessNumber).text,
};

/**
 * Characters the `yaml` library writes as they are but readers refuse or change: outside YAML's
 * printable set (YAML 1.2 section 5.1: DEL, C1 controls, U+FFFE, U+FFFF; PyYAML rejects the
 * stream), and NEL, U+2028, U+2029, which YAML 1.1 readers take as line breaks. C0 controls the
 * library escapes already.
 */
const ESCAPED = /[\x7f-\x9f\u2028\u2029\ufffe\uffff]/;

/** A line of one space between two line breaks, which the library's folded double quotes spoil. */
const ONE_SPACE_LINE = /\n \n/;

/** A double-quoted YAML scalar with ESCAPED characters escaped (JSON's escapes are YAML's). */
function escapedYamlString(s: string): string {
  return JSON.stringify(s).replace(
    new RegExp(ESCAPED.source, 'g'),
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/**
 * Core tags with number resolvers that keep literals, a string writer that escapes what YAML does
 * not allow, plus a writer for LosslessNumbers.
 */
function losslessTags(tags: Tags): Tags {
  const mapped = tags.map((t) => {
    if (typeof t !== 'object') return t;
    if (t.tag === INT || t.tag === FLOAT) {
      const { resolve } = t as ScalarTag;
      return {
        ...t,
        resolve: (s: string, onError: (message: string) => void, options: ParseOptions) =>
          yamlNumberToJson(s, (x) => resolve(x, onError, { ...options, intAsBigInt: true })),
      };
    }
    const { stringify } = t;
    if (t.tag !== STR || !stringify) return t;
    return {
      ...t,
      stringify: (...args: Parameters<typeof stringify>) => {
        const v = args[0].value;
        if (typeof v === 'string' && ESCAPED.test(v)) return escapedYamlString(v);
        const text = stringify(...args);
        // yaml 2.9.1 folds a long double-quoted string at its line breaks and writes a line of one
        // space ("\n \n") as "\\ ", an escaped backslash: read back, the space was a backslash.
        return typeof v === 'string' && ONE_SPACE_LINE.test(v) && text.startsWith('"') ? escapedYamlString(v) : text;
      },
    };
  });
  return [
    ...mapped.filter((t) => typeof t !== 'object' || t.tag !== BINARY),
    binaryTag,
    losslessWriteTag,
    ...explicitTags(mapped as Tags),
  ] as Tags;
}

const BINARY = 'tag:yaml.org,2002:binary';

/** A scalar's text for a message: its whitespace runs as one space, at most 40 characters. */
const shown = (s: string) => {
  const one = s.replace(/\s+/g, ' ').trim();
  return one.length > 40 ? `${one.slice(0, 40)}…` : one;
};

/**
 * `!!binary`: Base64 as `atob` reads it (whitespace and line breaks skipped, padding optional), and
 * an error at the tag when it is none. The library decodes with Node's Buffer where there is one,
 * which skips what is not Base64 (`@@@` was "", `aGVsbG8=!` "aGVsbG8="), and with atob in the
 * browser: the CLI and the page disagreed.
 */
const binaryTag: ScalarTag = {
  tag: BINARY,
  default: false,
  identify: (v) => v instanceof Uint8Array,
  resolve: (src, onError) => {
    try {
      const text = atob(src);
      const bytes = new Uint8Array(text.length);
      for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
      return bytes;
    } catch {
      onError(`${shown(src)} is not a !!binary (Base64)`);
      return src;
    }
  },
};

const BOOL = 'tag:yaml.org,2002:bool';
const NULL = 'tag:yaml.org,2002:null';
const TYPE_NAMES: Record<string, string> = {
  [INT]: 'an !!int',
  [FLOAT]: 'a !!float',
  [BOOL]: 'a !!bool',
  [NULL]: 'a !!null',
};

/**
 * A scalar with an explicit `!!int`, `!!float`, `!!bool` or `!!null` tag is that type whatever it
 * looks like (YAML 1.2 section 10.3): `!!float 1` and `!!float "2"` are numbers, as PyYAML reads
 * them. The library takes an explicit tag's resolver only when the tag's own pattern matches the
 * text, else it warns and keeps the text as a string: the JSON had "1" and "2", and `!!float abc`
 * was "abc" without a word. The library asks these resolvers (not default, so never used for an
 * untagged scalar) after the ones whose pattern did not match: each tries its type's patterns, a
 * !!float also the integer ones (`!!float 1`), and a value none matches is an error at the tag.
 */
function explicitTags(tags: Tags): ScalarTag[] {
  const scalars = tags.filter((t): t is ScalarTag => typeof t === 'object' && !t.collection && !!t.test);
  return Object.entries(TYPE_NAMES).map(([tag, name]) => {
    const candidates = scalars.filter((t) => t.tag === tag || (tag === FLOAT && t.tag === INT));
    return {
      tag,
      default: false,
      resolve: (s: string, onError: (message: string) => void, options: ParseOptions) => {
        const match = candidates.find((t) => t.test!.test(s));
        if (match) return match.resolve(s, onError, options);
        // An empty value had an empty subject: " is not an !!int".
        onError(`${s.trim() === '' ? 'An empty value' : shown(s)} is not ${name}`);
        return s;
      },
    };
  });
}

const TOO_DEEP = 'YAML is nested too deeply';

interface YamlFailure {
  ok: false;
  detail: string;
  position: TextPosition;
}
type YamlRead =
  | {
      ok: true;
      value: unknown;
      documents: number;
      comments: number;
      /** The tags the library knows nothing of, one per value written without its tag, as spelt. */
      droppedTags: string[];
    }
  | YamlFailure;

/**
 * Parses YAML. A stream of several documents becomes an array of them (`documents` says how many),
 * so nothing is silently dropped.
 */
export function readYaml(text: string): YamlRead {
  // YAML.parseAllDocuments in two steps: the parser is iterative, the composer recursive, so the
  // nesting is checked in between.
  const tokens = [...new Parser().parse(text)];
  const deep = tooDeepAt(tokens, YAML_MAX_DEPTH);
  if (deep !== undefined) return { ok: false, detail: TOO_DEEP, position: positionAt(text, deep) };
  // uniqueKeys off: the library compares each key with every earlier one of its mapping (40,000
  // keys took 16 s); firstDuplicateKey finds the same keys in one pass.
  const composer = new Composer({ customTags: losslessTags, merge: true, uniqueKeys: false });
  const list = [...composer.compose(tokens)];
  for (const doc of list) {
    const err = doc.errors[0];
    const duplicate = firstDuplicateKey(doc);
    if (duplicate !== undefined && !(err && err.pos[0] < duplicate))
      return { ok: false, detail: 'Map keys must be unique', position: positionAt(text, duplicate) };
    if (err) {
      const tab = tabIndentBehind(text, doc.errors);
      if (tab !== undefined) return { ok: false, detail: TAB_INDENT, position: positionAt(text, tab) };
      const offset = err.pos[0];
      // The library reports running out of stack in a collection as RESOURCE_EXHAUSTION.
      const detail =
        err.code === 'RESOURCE_EXHAUSTION' ? TOO_DEEP : err.message.replace(/ at line \d+, column \d+:?[\s\S]*$/, '');
      return { ok: false, detail, position: positionAt(text, offset) };
    }
  }
  const cycle = text.includes('*') ? aliasInsideItsAnchor(list) : undefined;
  if (cycle) return { ok: false, detail: cycle.detail, position: positionAt(text, cycle.offset) };
  try {
    const bomb = text.includes('*') ? aliasPastLimit(list, MAX_EXPANDED_VALUES) : undefined;
    if (bomb !== undefined) return { ok: false, detail: ALIAS_BOMB, position: positionAt(text, bomb) };
    const values = list.map((d) => d.toJS({ mapAsMap: true, maxAliasCount: -1 }));
    for (const doc of list) {
      const clash = sameJsonKey(doc, text);
      if (clash) return { ok: false, ...clash };
    }
    return {
      ok: true,
      value: values.length === 0 ? null : values.length === 1 ? values[0] : values,
      documents: values.length,
      comments: countComments(tokens),
      droppedTags: list.flatMap(droppedTags),
    };
  } catch (e) {
    const detail = e instanceof RangeError ? TOO_DEEP : (e as Error).message;
    // The library throws "Unresolved alias" from toJS, without a place: it is the first alias
    // whose anchor is not set before it (it was reported at line 1, column 1).
    const alias = e instanceof ReferenceError ? firstUnresolvedAlias(list) : undefined;
    // So does "Merge sources must be maps or map aliases": it is the first such source.
    const merge = detail.startsWith('Merge sources') ? firstBadMergeSource(list) : undefined;
    return { ok: false, detail, position: positionAt(text, alias ?? merge ?? 0) };
  }
}

const TAB_INDENT = 'Tabs are not allowed as indentation';

/**
 * The tab that indents a line, when it is what the first error is about though the library names
 * something else: a line of a block scalar indented with a tab ("Block scalar values in
 * collections must be indented", ...), or a quoted string going on on a line indented with a tab,
 * where the library's first error is "Missing closing "quote" at the opening quote and its next
 * one the tab. The library says it for keys and items itself.
 */
function tabIndentBehind(text: string, errors: readonly YAML.YAMLError[]): number | undefined {
  const [first] = errors;
  if (!first) return undefined;
  const at = first.pos[0];
  if (first.message.startsWith('Block scalar')) {
    const lineStart = text.lastIndexOf('\n', at - 1) + 1;
    const indent = /^[ \t]*/.exec(text.slice(lineStart, at + 1))![0];
    const tab = indent.indexOf('\t');
    return tab !== -1 && at <= lineStart + indent.length ? lineStart + tab : undefined;
  }
  const quote = /^Missing closing (["'])quote/.exec(first.message)?.[1];
  const tab = errors.find((e) => e.code === 'TAB_AS_INDENT' && e.pos[0] > at);
  // The string does end, after the tab.
  return quote && tab && text.indexOf(quote, tab.pos[0]) !== -1 ? tab.pos[0] : undefined;
}

/**
 * The tags of a document the library does not know (CloudFormation's `!Ref`, `!GetAtt`, ...): it
 * keeps their values as if untagged and warns, and JSON has no place for a tag. They were dropped
 * without a word. Written as the document can spell them: `!!x` for the YAML namespace.
 */
function droppedTags(doc: YAML.Document.Parsed): string[] {
  return doc.warnings.flatMap((w) => {
    const m = w.code === 'TAG_RESOLVE_FAILED' ? /^Unresolved tag: (\S+)/.exec(w.message) : null;
    if (!m) return [];
    const tag = m[1]!;
    return [tag.startsWith('!') ? tag : tag.startsWith(YAML_TAG) ? `!!${tag.slice(YAML_TAG.length)}` : `!<${tag}>`];
  });
}
const YAML_TAG = 'tag:yaml.org,2002:';

/**
 * The comments of parsed YAML, which JSON has no place for (a `#` inside a scalar is text, part of
 * the scalar's token). They were dropped without a word. No recursion: the tokens nest as deep as
 * the document.
 */
function countComments(tokens: CST.Token[]): number {
  let count = 0;
  const stack: unknown[] = [...tokens];
  for (let t = stack.pop(); t !== undefined; t = stack.pop()) {
    // One at a time: spreading a list of 125,000 items into push() ran out of stack.
    if (Array.isArray(t)) for (const item of t as unknown[]) stack.push(item);
    else if (t && typeof t === 'object') {
      if ((t as CST.SourceToken).type === 'comment') count++;
      else for (const v of Object.values(t)) if (v && typeof v === 'object') stack.push(v);
    }
  }
  return count;
}

/**
 * Where the first key a mapping has twice starts, as the library's uniqueKeys judges keys (the same
 * node, or scalars of the same value: two NaN are not the same), with a Set per mapping.
 */
function firstDuplicateKey(doc: YAML.Document.Parsed): number | undefined {
  let first: number | undefined;
  YAML.visit(doc, {
    Map(_key, map) {
      const seen = new Set<unknown>();
      for (const { key } of map.items) {
        const id = YAML.isScalar(key) && !Number.isNaN(key.value) ? key.value : key;
        const at = YAML.isNode(key) ? key.range?.[0] : undefined;
        if (seen.has(id) && at !== undefined && (first === undefined || at < first)) first = at;
        seen.add(id);
      }
    },
  });
  return first;
}

/**
 * Two keys of one mapping that JSON writes as one key (`1` and `"1"`, `true` and `"true"`): the
 * library keeps them apart (they are different values), and the JSON had the key twice, which
 * JSON.parse and jq read as the last one alone. The keys merge keys bring in count too (`<<:
 * {"1": a}` beside `1: b`): a merge adds the keys the mapping does not have, as the library
 * compares them (the same scalar value), so those two were both written.
 */
function sameJsonKey(doc: YAML.Document.Parsed, text: string): Omit<YamlFailure, 'ok'> | undefined {
  let clash: Omit<YamlFailure, 'ok'> | undefined;
  YAML.visit(doc, {
    Map(_key, map) {
      const entries = mapKeys(doc, map);
      if (entries.length < 2) return undefined;
      const seen = new Map<string, MapKey>();
      for (const entry of entries) {
        const name = keyText(entry.value);
        const first = seen.get(name);
        if (first) {
          const spelt = (e: MapKey) =>
            text.slice(e.node.range![0], e.node.range![1]).trim() + (e.merged ? ' (merged by <<)' : '');
          clash = {
            detail: `Map keys ${spelt(first)} and ${spelt(entry)} are the same JSON key ${JSON.stringify(name)}`,
            position: positionAt(text, entry.site.range![0]),
          };
          return YAML.visit.BREAK;
        }
        seen.set(name, entry);
      }
      return undefined;
    },
  });
  return clash;
}

interface MapKey {
  /** The key's JavaScript value, as toJS gives it. */
  value: unknown;
  /** The key as written (in the merged mapping when merged). */
  node: YAML.Node;
  /** Where the mapping gets it: the key itself, or the merge key `<<` that brings it in. */
  site: YAML.Node;
  merged: boolean;
}

/**
 * The keys a mapping has once its merge keys are applied, in the order they come in: a merged key
 * is left out when the mapping has it already (the same scalar value: the library's `Map.has`), and
 * a key of the mapping after a merged one replaces it. Collection keys are never the same key.
 */
function mapKeys(doc: YAML.Document.Parsed, map: YAML.YAMLMap, depth = 0): MapKey[] {
  const keys = new Map<unknown, MapKey>();
  // NaN is no key the mapping has already (the library's comparison): a Map would take two for one.
  const identity = (node: YAML.Node) =>
    YAML.isScalar(node) && !Number.isNaN(node.value) ? node.value : Symbol('collection or NaN key');
  for (const { key, value } of map.items) {
    if (!YAML.isNode(key) || !key.range) continue;
    const js = YAML.isScalar(key) ? key.value : key.toJS(doc, { mapAsMap: true });
    if (typeof js !== 'symbol') {
      const id = identity(key);
      keys.delete(id); // a key of the mapping replaces a merged one, at its own place
      keys.set(id, { value: js, node: key, site: key, merged: false });
      continue;
    }
    // The merge key <<: a mapping, an alias of one, or a sequence of them (earlier ones win).
    if (depth > 64) continue;
    const resolve = (n: unknown) => (YAML.isAlias(n) ? n.resolve(doc) : n);
    const source = resolve(value);
    for (const item of YAML.isSeq(source) ? source.items : [source]) {
      const m = resolve(item);
      if (!YAML.isMap(m)) continue;
      for (const entry of mapKeys(doc, m, depth + 1)) {
        const id = identity(entry.node);
        if (!keys.has(id)) keys.set(id, { value: entry.value, node: entry.node, site: key, merged: true });
      }
    }
  }
  return [...keys.values()];
}

/**
 * The offset of the first source of a merge key `<<` that is not a mapping: the value itself (an
 * alias to something else, a scalar) or, in a sequence of sources, the item.
 */
function firstBadMergeSource(docs: YAML.Document.Parsed[]): number | undefined {
  for (const doc of docs) {
    let found: number | undefined;
    const isMapSource = (n: unknown) => YAML.isMap(YAML.isAlias(n) ? n.resolve(doc) : n);
    YAML.visit(doc, {
      Pair(_key, pair) {
        if (!YAML.isScalar(pair.key) || typeof pair.key.value !== 'symbol') return undefined; // not <<
        const v = pair.value;
        const bad = YAML.isSeq(v) ? v.items.find((item) => !isMapSource(item)) : isMapSource(v) ? undefined : v;
        if (!bad) return undefined;
        found = (YAML.isNode(bad) && bad.range?.[0]) || pair.key.range?.[0];
        return YAML.visit.BREAK;
      },
    });
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * The first alias inside the collection its anchor names (`a: &a {b: *a}`): the value would contain
 * itself, which no JSON, CSV or YAML output can hold (it ran out of stack).
 */
function aliasInsideItsAnchor(docs: YAML.Document.Parsed[]): { detail: string; offset: number } | undefined {
  for (const doc of docs) {
    let found: { detail: string; offset: number } | undefined;
    YAML.visit(doc, {
      Alias(_key, node, path) {
        const target = node.resolve(doc);
        if (!target || !path.includes(target as never)) return undefined;
        found = { detail: `Alias *${node.source} is inside the collection it names`, offset: node.range?.[0] ?? 0 };
        return YAML.visit.BREAK;
      },
    });
    if (found) return found;
  }
  return undefined;
}

/**
 * Values (scalars and collections) the JSON may hold with every alias written out: go-yaml (yq)
 * allows about as many decoded through aliases. The library's own guard (maxAliasCount) multiplied
 * counts along a chain of anchors each used once: it refused a 14-link chain of small mappings, at
 * line 1, column 1.
 */
const MAX_EXPANDED_VALUES = 4_000_000;
const ALIAS_BOMB = `Aliases would write out more than ${MAX_EXPANDED_VALUES.toLocaleString('en-US')} values (an alias bomb)`;

/**
 * The offset of the first alias (in document order) that takes the values written out through
 * aliases past `limit`; undefined when none does. Each node's size is counted once (memoised), so
 * a bomb costs the length of its text. Run after aliasInsideItsAnchor: no alias holds itself.
 */
function aliasPastLimit(docs: YAML.Document.Parsed[], limit: number): number | undefined {
  for (const doc of docs) {
    const sizes = new Map<unknown, number>();
    const size = (node: unknown): number => {
      if (YAML.isAlias(node)) return size(node.resolve(doc));
      let n = sizes.get(node);
      if (n !== undefined) return n;
      n = 1;
      if (YAML.isCollection(node))
        for (const item of node.items) n += YAML.isPair(item) ? size(item.key) + size(item.value) : size(item);
      sizes.set(node, n);
      return n;
    };
    let total = 0;
    let found: number | undefined;
    YAML.visit(doc, {
      Alias(_key, node) {
        total += size(node);
        if (total <= limit) return undefined;
        found = node.range?.[0] ?? 0;
        return YAML.visit.BREAK;
      },
    });
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The offset of the first alias naming an anchor not set before it in its own document. */
function firstUnresolvedAlias(docs: YAML.Document.Parsed[]): number | undefined {
  for (const doc of docs) {
    const anchors = new Set<string>();
    let found: number | undefined;
    YAML.visit(doc, (_key, node) => {
      if (YAML.isAlias(node)) {
        if (anchors.has(node.source)) return undefined;
        found = node.range?.[0];
        return YAML.visit.BREAK;
      }
      if ((YAML.isScalar(node) || YAML.isCollection(node)) && node.anchor) anchors.add(node.anchor);
      return undefined;
    });
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * Deepest nesting of YAML read or written: the `yaml` library's composer and writer recurse per
 * level. The data worker's thread ran out of stack writing 500 levels of objects (Chromium's page
 * thread at 1000, Node's at about 650), where nothing was shown or the status said "Error:
 * Maximum call stack size exceeded". 200 is far beyond real documents and leaves room for code
 * not yet optimised (bigger stack frames).
 */
export const YAML_MAX_DEPTH = 200;

/** Whether arrays and objects (Maps) nest more than `max` levels deep; no recursion. */
export function nestedDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  for (let top = stack.pop(); top; top = stack.pop()) {
    const [v, depth] = top;
    const children = Array.isArray(v) ? v : v instanceof Map ? [...v.values()] : undefined;
    if (!children) continue;
    if (depth === max) return true;
    for (const c of children) if (Array.isArray(c) || c instanceof Map) stack.push([c, depth + 1]);
  }
  return false;
}

/**
 * The offset of the first collection nested more than `max` levels deep in parsed YAML, if any.
 * The composer recurses per level: far past the limit it ran out of stack, and at some depths V8
 * then died compiling a regular expression (a fatal out of memory, not an exception).
 */
function tooDeepAt(tokens: CST.Token[], max: number): number | undefined {
  const stack: [CST.Token, number][] = tokens.map((t) => [t, 0]);
  for (let top = stack.pop(); top; top = stack.pop()) {
    const [token, depth] = top;
    if (token.type === 'document') {
      if (token.value) stack.push([token.value, depth]);
    } else if (token.type === 'block-map' || token.type === 'block-seq' || token.type === 'flow-collection') {
      if (depth === max) return token.offset;
      for (const item of token.items) {
        if (item.key) stack.push([item.key, depth + 1]);
        if (item.value) stack.push([item.value, depth + 1]);
      }
    }
  }
  return undefined;
}

/**
 * Plain strings a YAML 1.1 reader (PyYAML, Go's yaml.v2, Ruby's Psych) takes for something else:
 * `yes`/`no`/`on`/`off`/`y`/`n`, `1:30`, `0755`, `1_000`, `0b101`, dates, and the merge key `<<`
 * (our reader too); `=` (PyYAML fails on it). The tests of the `yaml` library's own 1.1 schema.
 */
const YAML_11_NOT_STRING = [
  /^=$/,
  ...new YAML.Document(null, { version: '1.1' }).schema.tags.flatMap((t) =>
    typeof t === 'object' && t.default && t.test ? [t.test] : [],
  ),
];

/** YAML text of a JSON tree; `indent` spaces per level. */
export function writeYaml(value: unknown, indent: number): string {
  const doc = new YAML.Document(value, { customTags: losslessTags });
  // Strings that yaml 2.9 writes unquoted but reads back changed are double-quoted:
  // - a block scalar whose first line starts with a space gets a wrong indentation indicator
  //   (|2 at indent 4);
  // - a document that is one string of several lines: its block's lines are at column 0, which
  //   PyYAML (and yq) refuses ("expected '<document start>'") where other readers take it;
  // - a leading U+FEFF at the start of the output is read as a byte order mark and dropped;
  // - YAML_11_NOT_STRING (YAML 1.2 readers take them as text, 1.1 readers do not).
  YAML.visit(doc, {
    Scalar(_key, node) {
      if (typeof node.value !== 'string') return;
      const v = node.value;
      const multiLine = v.includes('\n');
      if (
        (multiLine && (/^\n*[ \t]/.test(v) || node === doc.contents)) ||
        (!multiLine && v.includes('\t')) || // PyYAML fails on a tab in a plain scalar
        v.startsWith('\ufeff') ||
        YAML_11_NOT_STRING.some((re) => re.test(v))
      )
        node.type = 'QUOTE_DOUBLE';
    },
  });
  // A key written over 1024 characters is an explicit key (`? key`: YAML's implicit keys stop there),
  // and yaml 2.9.1 puts a block collection's first line after its ':' at a column the next lines do
  // not keep at indent 4 (our reader refused the mapping, and read a list as other values). Such a
  // value starts on a line of its own, after a blank one (the library's only way to put it there).
  YAML.visit(doc, {
    Pair(_key, pair) {
      const key = pair.key;
      if (!YAML.isScalar(key) || typeof key.value !== 'string' || writtenLength(key.value) <= 1024) return;
      if (YAML.isCollection(pair.value) && pair.value.items.length > 0) pair.value.spaceBefore = true;
    },
  });
  return doc.toString({ indent, lineWidth: 0 });
}

/** A key's length as written double-quoted at most (ESCAPED characters take six: \uXXXX). */
const writtenLength = (s: string) =>
  JSON.stringify(s).length + 5 * (s.match(new RegExp(ESCAPED.source, 'g'))?.length ?? 0);
