/**
 * Exact IPv6 arithmetic for the subnet calculator (issue 18): network, first and last address,
 * counts as BigInt, RFC 5952 and full text, address type, ip6.arpa names, EUI-64 and the binary
 * view. Addresses are 128-bit BigInts (0 .. 2^128-1).
 */
import { formatIpv4 } from './ipv4';
import {
  formatIpv6,
  formatIpv6Full,
  groupsOf,
  hostMask6,
  mask6,
  parseIpv6,
  parsePrefix6,
  V6_MESSAGES,
} from './ipv6-parse';
import {
  interfaceIdText,
  macFromInterfaceId,
  multicastInfo,
  reverseZones,
  sixToFour,
  solicitedNode,
  teredo,
  type MulticastInfo,
  type SixToFour,
  type Teredo,
} from './ipv6-embedded';
import { RESERVED_BY_IETF, SPECIAL_REGISTRY, type RegistryEntry } from './ipv6-registry';

export interface Ipv6Type {
  /** "Global unicast", "Unique local", "Multicast" ... */
  name: string;
  /** The block it belongs to ("fc00::/7"). */
  block: string;
  /** Multicast scope ("link-local", "global" ...), when multicast. */
  scope?: string;
  /** Embedded IPv4 (IPv4-mapped, NAT64, 6to4 gateway, Teredo client), when there is one. */
  ipv4?: string;
  /** The most specific IANA special-purpose registry entry holding the address, if any. */
  registry?: RegistryEntry;
  /**
   * The registry's "Globally Reachable" (null: N/A). Outside the registry: global unicast yes,
   * multicast only at global scope, unallocated ("Reserved by IETF") and site-local N/A.
   */
  globallyReachable: boolean | null;
  /** In a "Reserved by IETF" block of the IPv6 address space (Python's is_reserved). */
  reservedByIetf: boolean;
}

export interface Embedded6 {
  teredo?: Teredo;
  sixToFour?: SixToFour;
  multicast?: MulticastInfo;
  /** The solicited-node multicast group of a unicast address. */
  solicitedNode?: string;
  /** The low 64 bits ("021a:2bff:fe3c:4d5e"). */
  interfaceId: string;
  /** The MAC of a modified EUI-64 interface identifier (unicast only). */
  eui64Mac?: string;
}

export interface Ipv6Result {
  address: string;
  addressFull: string;
  zone: string;
  prefix: number;
  network: string;
  networkFull: string;
  /** Canonical "network/prefix". */
  cidr: string;
  cidrFull: string;
  first: string;
  last: string;
  netmask: string;
  /** 2^(128-prefix) */
  count: bigint;
  /** Number of /64 networks inside (0 when the prefix is longer than 64). */
  count64: bigint;
  type: Ipv6Type;
  /** ip6.arpa name of the network address (32 nibbles). */
  reverseName: string;
  /** ip6.arpa PTR name of the address itself. */
  ptrName: string;
  /** Reverse zone of the network: the whole nibbles of the prefix (ceil(prefix/4)). */
  reverseZone: string;
  /** Every zone the prefix needs: 1, or 2, 4 or 8 at the next nibble boundary (zonePrefix). */
  reverseZones: string[];
  zonePrefix: number;
  /** What the address carries inside it. */
  embedded: Embedded6;
  addressBinary: string;
  maskBinary: string;
  networkBinary: string;
}

const MCAST_SCOPES: Record<number, string> = {
  1: 'interface-local',
  2: 'link-local',
  3: 'realm-local',
  4: 'admin-local',
  5: 'site-local',
  8: 'organization-local',
  14: 'global',
};

const inBlock = (addr: bigint, net: bigint, prefix: number) => (addr & mask6(prefix)) === net;
const v6 = (text: string) => (parseIpv6(text) as { ok: true; value: { addr: bigint } }).value.addr;
const v4at = (addr: bigint, shift: bigint) => formatIpv4(Number((addr >> shift) & 0xffffffffn));

/** "2001:db8::/32" as (network, prefix). */
function cidrOf(block: string): { net: bigint; prefix: number } {
  const [a, p] = block.split('/');
  return { net: v6(a!), prefix: Number(p) };
}

/** Registry entries, most specific (longest prefix) first. */
const REGISTRY = SPECIAL_REGISTRY.map((entry) => ({ entry, ...cidrOf(entry.block) })).sort(
  (a, b) => b.prefix - a.prefix,
);
const RESERVED = RESERVED_BY_IETF.map((block) => ({ block, ...cidrOf(block) }));

const BLOCKS = {
  translated: cidrOf('::ffff:0:0:0/96'),
  multicast: cidrOf('ff00::/8'),
  siteLocal: cidrOf('fec0::/10'),
  global: cidrOf('2000::/3'),
};
const within = (addr: bigint, b: { net: bigint; prefix: number }) => inBlock(addr, b.net, b.prefix);

/** The IPv4 address an entry embeds, when it does. */
function embeddedIpv4(addr: bigint, block: string): string | undefined {
  switch (block) {
    case '::ffff:0:0/96':
    case '64:ff9b::/96':
      return v4at(addr, 0n);
    case '2001::/32':
      // The client's IPv4 is the low 32 bits inverted (RFC 4380).
      return formatIpv4(Number(~addr & 0xffffffffn) >>> 0);
    case '2002::/16':
      return v4at(addr, 80n);
    default:
      return undefined;
  }
}

/**
 * Type of an address: the most specific IANA special-purpose registry entry, else multicast,
 * the IPv4-translated block (RFC 2765), site-local (deprecated), global unicast or a block
 * reserved by the IETF.
 */
export function ipv6Type(addr: bigint): Ipv6Type {
  const reservedBlock = RESERVED.find((r) => within(addr, r));
  const reservedByIetf = reservedBlock !== undefined;
  const hit = REGISTRY.find((r) => within(addr, r));
  if (hit) {
    const e = hit.entry;
    const ipv4 = embeddedIpv4(addr, e.block);
    return {
      name: e.name,
      block: e.block,
      ...(ipv4 ? { ipv4 } : {}),
      registry: e,
      globallyReachable: e.globallyReachable,
      reservedByIetf,
    };
  }
  if (within(addr, BLOCKS.translated))
    return {
      name: 'IPv4-translated',
      block: '::ffff:0:0:0/96',
      ipv4: v4at(addr, 0n),
      globallyReachable: null,
      reservedByIetf,
    };
  if (within(addr, BLOCKS.multicast)) {
    const scopeNibble = Number((addr >> 112n) & 0xfn);
    return {
      name: 'Multicast',
      block: 'ff00::/8',
      scope: MCAST_SCOPES[scopeNibble] ?? `reserved (${scopeNibble})`,
      globallyReachable: scopeNibble === 14,
      reservedByIetf,
    };
  }
  if (within(addr, BLOCKS.siteLocal))
    return { name: 'Site-local (deprecated)', block: 'fec0::/10', globallyReachable: null, reservedByIetf };
  if (within(addr, BLOCKS.global))
    return { name: 'Global unicast', block: '2000::/3', globallyReachable: true, reservedByIetf };
  return { name: 'Reserved by IETF', block: reservedBlock?.block ?? 'other', globallyReachable: null, reservedByIetf };
}

/** The 32 nibbles reversed, dot-separated, with ".ip6.arpa" (as in DNS PTR names). */
export function reverseName6(addr: bigint, nibbles = 32): string {
  const hex = addr.toString(16).padStart(32, '0').slice(0, nibbles);
  return [...hex].reverse().join('.') + (nibbles ? '.ip6.arpa' : 'ip6.arpa');
}

/** 128 bits as eight colon-separated groups of 16. */
export function binary6(addr: bigint): string {
  return groupsOf(addr)
    .map((g) => g.toString(2).padStart(16, '0'))
    .join(':');
}

/** "2^64 = 18,446,744,073,709,551,616" parts. */
export const countText = (v: bigint) => v.toLocaleString('en-US');

/** Embedded information by type: Teredo, 6to4, multicast, solicited-node, EUI-64. */
export function embedded6(addr: bigint, type: Ipv6Type): Embedded6 {
  const multicast = type.name === 'Multicast';
  const mac = multicast ? null : macFromInterfaceId(addr);
  return {
    ...(type.name === 'Teredo' ? { teredo: teredo(addr) } : {}),
    ...(type.name === '6to4' ? { sixToFour: sixToFour(addr) } : {}),
    ...(multicast ? { multicast: multicastInfo(addr) } : { solicitedNode: solicitedNode(addr) }),
    interfaceId: interfaceIdText(addr),
    ...(mac ? { eui64Mac: mac } : {}),
  };
}

export function computeIpv6(addr: bigint, prefix: number, zone = ''): Ipv6Result {
  const type = ipv6Type(addr);
  const mask = mask6(prefix);
  const network = addr & mask;
  const last = network | hostMask6(prefix);
  const zones = reverseZones(network, prefix);
  return {
    address: formatIpv6(addr),
    addressFull: formatIpv6Full(addr),
    zone,
    prefix,
    network: formatIpv6(network),
    networkFull: formatIpv6Full(network),
    cidr: `${formatIpv6(network)}/${prefix}`,
    cidrFull: `${formatIpv6Full(network)}/${prefix}`,
    first: formatIpv6(network),
    last: formatIpv6(last),
    netmask: formatIpv6(mask),
    count: 1n << BigInt(128 - prefix),
    count64: prefix <= 64 ? 1n << BigInt(64 - prefix) : 0n,
    type,
    reverseName: reverseName6(network),
    ptrName: reverseName6(addr),
    reverseZone: reverseName6(network, Math.ceil(prefix / 4)),
    reverseZones: zones.zones,
    zonePrefix: zones.zonePrefix,
    embedded: embedded6(addr, type),
    addressBinary: binary6(addr),
    maskBinary: binary6(mask),
    networkBinary: binary6(network),
  };
}

/** What the page shows for IPv6 input: a result, or the message naming what is wrong. */
export type Calculation6 = { ok: true; result: Ipv6Result; addr: bigint } | { ok: false; error: string };

/** The IP box (with an optional inline "/n", which wins) and the prefix box. */
export function calculate6(ipText: string, prefixText: string): Calculation6 {
  const parsed = parseIpv6(ipText);
  if (!parsed.ok) return parsed;
  const prefix = parsed.value.prefix ?? parsePrefix6(prefixText);
  if (prefix === null) return { ok: false, error: V6_MESSAGES.prefix };
  return { ok: true, result: computeIpv6(parsed.value.addr, prefix, parsed.value.zone ?? ''), addr: parsed.value.addr };
}

export const MAC_MESSAGE = 'Invalid MAC address: use six hex bytes, e.g. 00:1a:2b:3c:4d:5e';

/**
 * Parses "00:1A:2B:3C:4D:5E", "0:1a:2b:3c:4d:5e" (one-digit octets, as some systems print them),
 * "00-1a-2b-3c-4d-5e", "001a.2b3c.4d5e" or "001a2b3c4d5e".
 */
export function parseMac(text: string): bigint | null {
  const t = text.trim();
  if (/^[0-9a-f]{1,2}([:-])[0-9a-f]{1,2}(?:\1[0-9a-f]{1,2}){4}$/i.test(t))
    return BigInt(
      `0x${t
        .split(/[:-]/)
        .map((o) => o.padStart(2, '0'))
        .join('')}`,
    );
  if (/^[0-9a-f]{4}\.?[0-9a-f]{4}\.?[0-9a-f]{4}$/i.test(t)) return BigInt(`0x${t.replaceAll('.', '')}`);
  return null;
}

/**
 * Modified EUI-64 interface identifier (RFC 4291 appendix A): ff:fe inserted in the middle and the
 * universal/local bit flipped. Returns the 64-bit identifier.
 */
export function eui64(mac: bigint): bigint {
  const oui = mac >> 24n;
  const nic = mac & 0xffffffn;
  return ((oui << 40n) | (0xfffen << 24n) | nic) ^ (0x02n << 56n);
}

/** Interface id as four groups ("021a:2bff:fe3c:4d5e") and the address in the network's /64. */
export function eui64Address(network: bigint, mac: bigint): { interfaceId: string; address: string } {
  const iid = eui64(mac);
  const groups = [48n, 32n, 16n, 0n].map((s) => ((iid >> s) & 0xffffn).toString(16).padStart(4, '0'));
  return { interfaceId: groups.join(':'), address: formatIpv6((network & mask6(64)) | iid) };
}
