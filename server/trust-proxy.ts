/** Parses TRUST_PROXY into a value for Express's `trust proxy` setting, in the forms Express documents. */
import { isIP } from 'node:net';

export type TrustProxy = boolean | number | string[];

const NAMED = new Set(['loopback', 'linklocal', 'uniquelocal']);

export const TRUST_PROXY_FORMS =
  'a hop count (e.g. 1), true, false, loopback, linklocal, uniquelocal, ' +
  'or a comma-separated list of IP addresses or CIDR ranges (e.g. 10.0.0.0/8, 192.168.1.1)';

function isAddressOrRange(entry: string): boolean {
  if (NAMED.has(entry)) return true;
  const [address, bits, extra] = entry.split('/');
  const family = isIP(address ?? '');
  if (!family || extra !== undefined) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d+$/.test(bits) && n <= (family === 4 ? 32 : 128);
}

/**
 * `1` means one proxy hop (Express would read the string "1" as the address 0.0.0.1), `true`/`false`
 * trust everything/nothing, anything else is a list of addresses, ranges and named ranges.
 * Throws a message naming TRUST_PROXY and the accepted forms.
 */
export function parseTrustProxy(raw: string): TrustProxy {
  const value = raw.trim().toLowerCase();
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value.split(',').map((s) => s.trim());
  const bad = entries.filter((e) => !isAddressOrRange(e));
  if (value === '' || bad.length > 0) {
    throw new Error(`TRUST_PROXY: "${raw}" is not accepted (${bad.join(', ') || 'empty'}); use ${TRUST_PROXY_FORMS}`);
  }
  return entries;
}
