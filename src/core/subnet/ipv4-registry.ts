/**
 * IPv4 address types: the IANA IPv4 Special-Purpose Address Registry
 * (<https://www.iana.org/assignments/iana-ipv4-special-registry/>) and the multicast scopes
 * (RFC 5771, RFC 2365). The most specific block wins (192.0.0.9/32 inside 192.0.0.0/24).
 * The spec's `isPrivate` stays RFC 1918 only; this says what every other address is, so a
 * loopback, CGNAT or documentation address is not called public.
 */
import { parseIpv4 } from './ipv4';

export type Ipv4Kind =
  | 'global'
  | 'private'
  | 'shared'
  | 'loopback'
  | 'link-local'
  | 'unspecified'
  | 'this-network'
  | 'documentation'
  | 'benchmarking'
  | 'protocol'
  | 'anycast'
  | 'deprecated'
  | 'multicast'
  | 'reserved'
  | 'broadcast';

export interface Ipv4Type {
  kind: Ipv4Kind;
  /** "Loopback (RFC 1122)" */
  name: string;
  /** The block that decided ("127.0.0.0/8"); null for an address in no special block. */
  block: string | null;
  /** The registry's "Globally Reachable" column; null where it says N/A. */
  globallyReachable: boolean | null;
}

/** [block, kind, name, globally reachable] */
const BLOCKS: [string, Ipv4Kind, string, boolean | null][] = [
  ['0.0.0.0/8', 'this-network', '"This network" (RFC 791)', false],
  ['0.0.0.0/32', 'unspecified', '"This host on this network", unspecified (RFC 1122)', false],
  ['10.0.0.0/8', 'private', 'Private-Use (RFC 1918)', false],
  ['100.64.0.0/10', 'shared', 'Shared Address Space (CGNAT, RFC 6598)', false],
  ['127.0.0.0/8', 'loopback', 'Loopback (RFC 1122)', false],
  ['169.254.0.0/16', 'link-local', 'Link-local (RFC 3927)', false],
  ['172.16.0.0/12', 'private', 'Private-Use (RFC 1918)', false],
  ['192.0.0.0/24', 'protocol', 'IETF Protocol Assignments (RFC 6890)', false],
  ['192.0.0.0/29', 'protocol', 'IPv4 Service Continuity Prefix (DS-Lite, RFC 7335)', false],
  ['192.0.0.8/32', 'protocol', 'IPv4 dummy address (RFC 7600)', false],
  ['192.0.0.9/32', 'anycast', 'Port Control Protocol Anycast (RFC 7723)', true],
  ['192.0.0.10/32', 'anycast', 'Traversal Using Relays around NAT Anycast (RFC 8155)', true],
  ['192.0.0.170/32', 'protocol', 'NAT64/DNS64 Discovery (RFC 8880)', false],
  ['192.0.0.171/32', 'protocol', 'NAT64/DNS64 Discovery (RFC 8880)', false],
  ['192.0.2.0/24', 'documentation', 'Documentation (TEST-NET-1, RFC 5737)', false],
  ['192.31.196.0/24', 'anycast', 'AS112-v4 (RFC 7535)', true],
  ['192.52.193.0/24', 'anycast', 'AMT (RFC 7450)', true],
  ['192.88.99.0/24', 'deprecated', 'Deprecated (6to4 Relay Anycast, RFC 7526)', null],
  ['192.168.0.0/16', 'private', 'Private-Use (RFC 1918)', false],
  ['192.175.48.0/24', 'anycast', 'Direct Delegation AS112 Service (RFC 7534)', true],
  ['198.18.0.0/15', 'benchmarking', 'Benchmarking (RFC 2544)', false],
  ['198.51.100.0/24', 'documentation', 'Documentation (TEST-NET-2, RFC 5737)', false],
  ['203.0.113.0/24', 'documentation', 'Documentation (TEST-NET-3, RFC 5737)', false],
  ['224.0.0.0/4', 'multicast', 'Multicast (RFC 5771)', true],
  ['224.0.0.0/24', 'multicast', 'Multicast, Local Network Control Block (RFC 5771)', false],
  ['239.0.0.0/8', 'multicast', 'Multicast, administratively scoped (RFC 2365)', false],
  ['240.0.0.0/4', 'reserved', 'Reserved, former Class E (RFC 1112)', false],
  ['255.255.255.255/32', 'broadcast', 'Limited Broadcast (RFC 919)', false],
];

/** Longest prefix first, so the first containing block is the most specific. */
const TABLE = BLOCKS.map(([block, kind, name, reach]) => {
  const [addr, len] = block.split('/') as [string, string];
  const prefix = Number(len);
  return { block, kind, name, reach, prefix, network: parseIpv4(addr)! };
}).sort((a, b) => b.prefix - a.prefix);

const GLOBAL: Ipv4Type = { kind: 'global', name: 'Global unicast', block: null, globallyReachable: true };

export function ipv4Type(addr: number): Ipv4Type {
  for (const e of TABLE) {
    const size = 2 ** (32 - e.prefix);
    if (addr >= e.network && addr < e.network + size)
      return { kind: e.kind, name: e.name, block: e.block, globallyReachable: e.reach };
  }
  return GLOBAL;
}

/** "Loopback (RFC 1122) · 127.0.0.0/8", or "Global unicast". */
export const ipv4TypeText = (t: Ipv4Type) => (t.block ? `${t.name} · ${t.block}` : t.name);

/** The Overview's badge: "Private" (the spec's RFC 1918), "Public", or what the address is. */
export function ipv4Badge(t: Ipv4Type, isPrivate: boolean): string {
  if (isPrivate) return 'Private';
  if (t.kind === 'global') return 'Public';
  return t.name.replace(/ \(RFC [^)]*\)$/, '').replace(/, RFC \d+\)$/, ')');
}

export const reachableText = (t: Ipv4Type) =>
  t.globallyReachable === null ? 'N/A' : t.globallyReachable ? 'yes' : 'no';
