/**
 * YAML through the `yaml` library (YAML 1.2 core schema, merge keys, anchors and aliases).
 * Numbers are read and written as LosslessNumbers, so their literals survive both directions.
 */
import YAML, { type Tags } from 'yaml';
import { JSON_NUMBER, LosslessNumber, numberFromLiteral } from '../json/lossless';
import { positionAt, type TextPosition } from '../position';

const INT = 'tag:yaml.org,2002:int';
const FLOAT = 'tag:yaml.org,2002:float';

/** A YAML number literal as a JSON number: kept when JSON can spell it, converted otherwise. */
function yamlNumberToJson(src: string): number | LosslessNumber {
  const text = src.replace(/^\+/, '');
  if (JSON_NUMBER.test(text)) return numberFromLiteral(text);
  const m = /^(-?)0([xo])([0-9a-fA-F]+)$/.exec(text);
  if (m) return numberFromLiteral(BigInt(`${m[1] ? '-' : ''}0${m[2]}${m[3]}`).toString());
  const n = Number(text.replace(/^(-?)\./, '$10.').replace(/\.(?=$|[eE])/, ''));
  if (Number.isFinite(n)) return n;
  // .inf / .nan have no JSON spelling; like JSON.stringify they become null.
  return Number.NaN;
}

const losslessWriteTag = {
  identify: (v: unknown) => v instanceof LosslessNumber,
  tag: FLOAT,
  default: true,
  test: /^\b$/, // never used to resolve
  resolve: (s: string) => new LosslessNumber(s),
  stringify: (node: { value: unknown }) => (node.value as LosslessNumber).text,
};

/** Core tags with number resolvers that keep literals, plus a writer for LosslessNumbers. */
function losslessTags(tags: Tags): Tags {
  const mapped = tags.map((t) =>
    typeof t === 'object' && (t.tag === INT || t.tag === FLOAT)
      ? { ...t, resolve: (s: string) => yamlNumberToJson(s) }
      : t,
  );
  return [...mapped, losslessWriteTag] as Tags;
}

interface YamlFailure {
  ok: false;
  detail: string;
  position: TextPosition;
}
type YamlRead = { ok: true; value: unknown; documents: number } | YamlFailure;

/**
 * Parses YAML. A stream of several documents becomes an array of them (`documents` says how many),
 * so nothing is silently dropped.
 */
export function readYaml(text: string): YamlRead {
  const docs = YAML.parseAllDocuments(text, {
    customTags: losslessTags,
    merge: true,
    prettyErrors: false,
    uniqueKeys: true,
  });
  // An empty stream (only comments or directives) may come back as a single EmptyStream.
  const list = Array.isArray(docs) ? docs : [];
  for (const doc of list) {
    const err = doc.errors[0];
    if (err) {
      const offset = err.pos[0];
      const detail = err.message.replace(/ at line \d+, column \d+:?[\s\S]*$/, '');
      return { ok: false, detail, position: positionAt(text, offset) };
    }
  }
  try {
    const values = list.map((d) => d.toJS({ mapAsMap: true, maxAliasCount: 10_000 }));
    return {
      ok: true,
      value: values.length === 0 ? null : values.length === 1 ? values[0] : values,
      documents: values.length,
    };
  } catch (e) {
    return { ok: false, detail: (e as Error).message, position: positionAt(text, 0) };
  }
}

/** YAML text of a JSON tree; `indent` spaces per level. */
export function writeYaml(value: unknown, indent: number): string {
  const doc = new YAML.Document(value, { customTags: losslessTags });
  // Strings that yaml 2.9 writes unquoted but reads back changed are double-quoted:
  // - a block scalar whose first line starts with a space gets a wrong indentation indicator
  //   (|2 at indent 4);
  // - a leading U+FEFF at the start of the output is read as a byte order mark and dropped.
  YAML.visit(doc, {
    Scalar(_key, node) {
      if (typeof node.value !== 'string') return;
      if ((node.value.includes('\n') && /^\n*[ \t]/.test(node.value)) || node.value.startsWith('\ufeff'))
        node.type = 'QUOTE_DOUBLE';
    },
  });
  return doc.toString({ indent, lineWidth: 0 });
}
