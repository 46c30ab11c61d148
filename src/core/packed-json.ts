/** JSON in a compact, URL-safe text: the FSM page's links and the bitsmith command that reads them. */
import { deflateSync, inflateSync, strFromU8, strToU8 } from 'fflate';
import { base64UrlToBytes, bytesToBase64Url } from './base64/base64url';

/**
 * An object setting in a link: its JSON deflated, in Base64url. As escaped JSON (every quote and
 * brace three characters) a 20-state FSM's link took 11,000 characters, over the 8,000 characters a
 * link may have (src/browser/permalink.ts), and its transitions were left out; packed it takes 1,217 (200 generated states: 5,364; real
 * machines, less repetitive, pack less well).
 */
export const packJson = (v: unknown): string => bytesToBase64Url(deflateSync(strToU8(JSON.stringify(v)), { level: 9 }));

/** A packed setting's value; a link written before packing (plain JSON) reads too. Throws on garbage. */
export function unpackJson(raw: string): unknown {
  if (raw.startsWith('[') || raw.startsWith('{')) return JSON.parse(raw);
  const bytes = inflateSync(base64UrlToBytes(raw));
  // A hand-made link can inflate a thousandfold: nothing we write comes near a megabyte.
  if (bytes.length > 1 << 20) throw new Error('packed setting too large');
  return JSON.parse(strFromU8(bytes));
}
