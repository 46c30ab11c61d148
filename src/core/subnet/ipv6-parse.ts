/**
 * IPv6 text forms (RFC 4291 section 2.2) to a 128-bit BigInt and back (RFC 5952 canonical text and
 * the full form). Parsing names what is wrong; it never throws. No DOM: shared by page, worker,
 * tests and benchmarks.
 */
import { quoteExcerpt } from '../excerpt';
import { formatIpv4, parseIpv4 } from './ipv4';

export const V6_BITS = 128n;
export const V6_MAX = (1n << 128n) - 1n;

export const V6_MESSAGES = {
  empty: 'Enter an IPv6 address',
  tooManyGroups: 'Too many groups: an IPv6 address has at most 8 groups of hex digits',
  tooFewGroups: 'Too few groups: an IPv6 address without "::" needs 8 groups',
  twoDoubleColons: 'Only one "::" is allowed in an IPv6 address',
  groupTooLong: (g: string) => `Group ${quoteExcerpt(g)} has more than 4 hex digits`,
  badGroup: (g: string) => `Group ${quoteExcerpt(g)} is not hexadecimal (0-9, a-f)`,
  emptyGroup: 'Empty group: a single ":" cannot start or end an address or follow another ":"',
  badIpv4: (v4: string) => `Bad embedded IPv4 address ${quoteExcerpt(v4)} (it must be 4 numbers 0-255, last)`,
  prefix: 'Prefix must be between 0 and 128',
  twoSlashes: 'Only one "/" is allowed: write the prefix once, as in 2001:db8::/48',
  badZone: 'Empty zone after "%"',
  zonePercent: 'Only one "%" is allowed: the zone after it cannot contain another "%"',
  port: 'A port (after "]:") is not part of an address: leave it out',
  mask: (mask: string, prefix: number | null) =>
    prefix === null
      ? 'IPv6 takes a prefix length (0-128), not a mask: write it after "/", as in 2001:db8::/48'
      : `IPv6 takes a prefix length, not a mask: for ${quoteExcerpt(mask)} write /${prefix}`,
} as const;

export interface ParsedV6 {
  addr: bigint;
  /** Inline "/n" when present. */
  prefix?: number;
  /** Zone id after "%" (shown, otherwise ignored). */
  zone?: string;
}

/**
 * True when the IP box holds IPv6: a ":" with no "." before it (an embedded IPv4 comes last), so
 * an IPv4 address with a port ("192.168.1.10:8080") is judged as IPv4, not as broken IPv6.
 */
export function looksLikeIpv6(text: string): boolean {
  const colon = text.indexOf(':');
  return colon !== -1 && !text.slice(0, colon).includes('.');
}

/**
 * Parses a prefix 0..128 ("64", "/64", "0064" as Python's ipaddress and the IPv4 box read it: it
 * was refused from four digits); null when out of range or not a number.
 */
export function parsePrefix6(text: string): number | null {
  const t = text.trim().replace(/^\//, '');
  if (!/^\d+$/.test(t)) return null;
  const n = Number(t);
  return n <= 128 ? n : null;
}

/** Groups of one side of "::" (empty side -> no groups); the last may be dotted IPv4. */
function parseGroups(side: string, allowV4: boolean): bigint[] | string {
  if (side === '') return [];
  const parts = side.split(':');
  const out: bigint[] = [];
  for (const [i, g] of parts.entries()) {
    if (g === '') return V6_MESSAGES.emptyGroup;
    if (g.includes('.')) {
      if (!allowV4 || i !== parts.length - 1) return V6_MESSAGES.badIpv4(g);
      const v4 = parseIpv4(g);
      if (v4 === null || /\s/.test(g)) return V6_MESSAGES.badIpv4(g);
      out.push(BigInt(v4 >>> 16), BigInt(v4 & 0xffff));
      continue;
    }
    if (!/^[0-9a-fA-F]+$/.test(g)) return V6_MESSAGES.badGroup(g);
    if (g.length > 4) return V6_MESSAGES.groupTooLong(g);
    out.push(BigInt(parseInt(g, 16)));
  }
  return out;
}

/**
 * Parses "2001:db8::1", "2001:DB8:0:0:0:0:0:1", "::ffff:192.0.2.1", "fe80::1%eth0/64", "2001:db8::1 64",
 * "[2001:db8::1]/64" ...
 * Surrounding spaces are ignored.
 */
export function parseIpv6(text: string): { ok: true; value: ParsedV6 } | { ok: false; error: string } {
  let t = text.trim();
  if (t === '') return { ok: false, error: V6_MESSAGES.empty };
  let prefix: number | undefined;
  const mask = maskInsteadOfPrefix(t);
  if (mask !== null) return { ok: false, error: mask };
  // "2001:db8::1 64": a prefix after a space, as the IPv4 box takes a bit count (ipcalc's form);
  // "2001:db8::1/ 64" is the slash's (it was read as "//64", two slashes).
  const spaced = /^(\S*[^\s/])\s+(\d+)$/.exec(t);
  if (spaced) t = `${spaced[1]}/${spaced[2]}`;
  // "[2001:db8::1]" as a URL writes it (RFC 3986 IP-literal), a prefix after it or not; a port is not taken.
  const literal = /^\[([^\]]*)\]\s*(\/.*)?$/.exec(t);
  if (literal) t = literal[1]! + (literal[2] ?? '');
  if (/^\[[^\]]*\]:\d+$/.test(t)) return { ok: false, error: V6_MESSAGES.port };
  const slash = t.indexOf('/');
  if (slash >= 0) {
    const after = t.slice(slash + 1);
    // "::1//64" and "::1/ /64" are typing slips, not a prefix (Python refuses them too).
    if (after.includes('/')) return { ok: false, error: V6_MESSAGES.twoSlashes };
    const p = parsePrefix6(after);
    if (p === null) return { ok: false, error: V6_MESSAGES.prefix };
    prefix = p;
    t = t.slice(0, slash).trim();
  }
  let zone: string | undefined;
  const pct = t.indexOf('%');
  if (pct >= 0) {
    zone = t.slice(pct + 1);
    if (zone === '') return { ok: false, error: V6_MESSAGES.badZone };
    if (zone.includes('%')) return { ok: false, error: V6_MESSAGES.zonePercent };
    t = t.slice(0, pct);
  }
  const halves = t.split('::');
  if (halves.length > 2) return { ok: false, error: V6_MESSAGES.twoDoubleColons };
  let groups: bigint[];
  if (halves.length === 2) {
    const left = parseGroups(halves[0]!, false);
    if (typeof left === 'string') return { ok: false, error: left };
    const right = parseGroups(halves[1]!, true);
    if (typeof right === 'string') return { ok: false, error: right };
    // "::" stands for at least one zero group.
    if (left.length + right.length > 7) return { ok: false, error: V6_MESSAGES.tooManyGroups };
    groups = [...left, ...Array<bigint>(8 - left.length - right.length).fill(0n), ...right];
  } else {
    const all = parseGroups(t, true);
    if (typeof all === 'string') return { ok: false, error: all };
    if (all.length > 8) return { ok: false, error: V6_MESSAGES.tooManyGroups };
    if (all.length < 8) return { ok: false, error: V6_MESSAGES.tooFewGroups };
    groups = all;
  }
  const addr = groups.reduce((a, g) => (a << 16n) | g, 0n);
  return { ok: true, value: { addr, ...(prefix === undefined ? {} : { prefix }), ...(zone ? { zone } : {}) } };
}

/** The IP box as address and what follows it after "/" or a space (a prefix, or a mask typed as for IPv4). */
export function splitSuffix6(text: string): { address: string; suffix?: string } {
  const m = /^(\S+?)(?:\s*\/\s*(\S*)|\s+(\S+))$/.exec(text.trim());
  return m ? { address: m[1]!, suffix: m[2] ?? m[3]! } : { address: text };
}

/**
 * A mask where the prefix goes ("2001:db8::1 ffff:ffff::", ".../255.255.255.0", as IPv4 is
 * written): the message saying IPv6 has only the length, and which length a contiguous IPv6 mask
 * is. They were read as groups ('Only one "::" is allowed', 'Bad embedded IPv4 address').
 */
function maskInsteadOfPrefix(text: string): string | null {
  const mask = splitSuffix6(text).suffix;
  if (mask === undefined || !/[:.]/.test(mask)) return null;
  const parsed = mask.includes(':') ? parseIpv6(mask) : null;
  if (!parsed?.ok || parsed.value.zone !== undefined) return V6_MESSAGES.mask(mask, null);
  const bits = parsed.value.addr.toString(2).padStart(128, '0');
  const ones = bits.includes('0') ? bits.indexOf('0') : 128;
  return V6_MESSAGES.mask(mask, parsed.value.addr === mask6(ones) ? ones : null);
}

/** The eight 16-bit groups of an address, most significant first. */
export function groupsOf(addr: bigint): number[] {
  const out: number[] = [];
  for (let s = 112n; s >= 0n; s -= 16n) out.push(Number((addr >> s) & 0xffffn));
  return out;
}

/**
 * RFC 5952 text: lower case, no leading zeros, the longest run of two or more zero groups as
 * "::" (the leftmost on ties), a single zero group written "0". IPv4-mapped addresses
 * (::ffff:0:0/96) end in dotted IPv4, as section 5 recommends ("::ffff:10.1.2.3", Python 3.13);
 * other IPv4-embedding blocks stay hex, as Python writes them.
 */
export function formatIpv6(addr: bigint): string {
  if (addr >> 32n === 0xffffn) return `::ffff:${formatIpv4(Number(addr & 0xffffffffn))}`;
  const g = groupsOf(addr);
  let bestStart = -1;
  let bestLen = 1;
  for (let i = 0; i < 8;) {
    if (g[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && g[j] === 0) j++;
    if (j - i > bestLen) {
      bestStart = i;
      bestLen = j - i;
    }
    i = j;
  }
  const hex = g.map((v) => v.toString(16));
  if (bestStart < 0) return hex.join(':');
  return `${hex.slice(0, bestStart).join(':')}::${hex.slice(bestStart + bestLen).join(':')}`;
}

/** Full form: eight groups of four hex digits ("2001:0db8:0000:...:0001"). */
export function formatIpv6Full(addr: bigint): string {
  return groupsOf(addr)
    .map((v) => v.toString(16).padStart(4, '0'))
    .join(':');
}

/** Mask of a prefix: /0 -> 0, /64 -> ffff:ffff:ffff:ffff::, /128 -> all ones. */
export function mask6(prefix: number): bigint {
  return V6_MAX ^ hostMask6(prefix);
}

export function hostMask6(prefix: number): bigint {
  return (1n << BigInt(128 - prefix)) - 1n;
}
