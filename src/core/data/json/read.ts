/**
 * Lossless JSON reading. Validation and the error text come from the native JSON.parse (what
 * users know); the tree comes from a small reader that keeps number literals (JSON.parse rounds
 * them, and its source-text reviver is not available in every runtime we target) and key order.
 */
import { type JsonObject, type JsonValue, type LosslessNumber, numberFromLiteral } from './lossless';
import { positionAt, type TextPosition } from '../position';

export interface ParseFailure {
  ok: false;
  /** The parser's own words, without any position suffix. */
  detail: string;
  position: TextPosition;
  /** Set when the JSON passed this nesting limit (at `position`): too deep, not invalid. */
  tooDeep?: number;
}
type ParseResult = { ok: true; value: JsonValue } | ParseFailure;

class JsonSyntaxError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
// Control characters are not allowed raw inside JSON strings.
// eslint-disable-next-line no-control-regex -- exactly what RFC 8259 forbids raw in a string
const RAW_CONTROL = /[\u0000-\u001f]/;

/**
 * The tree's nesting limit. The reader and the writer (./write.ts) recurse per level: the data
 * worker ran out of stack writing 900 levels of objects with sort keys (Chromium, cold code; Node
 * at 2000): "Maximum call stack size exceeded".
 */
export const JSON_TREE_MAX_DEPTH = 500;

class JsonTooDeep extends JsonSyntaxError {}

const END = 'Unexpected end of JSON input';

class Reader {
  pos = 0;
  private depth = 0;
  constructor(private readonly s: string) {}

  fail(message: string, at = this.pos): never {
    throw new JsonSyntaxError(message, at);
  }

  ws(): void {
    const s = this.s;
    let c = s.charCodeAt(this.pos);
    while (c === 32 || c === 10 || c === 13 || c === 9) c = s.charCodeAt(++this.pos);
  }

  document(): JsonValue {
    this.ws();
    const v = this.value();
    this.ws();
    if (this.pos < this.s.length) this.fail('Unexpected non-whitespace character after JSON');
    return v;
  }

  value(): JsonValue {
    const c = this.s[this.pos];
    switch (c) {
      case '{':
        return this.object();
      case '[':
        return this.array();
      case '"':
        return this.string();
      case 't':
        return this.word('true', true);
      case 'f':
        return this.word('false', false);
      case 'n':
        return this.word('null', null);
      case undefined:
        return this.fail(END);
      default:
        return this.number();
    }
  }

  word<T>(w: string, v: T): T {
    // Placed at the first character that differs, the one JSON.parse's message names.
    for (let i = 1; i < w.length; i++) {
      const c = this.s[this.pos + i];
      if (c === undefined) this.fail(END, this.pos + i);
      if (c !== w[i]) this.fail(`Unexpected token '${c}'`, this.pos + i);
    }
    this.pos += w.length;
    return v;
  }

  number(): number | LosslessNumber {
    NUMBER.lastIndex = this.pos;
    const m = NUMBER.exec(this.s);
    if (!m) this.fail(`Unexpected token '${this.s[this.pos]}'`);
    this.pos += m[0].length;
    return numberFromLiteral(m[0]);
  }

  string(): string {
    const s = this.s;
    const start = this.pos;
    let i = start + 1;
    let escaped = false;
    for (;;) {
      const q = s.indexOf('"', i);
      if (q === -1) this.fail('Unterminated string in JSON', s.length);
      // The quote ends the string unless an odd number of backslashes precede it.
      let b = q - 1;
      while (s.charCodeAt(b) === 92) b--;
      if ((q - 1 - b) % 2 === 1) {
        escaped = true;
        i = q + 1;
        continue;
      }
      const body = s.slice(start + 1, q);
      if (RAW_CONTROL.test(body))
        this.fail('Bad control character in string literal in JSON', start + 1 + body.search(RAW_CONTROL));
      this.pos = q + 1;
      if (!escaped && body.indexOf('\\') === -1) return body;
      try {
        return JSON.parse(s.slice(start, q + 1)) as string;
      } catch {
        // At the escaped character: JSON.parse places most bad escapes itself, but not one of a
        // character beyond U+FFFF ("Unexpected token"), which was placed at the opening quote.
        return this.fail('Bad escaped character in JSON', badEscapeAt(s, start + 1, q));
      }
    }
  }

  /** Enters an array or object (its bracket at `pos`); its closing bracket leaves it (depth--). */
  enter(): void {
    if (++this.depth > JSON_TREE_MAX_DEPTH) throw new JsonTooDeep('JSON is nested too deeply', this.pos);
  }

  array(): JsonValue[] {
    const out: JsonValue[] = [];
    this.enter();
    this.pos++;
    this.ws();
    if (this.s[this.pos] === ']') return (this.pos++, this.depth--, out);
    for (;;) {
      this.ws();
      out.push(this.value());
      this.ws();
      const c = this.s[this.pos++];
      if (c === ']') return (this.depth--, out);
      if (c !== ',') this.fail(c === undefined ? END : "Expected ',' or ']' after array element", this.pos - 1);
    }
  }

  object(): JsonObject {
    const out: JsonObject = new Map();
    this.enter();
    this.pos++;
    this.ws();
    if (this.s[this.pos] === '}') return (this.pos++, this.depth--, out);
    for (;;) {
      this.ws();
      if (this.s[this.pos] !== '"')
        this.fail(this.pos >= this.s.length ? END : 'Expected double-quoted property name in JSON');
      const key = this.string();
      this.ws();
      if (this.s[this.pos] !== ':') this.fail("Expected ':' after property name in JSON");
      this.pos++;
      this.ws();
      out.set(key, this.value());
      this.ws();
      const c = this.s[this.pos++];
      if (c === '}') return (this.depth--, out);
      if (c !== ',')
        this.fail(c === undefined ? END : "Expected ',' or '}' after property value in JSON", this.pos - 1);
    }
  }
}

/** The offset of the character after the first backslash in s[from, to) that starts no JSON escape. */
function badEscapeAt(s: string, from: number, to: number): number {
  for (let i = s.indexOf('\\', from); i !== -1 && i < to; i = s.indexOf('\\', i + 2)) {
    const c = s[i + 1]!;
    if (c === 'u' ? !/^[0-9a-fA-F]{4}$/.test(s.slice(i + 2, i + 6)) : !'"\\/bfnrt'.includes(c)) return i + 1;
  }
  return from - 1;
}

/**
 * `detail` naming the character at `offset` whole: V8 (and our reader, which words errors like it)
 * names the first UTF-16 unit of a character beyond U+FFFF, a lone surrogate shown as U+FFFD.
 */
export function wholeCharacter(detail: string, text: string, offset: number): string {
  const m = /^Unexpected token '([\ud800-\udbff])'$/.exec(detail);
  const c = text.codePointAt(offset);
  return m && c !== undefined && c > 0xffff && text[offset] === m[1]
    ? `Unexpected token '${String.fromCodePoint(c)}'`
    : detail;
}

/**
 * JSON.parse's verdict: undefined when `text` parses, else V8's message without the quoted source,
 * the "(line x column y)" or "at position n" tail, and that position (a UTF-16 offset) when it gives one.
 */
export function nativeVerdict(text: string): { message: string; offset?: number } | undefined {
  try {
    JSON.parse(text);
    return undefined;
  } catch (e) {
    const raw = (e as Error).message;
    const at = /at position (\d+)/.exec(raw);
    // V8 quotes the surrounding source ("Unexpected token 'x', "<source>" is not valid JSON"): drop it.
    const message = raw
      .replace(/, (?:\.\.\.)?".*"(?:\.\.\.)? is not valid JSON$/s, '')
      .replace(/\s*\(line \d+ column \d+\)\s*$/, '')
      .replace(/\s+at position \d+$/, '');
    return { message, offset: at ? Number(at[1]) : undefined };
  }
}

/** The native parser's message and position, its "in JSON" ending on the same line. */
function nativeDetail(text: string): { message: string; offset?: number } | undefined {
  const verdict = nativeVerdict(text);
  return verdict && { ...verdict, message: verdict.message.replace(/\s+in JSON$/, ' in JSON') };
}

/**
 * The position of a UTF-16 offset of `text`: a leading byte-order mark is not shown, so it is not
 * counted in the column, but the offset stays an index into `text` (the textarea's value holds it).
 */
export function markedAt(text: string, offset: number): TextPosition {
  if (text.charCodeAt(0) !== 0xfeff) return positionAt(text, offset);
  const p = positionAt(text.slice(1), offset - 1);
  return { ...p, offset: p.offset + 1 };
}

/** Parses JSON text into a lossless tree, or says what is wrong and where. */
export function readJson(text: string): ParseResult {
  // A leading byte-order mark (Windows editors write one) is skipped, as jq and the kernel do
  // (RFC 8259 lets a parser ignore it); JSON.parse refuses it. Offsets stay in `text`.
  const bom = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  try {
    const reader = new Reader(text);
    reader.pos = bom;
    return { ok: true, value: reader.document() };
  } catch (e) {
    const verdict = nativeDetail(bom ? text.slice(bom) : text);
    const native = verdict && { ...verdict, offset: verdict.offset === undefined ? undefined : verdict.offset + bom };
    // Valid JSON (JSON.parse reads it) past the limit: where the limit was passed.
    if (e instanceof JsonTooDeep && !native)
      return { ok: false, detail: e.message, position: markedAt(text, e.offset), tooDeep: JSON_TREE_MAX_DEPTH };
    if (e instanceof JsonSyntaxError) {
      // V8 places no "Unexpected end": that is the text's end, not where the reader stopped (the
      // nesting limit, 500 levels into an unclosed `[[[...`, said column 501).
      const offset = native?.offset ?? (native?.message === END ? text.length : e.offset);
      return {
        ok: false,
        detail: wholeCharacter(native?.message ?? e.message, text, offset),
        position: markedAt(text, offset),
      };
    }
    if (e instanceof RangeError) {
      return { ok: false, detail: 'JSON is nested too deeply', position: markedAt(text, bom) };
    }
    throw e;
  }
}
