/**
 * The subnet calculator's results as "Label: value" lines, with the labels of the page's Details
 * tables (src/tools/subnet/ResultViews.tsx, Ipv6Views.tsx; the page's React files cannot be imported here).
 */
import { parseIpv4, type SubnetResult } from '../src/core/subnet/ipv4';
import type { Ipv6Result } from '../src/core/subnet/ipv6';

const n = (v: number | bigint) => v.toLocaleString('en-US');
const yesNo = (v: boolean) => (v ? 'yes' : 'no');
const hex32 = (v: number) => `0x${v.toString(16).toUpperCase().padStart(8, '0')}`;

function lines(rows: [string, string][]): string {
  const width = Math.max(...rows.map(([label]) => label.length)) + 1;
  return rows.map(([label, value]) => `${`${label}:`.padEnd(width)} ${value}\n`).join('');
}

const CLASS_NOTE: Record<SubnetResult['ipClass'], string> = {
  A: 'Class A',
  B: 'Class B',
  C: 'Class C',
  D: 'Class D (multicast)',
  E: 'Class E (experimental)',
};

export function ipv4Text(r: SubnetResult, ip: string): string {
  const addr = parseIpv4(ip)!;
  return lines([
    ['IP address', ip],
    ['Network address', r.networkAddress],
    ['Broadcast address', r.broadcastAddress],
    ['First host', r.firstHost],
    ['Last host', r.lastHost],
    ['Host range', `${r.firstHost} - ${r.lastHost}`],
    ['Total hosts', n(r.totalHosts)],
    ['Usable hosts', n(r.usableHosts)],
    ['CIDR notation', `${r.networkAddress}/${r.cidr}`],
    ['Subnet mask', r.subnetMask],
    ['Wildcard mask', r.wildcardMask],
    ['IP class', CLASS_NOTE[r.ipClass]],
    ['Private address', r.isPrivate ? 'Yes (RFC 1918)' : 'No'],
    ['IP as integer', String(addr)],
    ['IP in hex', hex32(addr)],
    ['Mask in hex', hex32(parseIpv4(r.subnetMask)!)],
    ['IP binary', r.ipBinary],
    ['Mask binary', r.maskBinary],
    ['Network binary', r.networkBinary],
  ]);
}

export function ipv6Text(r: Ipv6Result): string {
  const t = r.type;
  const reach =
    t.globallyReachable === null
      ? 'Globally reachable: N/A'
      : t.globallyReachable
        ? 'Globally reachable'
        : 'Not globally reachable';
  return lines([
    ['Address (RFC 5952)', `${r.address}${r.zone ? `%${r.zone}` : ''}`],
    ['Address (full)', r.addressFull],
    ['Prefix (RFC 5952)', r.cidr],
    ['Prefix (full)', r.cidrFull],
    ['Network (full)', r.networkFull],
    ['First address', r.first],
    ['Last address', r.last],
    ['Netmask', r.netmask],
    ['Addresses', `${n(r.count)} (2^${128 - r.prefix})`],
    ['/64 networks', n(r.count64)],
    [
      'Address type',
      `${t.name}${t.scope ? ` (scope: ${t.scope})` : ''} · ${t.block}${t.ipv4 ? ` · IPv4 ${t.ipv4}` : ''}`,
    ],
    ['Globally reachable (IANA)', reach],
    ['Reserved by IETF (address space)', yesNo(t.reservedByIetf)],
    ['Reverse DNS (PTR) name of the address', r.ptrName],
    ['Reverse DNS zone (ip6.arpa)', r.reverseZone],
    ['Reverse DNS name of the network', r.reverseName],
    ['Interface identifier (low 64 bits)', r.embedded.interfaceId],
  ]);
}
