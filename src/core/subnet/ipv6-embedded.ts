/**
 * What an IPv6 address carries inside it: Teredo server, port, flags and client (RFC 4380, RFC
 * 5991), the 6to4 gateway and SLA ID (RFC 3056), multicast flags and well-known group names (RFC
 * 4291, RFC 3306, RFC 3956, IANA IPv6 Multicast Address Space), the solicited-node group of a
 * unicast address, the MAC inside a modified EUI-64 interface identifier, and every ip6.arpa zone a
 * prefix needs. Pure, BigInt-exact, no DOM.
 */
import { formatIpv4 } from './ipv4';
import { formatIpv6, hostMask6, mask6 } from './ipv6-parse';

const v4 = (addr: bigint, shift: bigint) => formatIpv4(Number((addr >> shift) & 0xffffffffn) >>> 0);
const hex4 = (v: number) => `0x${v.toString(16).padStart(4, '0')}`;

export interface Teredo {
  server: string;
  /** The 16 flag bits (RFC 4380 section 4, RFC 5991 section 3: C R A A A A U G A A A A A A A A). */
  flags: number;
  /** "0x8000: cone NAT (C)" ... */
  flagsText: string;
  /** The client's external (mapped) UDP port. */
  port: number;
  /** The client's external (mapped) IPv4 address. */
  client: string;
}

/** 2001::/32: server in bits 32..63, flags, port and client obfuscated (XOR all ones). */
export function teredo(addr: bigint): Teredo {
  const flags = Number((addr >> 48n) & 0xffffn);
  const parts = [
    flags & 0x8000 ? 'cone NAT (C)' : 'not cone (C = 0)',
    ...(flags & 0x4000 ? ['R set (reserved, must be 0)'] : []),
    ...(flags & 0x0200 ? ['U set (must be 0)'] : []),
    ...(flags & 0x0100 ? ['G set (must be 0)'] : []),
    ...(flags & 0x3cff ? [`random bits ${hex4(flags & 0x3cff)}`] : []),
  ];
  return {
    server: v4(addr, 64n),
    flags,
    flagsText: `${hex4(flags)}: ${parts.join(', ')}`,
    port: Number(~(addr >> 32n) & 0xffffn),
    client: formatIpv4(Number(~addr & 0xffffffffn) >>> 0),
  };
}

export interface SixToFour {
  gateway: string;
  /** Site-level aggregation (subnet) ID: bits 48..63. */
  slaId: number;
  slaIdHex: string;
  interfaceId: string;
}

/** 2002:V4ADDR:SLA::/64 (RFC 3056). */
export function sixToFour(addr: bigint): SixToFour {
  const slaId = Number((addr >> 64n) & 0xffffn);
  return { gateway: v4(addr, 80n), slaId, slaIdHex: hex4(slaId), interfaceId: interfaceIdText(addr) };
}

export interface MulticastInfo {
  /** The 4 flag bits 0RPT. */
  flags: number;
  /** R: embedded rendezvous point (RFC 3956). */
  r: boolean;
  /** P: unicast-prefix-based (RFC 3306). */
  p: boolean;
  /** T: transient (dynamically assigned) rather than well-known. */
  t: boolean;
  scope: number;
  /** The well-known group's name, when the address is one. */
  group?: string;
}

/** Well-known groups of a fixed scope ("ff02::1") or any scope ("ff0X::101"). */
const GROUPS_EXACT: Record<string, string> = {
  'ff01::1': 'All nodes (interface-local)',
  'ff02::1': 'All nodes',
  'ff01::2': 'All routers (interface-local)',
  'ff02::2': 'All routers',
  'ff05::2': 'All routers (site-local)',
  'ff02::5': 'OSPFv3 all SPF routers',
  'ff02::6': 'OSPFv3 all DR routers',
  'ff02::9': 'RIPng routers',
  'ff02::a': 'EIGRP routers',
  'ff02::d': 'All PIM routers',
  'ff02::12': 'VRRP',
  'ff02::16': 'All MLDv2-capable routers',
  'ff02::1a': 'All RPL nodes',
  'ff02::6a': 'All snoopers',
  'ff02::1:1': 'Link name',
  'ff02::1:2': 'All DHCP relay agents and servers',
  'ff02::1:3': 'LLMNR',
  'ff05::1:3': 'All DHCP servers (site-local)',
  'ff05::1:5': 'SL-MANET-ROUTERS',
};
/** Group IDs (low 112 bits) registered for every scope, "ff0X::". */
const GROUPS_ANY_SCOPE: Record<string, string> = {
  '::c': 'SSDP',
  '::fb': 'mDNSv6',
  '::101': 'NTP',
  '::181': 'PTP primary',
};

const SOLICITED_NODE = (0xff02n << 112n) | (0x1ffn << 24n); // ff02::1:ff00:0
const SOLICITED_MASK = mask6(104);

export function multicastInfo(addr: bigint): MulticastInfo {
  const flags = Number((addr >> 116n) & 0xfn);
  const scope = Number((addr >> 112n) & 0xfn);
  const text = formatIpv6(addr);
  let group = GROUPS_EXACT[text];
  if (!group && (addr & SOLICITED_MASK) === SOLICITED_NODE) group = 'Solicited-node';
  if (!group && flags === 0) group = GROUPS_ANY_SCOPE[formatIpv6(addr & hostMask6(16))];
  return {
    flags,
    r: (flags & 4) !== 0,
    p: (flags & 2) !== 0,
    t: (flags & 1) !== 0,
    scope,
    ...(group ? { group } : {}),
  };
}

/** ff02::1:ffXX:XXXX: the solicited-node multicast group of a unicast address (RFC 4291 2.7.1). */
export function solicitedNode(addr: bigint): string {
  return formatIpv6(SOLICITED_NODE | (addr & 0xffffffn));
}

/** The low 64 bits as four groups ("021a:2bff:fe3c:4d5e"). */
export function interfaceIdText(addr: bigint): string {
  return [48n, 32n, 16n, 0n].map((s) => ((addr >> s) & 0xffffn).toString(16).padStart(4, '0')).join(':');
}

/**
 * The MAC inside a modified EUI-64 interface identifier (ff:fe in its middle, RFC 4291 appendix
 * A), universal/local bit flipped back; null when the identifier is not one.
 */
export function macFromInterfaceId(addr: bigint): string | null {
  const iid = addr & 0xffffffffffffffffn;
  if (((iid >> 24n) & 0xffffn) !== 0xfffen) return null;
  const mac = (((iid >> 40n) << 24n) | (iid & 0xffffffn)) ^ (0x02n << 40n);
  return formatMac(mac);
}

/** "00:1a:2b:3c:4d:5e" */
export function formatMac(mac: bigint): string {
  return mac
    .toString(16)
    .padStart(12, '0')
    .replace(/(..)(?!$)/g, '$1:');
}

/**
 * Every ip6.arpa zone a prefix needs: one for a prefix on a nibble boundary, else the 2, 4 or 8
 * zones of the next nibble boundary that together cover it (a /50 needs four /52 zones).
 */
export function reverseZones(network: bigint, prefix: number): { zonePrefix: number; zones: string[] } {
  const zonePrefix = Math.ceil(prefix / 4) * 4;
  const count = 1 << (zonePrefix - prefix);
  const zones: string[] = [];
  for (let i = 0; i < count; i++) {
    const net = (network & mask6(prefix)) | (BigInt(i) << BigInt(128 - zonePrefix));
    const nibbles = zonePrefix / 4;
    const hex = net.toString(16).padStart(32, '0').slice(0, nibbles);
    zones.push([...hex].reverse().join('.') + (nibbles ? '.ip6.arpa' : 'ip6.arpa'));
  }
  return { zonePrefix, zones };
}
