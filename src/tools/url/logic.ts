/**
 * URL encoding and decoding (spec part 2: URL tool) with four encoding types, URL components,
 * malformed percent-sequences reported with their position, and URL analysis.
 */
import { head } from '../../core/excerpt';
import { loneSurrogate } from '../../core/lone-surrogate';

export type Operation = 'encode' | 'decode';
export type EncodingType = 'component' | 'uri' | 'form' | 'rfc3986';
export type ComponentType = 'full' | 'path' | 'query' | 'hash';

export const ENCODING_TYPES: [EncodingType, string][] = [
  ['component', 'Component (encodeURIComponent)'],
  ['uri', 'Full URI (encodeURI)'],
  ['form', 'Form (application/x-www-form-urlencoded)'],
  ['rfc3986', "Strict RFC 3986 (also !'()*)"],
];

export const COMPONENT_TYPES: [ComponentType, string][] = [
  ['full', 'Whole text'],
  ['path', 'Path segments'],
  ['query', 'Query parameters'],
  ['hash', 'Fragment'],
];

export const MESSAGES = {
  empty: 'Please enter text to process',
  encodingFailed: (r: string) => `Encoding failed: ${r}`,
  decodingFailed: (r: string) => `Decoding failed: ${r}`,
  conversionFailed: (r: string) => `Conversion failed: ${r}`,
};

/** Escapes `chars` that encodeURIComponent leaves as they are (a pass per character: no callbacks). */
function escapeAlso(text: string, chars: string): string {
  let out = text;
  for (const c of chars) out = out.replaceAll(c, '%' + c.charCodeAt(0).toString(16).toUpperCase());
  return out;
}

/** encodeURI's output at the start of a URL: scheme, userinfo, then an escaped IPv6 host `%5B...%5D`. */
const IPV6_HOST_ESCAPED = /^((?:[a-z][a-z0-9+.-]*:\/\/)?(?:[^/?#@]*@)?)%5B([0-9a-f.]*:[0-9a-f:.]*)%5D(?=$|[:/?#])/i;

/** Encodes one piece of text (throws URIError on lone surrogates). */
export function encodeText(text: string, type: EncodingType): string {
  switch (type) {
    case 'uri':
      // encodeURI escapes the brackets of an IPv6 host ("http://%5B::1%5D/" is no URL): they stay.
      return encodeURI(text).replace(IPV6_HOST_ESCAPED, '$1[$2]');
    case 'form':
      // WHATWG application/x-www-form-urlencoded: like URLSearchParams (keeps *-._, escapes ~).
      return escapeAlso(encodeURIComponent(text).replaceAll('%20', '+'), "!'()~");
    case 'rfc3986':
      return escapeAlso(encodeURIComponent(text), "!'()*");
    default:
      return encodeURIComponent(text);
  }
}

/** Characters (code points, as the page counts them) in text[0, end): a surrogate pair is one. */
function codePointsBefore(text: string, end: number): number {
  let n = end;
  for (let i = 0; i + 1 < end; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n--;
        i++;
      }
    }
  }
  return n;
}

class MalformedPercentError extends Error {
  /**
   * `position` is in characters (code points) before the sequence: an emoji counts as one. The
   * message counts from 1, as every "at position" of the tools does (the encoder's lone surrogate,
   * Base64, FSM conditions); it counted from 0, so `ab%` and `ab\ud83d` named different positions.
   */
  constructor(
    readonly position: number,
    readonly sequence: string,
    readonly reason: string,
  ) {
    super(`${reason} at position ${position + 1} ("${sequence}")`);
  }

  /** The error at UTF-16 index `at` of `source`. */
  static at(source: string, at: number, sequence: string, reason: string): MalformedPercentError {
    return new MalformedPercentError(codePointsBefore(source, at), sequence, reason);
  }

  /** The same error for a piece that starts `offset` characters into the text. */
  movedBy(offset: number): MalformedPercentError {
    return new MalformedPercentError(this.position + offset, this.sequence, this.reason);
  }
}

/**
 * Decodes percent-escapes as UTF-8. Unlike decodeURIComponent, it says where a malformed
 * sequence starts (counted in characters from 1). Form decoding turns '+' into spaces first;
 * full-URI decoding keeps escapes of reserved characters (like decodeURI).
 */
export function decodeText(text: string, type: EncodingType): string {
  const source = type === 'form' ? text.replace(/\+/g, ' ') : text;
  const keepReserved = type === 'uri';
  try {
    // The browser's decoder is 10-40x faster; the walk below runs only to say where it failed.
    return keepReserved ? decodeURI(source) : decodeURIComponent(source);
  } catch {
    return decodeWalk(source, keepReserved);
  }
}

/** decodeURI(Component) written out, so a malformed sequence is reported with its position. */
export function decodeWalk(source: string, keepReserved: boolean): string {
  let out = '';
  let i = 0;
  while (i < source.length) {
    if (source[i] !== '%') {
      const next = source.indexOf('%', i);
      const end = next === -1 ? source.length : next;
      out += source.slice(i, end);
      i = end;
      continue;
    }
    // A run of %XX escapes is one UTF-8 byte sequence.
    const start = i;
    const bytes: number[] = [];
    while (i < source.length && source[i] === '%') {
      const hex = source.slice(i + 1, i + 3);
      if (!/^[0-9a-fA-F]{2}$/.test(hex))
        throw MalformedPercentError.at(source, i, source.slice(i, i + 3), 'malformed percent-sequence');
      bytes.push(parseInt(hex, 16));
      i += 3;
    }
    out += decodeRun(bytes, start, source, keepReserved);
  }
  return out;
}

const RESERVED = new Set(';/?:@&=+$,#'.split('').map((c) => c.charCodeAt(0)));

function decodeRun(bytes: number[], start: number, source: string, keepReserved: boolean): string {
  let out = '';
  let k = 0;
  while (k < bytes.length) {
    const b = bytes[k]!;
    const len = b < 0x80 ? 1 : b >= 0xc2 && b < 0xe0 ? 2 : b >= 0xe0 && b < 0xf0 ? 3 : b >= 0xf0 && b < 0xf5 ? 4 : 0;
    const at = start + k * 3;
    if (len === 0 || k + len > bytes.length)
      throw MalformedPercentError.at(
        source,
        at,
        source.slice(at, at + 3 * Math.max(1, Math.min(len, bytes.length - k))),
        'invalid UTF-8 percent-sequence',
      );
    const seq = Uint8Array.from(bytes.slice(k, k + len));
    let ch: string;
    try {
      ch = new TextDecoder('utf-8', { fatal: true }).decode(seq);
    } catch {
      throw MalformedPercentError.at(source, at, source.slice(at, at + 3 * len), 'invalid UTF-8 percent-sequence');
    }
    out += keepReserved && len === 1 && RESERVED.has(b) ? source.slice(at, at + 3) : ch;
    k += len;
  }
  return out;
}

/**
 * Where a URL's path starts: after `scheme://authority`, `//authority`, a bare host and port
 * (`example.com:8080/x`, `localhost:3000`) or a bare IPv6 host (`[::1]:8080/x`, `[2001:db8::1]/x`),
 * which the analysis also reads as a host, or a scheme alone (`mailto:`, `urn:`: no authority), read
 * as the analysis does (no dot, not followed by a digit).
 */
const AUTHORITY =
  /^(?:[a-z][a-z0-9+.-]*:)?\/\/[^/]*|^[a-z0-9.-]+:\d+(?=\/|$)|^\[[0-9a-f:.]+\](?::\d+)?(?=\/|$)|^[a-z][a-z0-9+-]*:(?!\d)/i;

/**
 * Key=value pairs with no path, scheme or host before them: a query without its "?". Only the first
 * key is looked at: a value may hold slashes and a "?" (`redirect=https://app.example/cb?x=1`,
 * `next=/home`), as URLSearchParams reads it.
 */
function isBareQuery(text: string): boolean {
  const eq = text.indexOf('=');
  return eq !== -1 && !/[/?]/.test(text.slice(0, eq)) && !AUTHORITY.test(text);
}

/**
 * Applies `fn` to the chosen component of a URL, leaving the rest as it is. `fn` also gets where
 * its piece starts in `text`, so an error can point into the whole input.
 */
function mapComponent(text: string, component: ComponentType, fn: (s: string, at: number) => string): string {
  if (component === 'full') return fn(text, 0);
  const hashAt = text.indexOf('#');
  const beforeHash = hashAt === -1 ? text : text.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : text.slice(hashAt + 1);
  if (component === 'hash') return hashAt === -1 ? text : `${beforeHash}#${fn(hash, hashAt + 1)}`;
  const qAt = beforeHash.indexOf('?');
  const base = qAt === -1 ? beforeHash : beforeHash.slice(0, qAt);
  const query = qAt === -1 ? '' : beforeHash.slice(qAt + 1);
  const tail = hashAt === -1 ? '' : `#${hash}`;
  if (component === 'query') {
    // A bare query ("q=a b&lang=en", as URLSearchParams takes it) is all query, a "?" in a value too.
    const bare = isBareQuery(beforeHash);
    if (qAt === -1 && !bare) return text;
    let at = bare ? 0 : qAt + 1;
    const mapped = (bare ? beforeHash : query)
      .split('&')
      .map((pair) => {
        const eq = pair.indexOf('=');
        const out = eq === -1 ? fn(pair, at) : `${fn(pair.slice(0, eq), at)}=${fn(pair.slice(eq + 1), at + eq + 1)}`;
        at += pair.length + 1;
        return out;
      })
      .join('&');
    return bare ? `${mapped}${tail}` : `${base}?${mapped}${tail}`;
  }
  // Path: keep the authority, map each segment between slashes.
  const authority = AUTHORITY.exec(base)?.[0] ?? '';
  let at = authority.length;
  const mappedPath = base
    .slice(authority.length)
    .split('/')
    .map((seg) => {
      const out = seg ? fn(seg, at) : seg;
      at += seg.length + 1;
      return out;
    })
    .join('/');
  return `${authority}${mappedPath}${qAt === -1 ? '' : `?${query}`}${tail}`;
}

type ConvertResult = { ok: true; output: string } | { ok: false; error: string };

/**
 * decodeText of a piece that starts at UTF-16 index `at` of `input`: a malformed sequence's
 * position is in the input, in characters.
 */
function decodeAt(input: string, piece: string, type: EncodingType, at: number): string {
  try {
    return decodeText(piece, type);
  } catch (e) {
    if (e instanceof MalformedPercentError && at) throw e.movedBy(codePointsBefore(input, at));
    throw e;
  }
}

/** The tool's conversion with the spec's messages. */
export function convert(input: string, op: Operation, type: EncodingType, component: ComponentType): ConvertResult {
  if (!input.trim()) return { ok: false, error: MESSAGES.empty };
  try {
    const fn =
      op === 'encode' ? (s: string) => encodeText(s, type) : (s: string, at: number) => decodeAt(input, s, type, at);
    return { ok: true, output: mapComponent(input, component, fn) };
  } catch (e) {
    // A URIError is half an emoji (a lone surrogate): said where, in characters of the whole input.
    const lone = e instanceof URIError ? loneSurrogate(input) : null;
    const reason = lone
      ? `a lone surrogate (U+${lone.code}) at position ${lone.position} is not a character; it cannot be percent-encoded`
      : e instanceof URIError
        ? 'the text contains an unpaired surrogate (invalid Unicode)'
        : (e as Error).message;
    if (op === 'encode') return { ok: false, error: MESSAGES.encodingFailed(reason) };
    if (e instanceof MalformedPercentError) return { ok: false, error: MESSAGES.decodingFailed(reason) };
    return { ok: false, error: MESSAGES.conversionFailed(reason) };
  }
}

/** Encode/decode helpers of the spec: on failure they return the input unchanged. */
export function safeEncode(text: string, type: EncodingType = 'component'): string {
  try {
    return encodeText(text, type);
  } catch {
    return text;
  }
}
export function safeDecode(text: string, type: EncodingType = 'component'): string {
  try {
    return decodeText(text, type);
  } catch {
    return text;
  }
}

interface UrlAnalysis {
  valid: boolean;
  protocol: string;
  host: string;
  hostname: string;
  port: string;
  pathname: string;
  search: string;
  hash: string;
  origin: string;
  searchParams: [string, string][];
}

/** Parses the text as a URL; without a scheme it retries with https:// (spec). */
export function analyzeUrl(text: string): UrlAnalysis | null {
  const t = text.trim();
  if (!t) return null;
  const parse = (s: string) => {
    try {
      return new URL(s);
    } catch {
      return null;
    }
  };
  // "example.com:8080/x" or "localhost:3000" is a host and port, not a scheme.
  const [, name = '', rest = ''] = /^([a-z][a-z0-9+.-]*):(.*)$/is.exec(t) ?? [];
  const hasScheme = !!name && !name.includes('.') && !/^\d/.test(rest);
  const url = hasScheme ? parse(t) : parse(`https://${t}`);
  // Without a scheme, a host is a dotted name, localhost, an IPv6 literal ("[::1]") or any name
  // with a port ("db:5432", as Path segments mode reads it; ":443" too, which URL drops for https).
  const withPort = !!name && /^\d/.test(rest);
  const hostLike = (h: string) => h.includes('.') || h === 'localhost' || h.startsWith('[') || withPort;
  if (!url || (!hasScheme && !hostLike(url.hostname))) {
    return {
      valid: false,
      protocol: '',
      host: '',
      hostname: '',
      port: '',
      pathname: '',
      search: '',
      hash: '',
      origin: '',
      searchParams: [],
    };
  }
  return {
    valid: true,
    protocol: url.protocol,
    host: url.host,
    hostname: url.hostname,
    port: url.port,
    pathname: url.pathname,
    search: url.search,
    hash: url.hash,
    origin: url.origin,
    searchParams: [...url.searchParams.entries()],
  };
}

interface Stats {
  inputLength: number;
  outputLength: number;
  encodedSequences: number;
  /** Null when there is no output for the input (a failed conversion, or none yet): not a 100% shrink. */
  sizeChangePercent: number | null;
}

const isHex = (c: number) => (c >= 48 && c <= 57) || ((c | 32) >= 97 && (c | 32) <= 102);

/** Percent-escapes (%XX) in `text`, counted without building a list of them. */
function countEscapes(text: string): number {
  let n = 0;
  for (let i = text.indexOf('%'); i !== -1; i = text.indexOf('%', i + 1)) {
    if (isHex(text.charCodeAt(i + 1)) && isHex(text.charCodeAt(i + 2))) n++;
  }
  return n;
}

export function stats(input: string, output: string): Stats {
  return {
    inputLength: input.length,
    outputLength: output.length,
    encodedSequences: countEscapes(output),
    sizeChangePercent: !input.length
      ? 0
      : output.length
        ? Math.round(((output.length - input.length) / input.length) * 1000) / 10
        : null,
  };
}

export interface HistoryEntry {
  input: string;
  output: string;
  operation: Operation;
  encodingType: EncodingType;
  componentType: ComponentType;
  timestamp: string;
}

const HISTORY_LIMIT = 10;
const PREVIEW_LENGTH = 50;
/**
 * Entries whose input and output together are longer than this stay in the page's history but are
 * not saved: localStorage holds about 5 M characters, and one big conversion would fill it.
 */
export const HISTORY_SAVED_CHARS = 20_000;

/** The entries of the history that are saved for the next visit. */
export function storedHistory(history: HistoryEntry[]): HistoryEntry[] {
  return history.filter((h) => h.input.length + h.output.length <= HISTORY_SAVED_CHARS);
}

/**
 * Text longer than this is neither shown whole in a textarea (Chromium lays out a long unbroken
 * line at about 0.5 µs a character here: 100,000 took 52-190 ms) nor parsed as a URL; the page
 * shows its first SHOWN_HEAD_CHARS characters and converts all of it.
 */
export const LONG_URL_TEXT = 65_536;
export const SHOWN_HEAD_CHARS = 16_384;

/**
 * What a textarea shows of a text: all of it, or the first SHOWN_HEAD_CHARS characters of a long
 * one, one fewer when the last would be half an emoji (a lone surrogate is drawn as "�").
 */
export const shownText = (text: string) => (text.length > LONG_URL_TEXT ? head(text, SHOWN_HEAD_CHARS) : text);
/** Rows of the analysis' query parameter table (a long query can have thousands). */
export const SEARCH_PARAMS_SHOWN = 100;

/** The same conversion: text, operation and options (its output follows from them). */
export function sameConversion(a: HistoryEntry, b: HistoryEntry): boolean {
  return (
    a.input === b.input &&
    a.operation === b.operation &&
    a.encodingType === b.encodingType &&
    a.componentType === b.componentType
  );
}

/**
 * Newest first, at most 10. A conversion already in the list moves to the top instead of being
 * repeated: loading an entry converts it again, and copies of it pushed the older entries out.
 */
export function addToHistory(history: HistoryEntry[], entry: HistoryEntry): HistoryEntry[] {
  return [entry, ...history.filter((h) => !sameConversion(h, entry))].slice(0, HISTORY_LIMIT);
}

/** The first 50 characters (code points: an emoji is not cut in half into a "�"), then "…". */
export function preview(text: string): string {
  if (text.length <= PREVIEW_LENGTH) return text;
  let end = 0;
  for (let n = 0; n < PREVIEW_LENGTH && end < text.length; n++) end += text.codePointAt(end)! > 0xffff ? 2 : 1;
  return end < text.length ? `${text.slice(0, end)}…` : text;
}

export const EXAMPLES: { label: string; text: string; operation: Operation }[] = [
  {
    label: 'URL with query',
    text: 'https://example.com/search?q=hello world&lang=en&sort=date desc',
    operation: 'encode',
  },
  { label: 'Special characters', text: 'name=John & Jane; price=$100 (50% off!) #1', operation: 'encode' },
  { label: 'Unicode', text: 'Grüße aus Köln – 東京 🚀', operation: 'encode' },
  { label: 'Email link', text: 'mailto:team@example.com?subject=Hello there&body=Line 1\nLine 2', operation: 'encode' },
  {
    label: 'Encoded URL',
    text: 'https%3A%2F%2Fexample.com%2Fpath%3Fname%3DJ%C3%BCrgen%26city%3DM%C3%BCnchen',
    operation: 'decode',
  },
];
