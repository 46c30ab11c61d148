/**
 * The subnet calculator's results as "Label: value" lines: the rows of the page's Details tab
 * (src/core/subnet/details.ts, the same list the page shows), then the Binary tab's bits for IPv4
 * and the Overview's zone row for an IPv6 address with a zone.
 */
import { ipv4Details, ipv6Details, zoneText, type DetailRow } from '../src/core/subnet/details';
import type { SubnetResult } from '../src/core/subnet/ipv4';
import type { Ipv6Result } from '../src/core/subnet/ipv6';

function lines(rows: DetailRow[]): string {
  const width = Math.max(...rows.map(([label]) => label.length)) + 1;
  return rows.map(([label, , value]) => `${`${label}:`.padEnd(width)} ${value}\n`).join('');
}

export function ipv4Text(r: SubnetResult, ip: string): string {
  return lines([
    ...ipv4Details(r, ip),
    ['IP binary', 'ipBinary', r.ipBinary],
    ['Mask binary', 'maskBinary', r.maskBinary],
    ['Network binary', 'networkBinary', r.networkBinary],
  ]);
}

/** The Details rows; a zone ("%eth0") gets the Overview's row after the address. */
export function ipv6Text(r: Ipv6Result): string {
  const rows = ipv6Details(r);
  if (r.zone) rows.splice(1, 0, ['Zone', 'zone6', zoneText(r.zone)]);
  return lines(rows);
}
