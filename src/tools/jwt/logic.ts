/**
 * JWT decoding (spec part 1, sections 3, 4, 5, 8) and, beyond the spec, lifetime in words,
 * time claims as dates, and signature verification through WebCrypto when the user asks for it.
 * Nothing here talks to a server.
 */
import { base64UrlToBytes } from '../../core/base64/base64url';
import { head } from '../../core/excerpt';
import { readJson } from '../../core/data/json/read';
import { writeJson } from '../../core/data/json/write';
import type { JsonObject, JsonValue } from '../../core/data/json/lossless';

export const MESSAGES = {
  empty: 'Please enter a JWT token',
  format: 'Invalid JWT format. Expected 3 parts separated by dots.',
  decodeFailed: (detail: string) => `Failed to decode token: ${detail}`,
  copied: (part: string) => `Copied ${part} to clipboard!`,
  copyFailed: 'Failed to copy to clipboard',
};

const TIME_CLAIMS = ['iat', 'exp', 'nbf', 'auth_time', 'updated_at'] as const;

export interface DecodedJwt {
  header: Record<string, unknown>;
  payload: Record<string, unknown>;
  signature: string;
  /** The three base64url parts as given. */
  parts: [string, string, string];
  /** The header's and payload's JSON text as decoded: what the decoded views show, every digit kept. */
  text: { header: string; payload: string };
  /** The views (decodedViews), when the worker that decoded a long token wrote them. */
  json?: DecodedViews;
}

export type DecodeResult = { ok: true; token: DecodedJwt } | { ok: false; error: string };

function decodeJsonPart(part: string, name: string): { value: Record<string, unknown>; text: string } {
  let bytes: Uint8Array;
  try {
    bytes = base64UrlToBytes(part);
  } catch (e) {
    throw new Error(`the ${name} is ${(e as Error).message}`);
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // The browser's own wording ("Failed to execute 'decode' on 'TextDecoder'...") means nothing to a user.
    throw new Error(`the ${name} is not valid UTF-8 text`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new Error(`the ${name} is not valid JSON (${(e as Error).message})`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Error(`the ${name} is not a JSON object`);
  return { value: value as Record<string, unknown>, text };
}

const isThreeParts = (parts: string[]): parts is [string, string, string] => parts.length === 3;

const QUOTED = /^(["'])(.*)\1$/s;

/**
 * The token in what was pasted: surrounding space and quotes, an `Authorization:` header name or
 * its scheme (`Bearer`, `DPoP`, `JWT`, `Token`) copied along with it, and line breaks or spaces inside (a token wrapped over
 * lines) are not part of it.
 */
export function tokenText(input: string): string {
  return input
    .trim()
    .replace(/^authorization:\s*/i, '')
    .replace(QUOTED, '$2') // a header value copied from JSON: "Bearer eyJ..."
    .replace(/^(?:bearer|dpop|jwt|token)\s+/i, '') // Bearer; DPoP (RFC 9449); JWT and Token of some frameworks
    .replace(QUOTED, '$2')
    .replace(/\s+/g, '');
}

/** Decodes a token; the messages are the spec's. The signature is not verified here. */
export function decodeJwt(input: string): DecodeResult {
  const token = tokenText(input);
  if (!token) return { ok: false, error: MESSAGES.empty };
  const parts = token.split('.');
  if (!isThreeParts(parts)) return { ok: false, error: MESSAGES.format };
  try {
    const header = decodeJsonPart(parts[0], 'header');
    const payload = decodeJsonPart(parts[1], 'payload');
    return {
      ok: true,
      token: {
        header: header.value,
        payload: payload.value,
        signature: parts[2],
        parts,
        text: { header: header.text, payload: payload.text },
      },
    };
  } catch (e) {
    return { ok: false, error: MESSAGES.decodeFailed((e as Error).message) };
  }
}

/**
 * A note for an encrypted token (JWE, RFC 7516: five parts, a header naming its `enc`), which the
 * spec's "Expected 3 parts" alone does not explain; '' for anything else.
 */
export function encryptedTokenNote(input: string): string {
  if (dotCount(input) !== 4) return '';
  const parts = tokenText(input).split('.');
  if (parts.length !== 5) return '';
  try {
    if (typeof decodeJsonPart(parts[0]!, 'header').value.enc !== 'string') return '';
  } catch {
    return '';
  }
  return "This is an encrypted token (JWE, five parts): its claims can be read only with the recipient's private key, so it is not decoded here.";
}

/**
 * The dots in `input`, which are the token's (tokenText removes no dot): counted without copying
 * a 1 MB token three times on each render, as tokenText does.
 */
function dotCount(input: string): number {
  let dots = 0;
  for (let at = input.indexOf('.'); at >= 0; at = input.indexOf('.', at + 1)) dots++;
  return dots;
}

/** Exactly three dot-separated parts: the condition for auto-decoding. */
export function hasThreeParts(input: string): boolean {
  return dotCount(input) === 2;
}

interface TokenInfo {
  algorithm: string;
  type: string;
  issuedAt: string;
  expiresAt: string;
  subject: string;
  issuer: string;
  audience: string;
  expired: boolean;
}

/** Latest and earliest time a Date holds, in ms from 1970 (further out, it is an "Invalid Date"). */
const DATE_LIMIT_MS = 8.64e15;

/** A NumericDate (RFC 7519: a JSON number of seconds since 1970) that is a real date. */
const isNumericDate = (v: unknown): v is number =>
  typeof v === 'number' && Number.isFinite(v) && Math.abs(v * 1000) <= DATE_LIMIT_MS;

/** RFC 7519 4.1.4: a token must not be accepted on or after its exp. */
const isExpired = (exp: number, now: number) => exp * 1000 <= now;

/**
 * A claim's value as written, shortened for a line of the grid: `written` is its lossless reading
 * (JSON.parse's value showed a 64-bit `sub` 12345678901234567890 as 12345678901234567000, and
 * `exp: 1e400` as null).
 */
const shown = (v: unknown, written?: Written) => {
  const lossless = written?.();
  const text = lossless !== undefined ? writeJson(lossless, { indent: 0 }) : (JSON.stringify(v) ?? String(v));
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
};

/**
 * A grid value: a string as it is, anything else that is there as written (an object `sub` or
 * `iss` read "Not specified", as if the claim were absent); '' when absent.
 */
const asText = (v: unknown, written?: Written) =>
  typeof v === 'string' ? v : v === undefined ? '' : shown(v, written);

/** A claim's lossless value, read when asked for. */
type Written = () => JsonValue | undefined;

/**
 * A header's or payload's members as the token writes them (none past the reader's nesting
 * limit), read once and only when a value that is no string is shown: a grid of string claims
 * and valid times needs no second reading of a 1 MB payload on every render.
 */
function writtenMembers(text: string | undefined): (name: string) => Written {
  let members: JsonObject | undefined | null = null;
  const read = () => {
    if (members === null) {
      const r = text === undefined ? undefined : readJson(text);
      members = r?.ok && r.value instanceof Map ? r.value : undefined;
    }
    return members;
  };
  return (name) => () => read()?.get(name);
}

/**
 * A time claim as a local date string with its zone ("14/11/2023, 23:13:20 CET"); '' when absent;
 * what is wrong when it is no time at all.
 */
function claimDate(value: unknown, locale?: string, written?: Written): string {
  if (value === undefined) return '';
  if (isNumericDate(value)) return new Date(value * 1000).toLocaleString(locale, { timeZoneName: 'short' });
  return `not a valid time: ${shown(value, written)}`;
}

/** The spec's information grid: 'Unknown' for the algorithm, 'Not specified' for absent claims. */
export function tokenInfo(t: DecodedJwt, now = Date.now(), locale?: string): TokenInfo {
  const p = t.payload;
  const header = writtenMembers(t.text.header);
  const payload = writtenMembers(t.text.payload);
  const writtenAud = payload('aud');
  const audEntry = (i: number) => () => {
    const all = writtenAud();
    return Array.isArray(all) ? all[i] : undefined;
  };
  const aud = Array.isArray(p.aud) ? p.aud.map((v, i) => asText(v, audEntry(i))).join(', ') : asText(p.aud, writtenAud);
  return {
    algorithm: asText(t.header.alg, header('alg')) || 'Unknown',
    type: asText(t.header.typ, header('typ')) || 'JWT',
    issuedAt: claimDate(p.iat, locale, payload('iat')) || 'Not specified',
    expiresAt: claimDate(p.exp, locale, payload('exp')) || 'Not specified',
    subject: asText(p.sub, payload('sub')) || 'Not specified',
    issuer: asText(p.iss, payload('iss')) || 'Not specified',
    audience: aud || 'Not specified',
    // Only a real time can have passed: exp -1e20 read "Expired" where the lifetime said Invalid.
    expired: isNumericDate(p.exp) && isExpired(p.exp, now),
  };
}

/** "3 hours", "12 minutes", "1 day" — the largest whole unit. */
export function duration(ms: number): string {
  const s = Math.floor(Math.abs(ms) / 1000);
  const units: [number, string][] = [
    [31_536_000, 'year'],
    [2_592_000, 'month'],
    [86_400, 'day'],
    [3_600, 'hour'],
    [60, 'minute'],
    [1, 'second'],
  ];
  for (const [size, name] of units) {
    const n = Math.floor(s / size);
    if (n >= 1) return `${n} ${name}${n === 1 ? '' : 's'}`;
  }
  return '0 seconds';
}

type LifetimeKind = 'expired' | 'valid' | 'not-yet-valid' | 'no-expiry' | 'invalid';

/** The status's first word: the spec's expired flag first, then what the lifetime says. */
export function statusWord(expired: boolean, kind: LifetimeKind): string {
  if (expired) return 'Expired';
  if (kind === 'not-yet-valid') return 'Not yet valid';
  return kind === 'invalid' ? 'Invalid' : 'Not expired';
}

/** Lifetime in words: "expired 3 hours ago", "valid for 12 minutes", "not yet valid", ... */
export function lifetimeStatus(
  payload: Record<string, unknown>,
  now = Date.now(),
  payloadText?: string,
): { kind: LifetimeKind; text: string } {
  const { exp, nbf } = payload;
  // A string, or a number no date can hold, is not "no expiry": libraries refuse such a token
  // (jose checks iat too: '"iat" claim must be a number').
  const invalid = (['exp', 'nbf', 'iat'] as const).find((c) => payload[c] !== undefined && !isNumericDate(payload[c]));
  if (invalid) {
    const value = shown(payload[invalid], writtenMembers(payloadText)(invalid));
    const text = `${invalid} is not a time in seconds (${value}), so libraries refuse this token`;
    return { kind: 'invalid', text };
  }
  if (typeof nbf === 'number' && typeof exp === 'number' && exp <= nbf)
    return { kind: 'invalid', text: 'never valid: exp is not after nbf, so libraries refuse this token' };
  if (typeof nbf === 'number' && nbf * 1000 > now)
    return { kind: 'not-yet-valid', text: `not yet valid (becomes valid in ${duration(nbf * 1000 - now)})` };
  if (typeof exp !== 'number') return { kind: 'no-expiry', text: 'no expiry (exp not set)' };
  if (isExpired(exp, now)) return { kind: 'expired', text: `expired ${duration(now - exp * 1000)} ago` };
  return { kind: 'valid', text: `valid for ${duration(exp * 1000 - now)}` };
}

/** Time claims present in the payload, each as a local date. */
export function timeClaims(
  payload: Record<string, unknown>,
  locale?: string,
): { claim: string; seconds: number; date: string }[] {
  return TIME_CLAIMS.filter((c) => typeof payload[c] === 'number').map((c) => ({
    claim: c,
    seconds: payload[c] as number,
    date: claimDate(payload[c], locale),
  }));
}

/** `alg: none` means anyone can forge the token. */
export function isUnsigned(header: Record<string, unknown>): boolean {
  return typeof header.alg === 'string' && header.alg.toLowerCase() === 'none';
}

/** The token from a URL fragment such as `#token=eyJ...`. */
export function tokenFromFragment(hash: string): string {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '';
}

export function fragmentForToken(token: string): string {
  // Escaped, as URLSearchParams reads it back: a token in the standard Base64 alphabet (which
  // decodes) lost its + to a space there, and = and / would not survive either. A base64url
  // token's characters are all left as they are.
  return `#token=${encodeURIComponent(tokenText(token))}`;
}

/**
 * The fragment to keep once the box no longer holds the token written in it: without `token=`
 * (null when it is still the box's token, or there is none). A cleared or replaced token must not
 * stay in the address bar, where a reload brings it back and Copy link shares it.
 */
export function fragmentWithoutStaleToken(hash: string, input: string): string | null {
  const inUrl = tokenFromFragment(hash);
  if (!inUrl || inUrl === tokenText(input)) return null;
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  params.delete('token');
  const rest = params.toString();
  return rest ? `#${rest}` : '';
}

/**
 * The header or payload as the decoded views show and copy it: indented by 2, with every number as
 * the token writes it (JSON.parse turned a 64-bit id 12345678901234567890 into
 * 12345678901234567000, and 1.10 into 1.1) and the members in the token's order.
 */
export function decodedJson(token: DecodedJwt, part: 'header' | 'payload'): string {
  const read = readJson(token.text[part]);
  // Past the lossless reader's nesting limit: JSON.parse's tree, as before.
  return read.ok ? writeJson(read.value, { indent: 2 }) : JSON.stringify(token[part], null, 2);
}

export interface DecodedViews {
  header: string;
  payload: string;
}

/** Both decoded views of a token (see decodedJson). */
export function decodedViews(token: DecodedJwt): DecodedViews {
  return token.json ?? { header: decodedJson(token, 'header'), payload: decodedJson(token, 'payload') };
}

/**
 * A token longer than this is not put whole in the textarea, nor its parts and decoded JSON in the
 * page (Chromium lays out a long unbroken line at about 0.5 µs a character: a 1 MB token took
 * 1.1 s of layout in one task, a 200 KB one 54 ms). As the URL tool (LONG_URL_TEXT), the page
 * shows the first SHOWN_HEAD_CHARS characters of each, read-only; decoding, Copy and
 * verification use all of it. Fewer than the URL tool's 16,384: the token, its structure view and
 * its payload are laid out together, and 16,384 of each still took 46-74 ms of layout at 1 MB;
 * 4,096 of each took 33-64 ms (2026-12-02, nine runs), 2,048 under the 36-41 ms of script.
 */
export const LONG_JWT_TEXT = 65_536;
export const SHOWN_HEAD_CHARS = 2_048;

/**
 * What the page shows of a text: all of it, or the beginning of a long one (see LONG_JWT_TEXT),
 * one unit shorter when the last would be half an emoji (a lone surrogate is drawn as "�").
 */
export function shownText(text: string): string {
  return text.length > LONG_JWT_TEXT ? head(text, SHOWN_HEAD_CHARS) : text;
}
