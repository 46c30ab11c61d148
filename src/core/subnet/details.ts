/**
 * The IP Subnet Calculator's Details rows, [label, field, value], for IPv4 and IPv6 (with the
 * addresses an IPv6 address carries: Teredo, 6to4, multicast flags and group, solicited-node group,
 * EUI-64 MAC). One list for the page's Details tabs (src/tools/subnet) and `bitsmith subnet`'s text.
 */
import { parseIpv4, type IpClass, type SubnetResult } from './ipv4';
import type { Ipv6Result, Ipv6Type } from './ipv6';
import { IANA_IPV6_SPECIAL_REGISTRY_DATE } from './ipv6-registry';
import { ipv4Type, ipv4TypeText, reachableText } from './ipv4-registry';
import { count } from '../count';

/** [label, data-field, value] */
export type DetailRow = [string, string, string];

const yesNo = (v: boolean) => (v ? 'yes' : 'no');
/** The registry's yes / no / N/A, as the IPv4 row words it (reachableText). */
const yesNoNa = (v: boolean | null) => (v === null ? 'N/A' : yesNo(v));

export const CLASS_NOTE: Record<IpClass, string> = {
  A: 'Class A',
  B: 'Class B',
  C: 'Class C',
  D: 'Class D (multicast)',
  E: 'Class E (experimental)',
};

const hex32 = (ip: string) => `0x${parseIpv4(ip)!.toString(16).toUpperCase().padStart(8, '0')}`;

export function ipv4Details(r: SubnetResult, ip: string): DetailRow[] {
  const type = ipv4Type(parseIpv4(ip)!);
  return [
    ['IP address', 'ip', ip],
    ['Network address', 'networkAddress', r.networkAddress],
    ['Broadcast address', 'broadcastAddress', r.broadcastAddress],
    ['First host', 'firstHost', r.firstHost],
    ['Last host', 'lastHost', r.lastHost],
    ['Host range', 'range', `${r.firstHost} - ${r.lastHost}`],
    ['Total hosts', 'totalHosts', count(r.totalHosts)],
    ['Usable hosts', 'usableHosts', count(r.usableHosts)],
    ['CIDR notation', 'cidrNotation', `${r.networkAddress}/${r.cidr}`],
    ['Subnet mask', 'subnetMask', r.subnetMask],
    ['Wildcard mask', 'wildcardMask', r.wildcardMask],
    ['IP class', 'ipClass', CLASS_NOTE[r.ipClass]],
    ['Private address', 'isPrivate', r.isPrivate ? 'Yes (RFC 1918)' : 'No'],
    ['Address type', 'addressType', ipv4TypeText(type)],
    ['Globally reachable (IANA)', 'globallyReachable', reachableText(type)],
    ['IP as integer', 'ipInteger', String(parseIpv4(ip))],
    ['IP in hex', 'ipHex', hex32(ip)],
    ['Mask in hex', 'maskHex', hex32(r.subnetMask)],
  ];
}

/** "Documentation (scope: global) · 2001:db8::/32" */
export function typeText(r: Ipv6Result): string {
  const t = r.type;
  return `${t.name}${t.scope ? ` (scope: ${t.scope})` : ''} · ${t.block}${t.ipv4 ? ` · IPv4 ${t.ipv4}` : ''}`;
}

/** The Overview's zone field: "%eth0 (shown only; not used in the calculation)". */
export const zoneText = (zone: string) => `%${zone} (shown only; not used in the calculation)`;

/** The registry's "Globally Reachable" column as a badge text. */
export function reachText(t: Ipv6Type): string {
  if (t.globallyReachable === null) return 'Globally reachable: N/A';
  return t.globallyReachable ? 'Globally reachable' : 'Not globally reachable';
}

/** "Documentation (RFC 3849): source no · destination no · forwardable no · reserved-by-protocol no" */
function registryText(t: Ipv6Type): string {
  const e = t.registry;
  if (!e) return `not listed (${t.block}); IANA special-purpose registry of ${IANA_IPV6_SPECIAL_REGISTRY_DATE}`;
  return `${e.registryName} (${e.block}, ${e.rfc}): source ${yesNo(e.source)} · destination ${yesNo(e.destination)} · forwardable ${yesNo(e.forwardable)} · reserved-by-protocol ${yesNo(e.reservedByProtocol)}`;
}

/** What the address carries: Teredo, 6to4, multicast flags and group, solicited-node group, EUI-64 MAC. */
export function embeddedRows(r: Ipv6Result): DetailRow[] {
  const e = r.embedded;
  const rows: DetailRow[] = [];
  if (e.teredo)
    rows.push(
      ['Teredo server', 'teredoServer', e.teredo.server],
      ['Teredo client (external IPv4)', 'teredoClient', e.teredo.client],
      ['Teredo client UDP port', 'teredoPort', String(e.teredo.port)],
      ['Teredo flags', 'teredoFlags', e.teredo.flagsText],
    );
  if (e.sixToFour)
    rows.push(
      ['6to4 gateway (IPv4)', 'sixToFourGateway', e.sixToFour.gateway],
      ['6to4 SLA ID (subnet)', 'sixToFourSla', `${e.sixToFour.slaIdHex} (${e.sixToFour.slaId})`],
    );
  if (e.multicast) {
    const m = e.multicast;
    const flags = [
      m.r ? 'R=1 (embedded RP)' : 'R=0',
      m.p ? 'P=1 (prefix-based)' : 'P=0',
      m.t ? 'T=1 (transient)' : 'T=0 (well-known)',
    ].join(' · ');
    rows.push(
      ['Multicast flags (0RPT)', 'mcastFlags', flags],
      ['Multicast group', 'mcastGroup', m.group ?? (m.t ? 'transient group' : 'not a well-known group')],
    );
  }
  if (e.solicitedNode) rows.push(['Solicited-node multicast group', 'solicitedNode', e.solicitedNode]);
  if (e.eui64Mac) rows.push(['MAC in the EUI-64 interface ID', 'eui64Mac', e.eui64Mac]);
  return rows;
}

export function ipv6Details(r: Ipv6Result): DetailRow[] {
  return [
    ['Address (RFC 5952)', 'address6', r.address],
    ['Address (full)', 'addressFull6', r.addressFull],
    ['Prefix (RFC 5952)', 'cidr6', r.cidr],
    ['Prefix (full)', 'cidrFull6', r.cidrFull],
    ['Network (full)', 'networkFull6', r.networkFull],
    ['First address', 'first6d', r.first],
    ['Last address', 'last6d', r.last],
    ['Netmask', 'netmask6', r.netmask],
    ['Addresses', 'countExact6', count(r.count)],
    ['Addresses as a power of two', 'countPow6', `2^${128 - r.prefix}`],
    ['/64 networks', 'count64d', count(r.count64)],
    ['Address type', 'typeDetail6', typeText(r)],
    // The label asks the question: the value is its answer, as for IPv4 (it repeated the badge,
    // "Globally reachable (IANA): Globally reachable: N/A").
    ['Globally reachable (IANA)', 'reach6d', yesNoNa(r.type.globallyReachable)],
    ['IANA special-purpose registry', 'registry6', registryText(r.type)],
    ['Reserved by IETF (address space)', 'reservedIetf6', yesNo(r.type.reservedByIetf)],
    ['Reverse DNS (PTR) name of the address', 'ptrName6', r.ptrName],
    ['Reverse DNS zone (ip6.arpa)', 'reverseZone6', r.reverseZone],
    ...(r.reverseZones.length > 1
      ? ([
          [
            `Reverse DNS zones (a /${r.prefix} needs ${r.reverseZones.length} /${r.zonePrefix} zones)`,
            'reverseZones6',
            r.reverseZones.join(' '),
          ],
        ] as DetailRow[])
      : []),
    ['Reverse DNS name of the network', 'reverseName6', r.reverseName],
    ['Interface identifier (low 64 bits)', 'iid6', r.embedded.interfaceId],
    ...embeddedRows(r).map(([label, field, value]): DetailRow => [label, `${field}d`, value]),
  ];
}
