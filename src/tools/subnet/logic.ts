/**
 * Subnet page logic (no React): the status line, the copied summary, the subnet list's default
 * prefix and export limits and names, and the IP box suffix rule.
 */
import type { ListSpec } from '../../core/subnet/enumerate';
import { count } from '../../core/count';
import {
  cidrFromMask,
  formatIpv4,
  maskFromCidr,
  networkRange,
  parseCidr,
  parseIpv4,
  parseMask,
  splitIpBox,
  type SubnetResult,
} from '../../core/subnet/ipv4';
import { looksLikeIpv6, parseIpv6, parsePrefix6 } from '../../core/subnet/ipv6-parse';
import { ipv4Type, ipv4TypeText } from '../../core/subnet/ipv4-registry';

export interface SubnetInputs {
  ip: string;
  mode: 'cidr' | 'mask';
  cidrText: string;
  maskText: string;
}

/** "Mask: 255.255.255.0 (/24)" for the mode's field (an inline "/n" or mask wins), or "Mask: invalid". */
/** The prefix length in use (the IP box's suffix, else the CIDR or mask field), or null when invalid. */
function prefixInUse({ ip, mode, cidrText, maskText }: SubnetInputs): number | null {
  const box = splitIpBox(ip);
  // A bad suffix in the IP box ("10.0.0.1/33") is the mask in use: not the box's value from before.
  if (box.suffixError) return null;
  if (box.cidr !== undefined) return box.cidr;
  if (mode === 'cidr') return parseCidr(cidrText);
  const m = parseMask(maskText);
  return m === null ? null : cidrFromMask(m);
}

function maskStatus(inputs: SubnetInputs): string {
  const cidr = prefixInUse(inputs);
  return cidr === null ? 'Mask: invalid' : `Mask: ${formatIpv4(maskFromCidr(cidr))} (/${cidr})`;
}

/** The inputs the status line reports as invalid: the page marks them and points them at it. */
export function invalidInputs(inputs: SubnetInputs): { ip: boolean; cidr: boolean; mask: boolean } {
  if (looksLikeIpv6(inputs.ip)) {
    const p = parseIpv6(inputs.ip);
    const inline = p.ok && p.value.prefix !== undefined;
    return { ip: !p.ok, cidr: !inline && parsePrefix6(inputs.cidrText) === null, mask: false };
  }
  const box = splitIpBox(inputs.ip);
  const fieldInUse = !box.suffixError && box.cidr === undefined && prefixInUse(inputs) === null;
  return {
    ip: parseIpv4(box.ip) === null || box.suffixError !== undefined,
    cidr: fieldInUse && inputs.mode === 'cidr',
    mask: fieldInUse && inputs.mode === 'mask',
  };
}

/** Spec: whether the IP is valid or invalid, together with the current mask. */
export function statusText(inputs: SubnetInputs): string {
  const ipValid = parseIpv4(splitIpBox(inputs.ip).ip) !== null;
  return `${ipValid ? '✅ Valid IP address' : '❌ Invalid IP address'} · ${maskStatus(inputs)}`;
}

/** The Overview's "Copy summary" text, counts grouped as the Overview shows them (16,777,214). */
export function summaryText(r: SubnetResult, ip: string): string {
  return [
    `IP address: ${ip}`,
    `Network: ${r.networkAddress}/${r.cidr}`,
    `Broadcast: ${r.broadcastAddress}`,
    `First host: ${r.firstHost}`,
    `Last host: ${r.lastHost}`,
    `Total hosts: ${count(r.totalHosts)}`,
    `Usable hosts: ${count(r.usableHosts)}`,
    `Subnet mask: ${r.subnetMask}`,
    `Wildcard mask: ${r.wildcardMask}`,
    `Class: ${r.ipClass}`,
    `Private: ${r.isPrivate ? 'yes' : 'no'}`,
    `Address type: ${ipv4TypeText(ipv4Type(parseIpv4(ip)!))}`,
  ].join('\n');
}

/** The IP box without an inline "/n" or mask suffix (once the CIDR or mask field takes over). */
export function bareIp(ip: string): string {
  const box = splitIpBox(ip);
  return box.ip === ip.trim() ? ip : box.ip;
}

/** Exports above 2^27 rows (several GB) are refused: pick a longer prefix instead. */
export const EXPORT_MAX_ROWS = 2 ** 27;

/** Until a prefix is chosen: /24s of anything larger, else two bits longer (4 subnets). */
export function defaultChildCidr(cidr: number): number {
  return cidr < 22 ? 24 : Math.min(32, cidr + 2);
}

/** hosts-10.0.0.0-8.txt, subnets-10.0.0.0-8-as-24.csv ... */
export function exportFileName(spec: ListSpec, format: string): string {
  const base = `${formatIpv4(networkRange(spec.network, spec.cidr).network)}-${spec.cidr}`;
  const extension = format === 'csv' ? 'csv' : 'txt';
  return spec.kind === 'hosts' ? `hosts-${base}.${extension}` : `subnets-${base}-as-${spec.childCidr}.${extension}`;
}
