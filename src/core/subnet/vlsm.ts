/**
 * VLSM planning: split a network for a list of required host counts, largest first. Each need gets
 * the smallest block whose usable hosts (spec rule: 2^(32-cidr) - 2) cover it; blocks are placed
 * from the start of the network in descending size, which keeps every block aligned. What is left
 * is shown as the fewest aligned CIDR blocks.
 */
import { excerpt, quoteExcerpt } from '../excerpt';
import { formatIpv4, networkRange } from './ipv4';

interface VlsmNeed {
  name: string;
  hosts: number;
}

interface VlsmAllocation {
  name: string;
  hosts: number;
  cidr: number;
  network: string;
  firstHost: string;
  lastHost: string;
  broadcast: string;
  usable: number;
  /** Usable addresses beyond the need. */
  spare: number;
}

interface VlsmPlan {
  allocations: VlsmAllocation[];
  /** Unallocated space as CIDR blocks ("10.0.1.0/24"). */
  free: string[];
  freeAddresses: number;
  usedAddresses: number;
}

const MAX_NEEDS = 1000;

/**
 * A need whose count, after "Name:", is written with thousands separators ("Campus: 1,000",
 * "Big: 1,048,574 hosts"): digits, then groups of a comma and exactly three digits, no spaces.
 */
const GROUPED_NEED = /[^,;\n:]*:[ \t]*\d{1,3}(?:,\d{3})+(?!\d)[^,;\n]*/y;
const NEED = /[^,;\n]*/y;

/**
 * The needs of a planner's text, trimmed: commas, semicolons and new lines separate them, except
 * a comma inside a grouped count after a name and a colon ("Campus: 1,000, Lab: 20" is two needs).
 * "10,200" (no name) stays two counts, as do "A: 10,20" (not a group of three digits) and
 * "A: 10, 200" (a space after the comma).
 */
export function splitNeeds(text: string): string[] {
  const items: string[] = [];
  for (let at = 0; at <= text.length;) {
    GROUPED_NEED.lastIndex = NEED.lastIndex = at;
    const need = (GROUPED_NEED.exec(text) ?? NEED.exec(text)!)[0];
    items.push(need.trim());
    at += need.length + 1;
  }
  return items.filter(Boolean);
}

/** A count as written in a need: "1000" or "1,000". */
export const COUNT = String.raw`(\d{1,3}(?:,\d{3})+|\d+)`;

/** The count's value as a string of digits. */
export const countDigits = (written: string) => written.replaceAll(',', '');

const NEED4 = new RegExp(String.raw`^(?:(.*?)[\s:=]+)?${COUNT}(?:\s*hosts?)?$`, 'i');

/**
 * Parses "Sales: 50, Lab 20 hosts, 10" (commas, semicolons or new lines; an optional name before
 * each count, an optional "hosts" after it; "Campus: 1,000" is one count, see splitNeeds). Unnamed
 * needs are called "Subnet n".
 */
export function parseNeeds(text: string): { needs: VlsmNeed[] } | { error: string } {
  const items = splitNeeds(text);
  if (items.length === 0) return { error: 'Enter at least one host count, e.g. "Sales: 50, Lab: 20, 10"' };
  if (items.length > MAX_NEEDS) return { error: `At most ${MAX_NEEDS} subnets can be planned at once` };
  const needs: VlsmNeed[] = [];
  for (const [i, item] of items.entries()) {
    const m = NEED4.exec(item);
    const hosts = m ? Number(countDigits(m[2]!)) : NaN;
    if (!m || !Number.isSafeInteger(hosts) || hosts < 1)
      return { error: `${quoteExcerpt(item)} is not a host count (a whole number of at least 1)` };
    needs.push({ name: m[1]?.trim() || `Subnet ${i + 1}`, hosts });
  }
  return { needs };
}

/** Longest prefix whose usable hosts cover `hosts`, or null when even /0 is too small. */
export function prefixForHosts(hosts: number): number | null {
  for (let cidr = 30; cidr >= 0; cidr--) if (2 ** (32 - cidr) - 2 >= hosts) return cidr;
  return null;
}

/** Plans `needs` inside `network`/`cidr`; an error when they do not fit. */
export function planVlsm(network: number, cidr: number, needs: VlsmNeed[]): { plan: VlsmPlan } | { error: string } {
  const parent = networkRange(network, cidr);
  const sized = needs.map((n, order) => ({ ...n, order, prefix: prefixForHosts(n.hosts) }));
  const tooBig = sized.find((n) => n.prefix === null || n.prefix < cidr);
  if (tooBig)
    return {
      error: `${excerpt(tooBig.name)} needs ${tooBig.hosts.toLocaleString('en-US')} ${tooBig.hosts === 1 ? 'host' : 'hosts'}: more than a /${cidr} can hold`,
    };
  // Largest first; equal sizes keep their input order.
  sized.sort((a, b) => a.prefix! - b.prefix! || a.order - b.order);
  const needed = sized.reduce((s, n) => s + 2 ** (32 - n.prefix!), 0);
  if (needed > parent.total) {
    return {
      error: `Not enough space: the subnets need ${needed.toLocaleString('en-US')} addresses, /${cidr} has ${parent.total.toLocaleString('en-US')}`,
    };
  }
  let cursor = parent.network;
  const allocations = sized.map((n) => {
    const r = networkRange(cursor, n.prefix!);
    cursor += r.total;
    return {
      name: n.name,
      hosts: n.hosts,
      cidr: n.prefix!,
      network: formatIpv4(r.network),
      firstHost: formatIpv4(r.firstHost),
      lastHost: formatIpv4(r.lastHost),
      broadcast: formatIpv4(r.broadcast),
      usable: r.usable,
      spare: r.usable - n.hosts,
    };
  });
  const free = deaggregate(cursor, parent.broadcast);
  return { plan: { allocations, free, freeAddresses: parent.broadcast - cursor + 1, usedAddresses: needed } };
}

/** The fewest aligned CIDR blocks covering first..last (inclusive); empty when first > last. */
export function deaggregate(first: number, last: number): string[] {
  const blocks: string[] = [];
  while (first <= last) {
    // Largest block aligned at `first` that stays within the range.
    let size = first === 0 ? 2 ** 32 : 2 ** Math.min(32, countTrailingZeros(first));
    while (first + size - 1 > last) size /= 2;
    blocks.push(`${formatIpv4(first)}/${32 - Math.log2(size)}`);
    first += size;
  }
  return blocks;
}

function countTrailingZeros(v: number): number {
  let n = 0;
  while (n < 32 && v % 2 ** (n + 1) === 0) n++;
  return n;
}
