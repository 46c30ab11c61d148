/** IPv6 page logic (no React): default split, export limit and file name, table windows. */
import { formatIpv6, mask6 } from '../../core/subnet/ipv6-parse';
import type { ListSpec6 } from '../../core/subnet/ipv6-enumerate';

/** Exports stop at 2^24 rows (about 400 MB of text): pick a shorter split for more. */
export const EXPORT_MAX_ROWS6 = 2 ** 24;

/** The virtual table shows up to 2^32 rows at a time; longer lists are paged in windows. */
export const TABLE_WINDOW = 1n << 32n;

/** /48 -> /64, /32 -> /48, /56 -> /64; at /64 and longer four bits more. */
export function defaultChildPrefix6(prefix: number): number {
  return prefix < 64 ? Math.min(64, prefix + 16) : Math.min(128, prefix + 4);
}

/** First row of the window holding `row`. */
export const windowStart = (row: bigint): bigint => row - (row % TABLE_WINDOW);

/**
 * subnets-2001-db8-abcd--0-48-as-64.txt: the network's RFC 5952 text with ":" as "-" (a file name
 * cannot hold ":"), and a 0 where "::" starts or ends it ("::" is "0--0", "2001:db8:abcd::" is
 * "2001-db8-abcd--0"), so a "-" next to "--" is always the one before the prefix (the name was
 * "subnets----0-as-4.txt"). Written back with ":", it is the address ("2001:db8:abcd::0").
 */
export function exportFileName6(spec: ListSpec6, format: string): string {
  const net = formatIpv6(spec.network & mask6(spec.prefix))
    .replace(/^::/, '0::')
    .replace(/::$/, '::0')
    .replaceAll(':', '-');
  return `subnets-${net}-${spec.prefix}-as-${spec.childPrefix}.${format === 'csv' ? 'csv' : 'txt'}`;
}
