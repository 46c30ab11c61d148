/**
 * VLSM planning for IPv6: each need (a number of /64 networks, or of addresses) gets the smallest
 * aligned prefix that holds it; blocks are placed largest first from the start of the parent
 * (descending sizes keep every block aligned), and the rest is listed as the fewest aligned blocks.
 */
import { excerpt, quoteExcerpt } from '../excerpt';
import { formatIpv6, hostMask6, mask6 } from './ipv6-parse';
import { COUNT, countDigits, splitNeeds } from './vlsm';

export interface Need6 {
  name: string;
  amount: bigint;
  unit: '/64s' | 'addresses';
}

export interface Allocation6 {
  name: string;
  need: string;
  prefix: number;
  network: string;
  last: string;
  /** /64 networks in the block (0 when longer than /64). */
  count64: bigint;
  addresses: bigint;
}

export interface Plan6 {
  allocations: Allocation6[];
  free: string[];
  freeAddresses: bigint;
  usedAddresses: bigint;
}

const MAX_NEEDS = 1000;
const NEED_SYNTAX = 'a whole number of /64s, or "n addresses"';
const NEED6 = new RegExp(String.raw`^(?:(.*?)[\s:=]+)?${COUNT}\s*(\/64s?|x\s*\/64|addresses|address|addr)?$`, 'i');

/**
 * Parses "Campus: 256, Lab: 4, Servers: 300 addresses" (commas, semicolons or lines; "Campus:
 * 1,000" is one count, see splitNeeds). A bare count is a number of /64 networks; "addresses" (or
 * "addr") counts addresses.
 */
export function parseNeeds6(text: string): { needs: Need6[] } | { error: string } {
  const items = splitNeeds(text);
  if (items.length === 0)
    return { error: 'Enter at least one need, e.g. "Campus: 256, Lab: 4, Servers: 300 addresses"' };
  if (items.length > MAX_NEEDS) return { error: `At most ${MAX_NEEDS} subnets can be planned at once` };
  const needs: Need6[] = [];
  for (const [i, item] of items.entries()) {
    const m = NEED6.exec(item);
    const amount = m ? BigInt(countDigits(m[2]!)) : 0n;
    if (!m || amount < 1n) return { error: `${quoteExcerpt(item)} is not a need (${NEED_SYNTAX}, at least 1)` };
    const unit = m[3] && /^addr/i.test(m[3]) ? 'addresses' : '/64s';
    needs.push({ name: m[1]?.trim() || `Subnet ${i + 1}`, amount, unit });
  }
  return { needs };
}

/** Bits needed to hold n items: ceil(log2 n). */
function bitsFor(n: bigint): number {
  let b = 0;
  while (1n << BigInt(b) < n) b++;
  return b;
}

/** Longest prefix holding the need; may be negative (more than the whole space). */
export function prefixForNeed6(need: Need6): number {
  return need.unit === '/64s' ? 64 - bitsFor(need.amount) : 128 - bitsFor(need.amount);
}

export function planVlsm6(network: bigint, prefix: number, needs: Need6[]): { plan: Plan6 } | { error: string } {
  const base = network & mask6(prefix);
  const end = base | hostMask6(prefix);
  const sized = needs.map((n, order) => ({ ...n, order, prefix: prefixForNeed6(n) }));
  const describe = (n: Need6) => {
    const [one, many] = n.unit === '/64s' ? ['/64', '/64s'] : ['address', 'addresses'];
    return `${n.amount.toLocaleString('en-US')} ${n.amount === 1n ? one : many}`;
  };
  const tooBig = sized.find((n) => n.prefix < prefix);
  if (tooBig) return { error: `${excerpt(tooBig.name)} needs ${describe(tooBig)}: more than a /${prefix} can hold` };
  sized.sort((a, b) => a.prefix - b.prefix || a.order - b.order);
  const needed = sized.reduce((s, n) => s + (1n << BigInt(128 - n.prefix)), 0n);
  const total = 1n << BigInt(128 - prefix);
  if (needed > total)
    return {
      error: `Not enough space: the subnets need ${needed.toLocaleString('en-US')} addresses, /${prefix} has ${total.toLocaleString('en-US')}`,
    };
  let cursor = base;
  const allocations = sized.map((n) => {
    const size = 1n << BigInt(128 - n.prefix);
    const a: Allocation6 = {
      name: n.name,
      need: describe(n),
      prefix: n.prefix,
      network: formatIpv6(cursor),
      last: formatIpv6(cursor + size - 1n),
      count64: n.prefix <= 64 ? 1n << BigInt(64 - n.prefix) : 0n,
      addresses: size,
    };
    cursor += size;
    return a;
  });
  return {
    plan: { allocations, free: deaggregate6(cursor, end), freeAddresses: end - cursor + 1n, usedAddresses: needed },
  };
}

/** The fewest aligned blocks covering first..last (inclusive); empty when first > last. */
export function deaggregate6(first: bigint, last: bigint): string[] {
  const blocks: string[] = [];
  while (first <= last) {
    let bits = 0;
    while (bits < 128 && ((first >> BigInt(bits)) & 1n) === 0n) bits++;
    while (first + (1n << BigInt(bits)) - 1n > last) bits--;
    blocks.push(`${formatIpv6(first)}/${128 - bits}`);
    first += 1n << BigInt(bits);
  }
  return blocks;
}
