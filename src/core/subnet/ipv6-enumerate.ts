/**
 * IPv6 subnet lists: a network split into its subnets at a longer prefix. Row i is BigInt
 * arithmetic (exact for any count up to 2^128), so the table computes visible rows on demand; the
 * export formats pages of rows as bytes in the WASM kernel (assembly/subnet.ts, u64 pairs). The
 * TypeScript functions are the reference for tests and the benchmark baseline.
 */
import type { KernelExports } from '../wasm/instantiate';
import type { ExportFormat } from './enumerate';
import { V6_MESSAGES, formatIpv6, hostMask6, mask6, parseIpv6, parsePrefix6 } from './ipv6-parse';

export interface ListSpec6 {
  /** Any address of the parent network; it is masked to the network. */
  network: bigint;
  prefix: number;
  /** Prefix of the listed subnets, prefix..128. */
  childPrefix: number;
}

/** Rows per WASM page. */
export const PAGE_ROWS6 = 16_384;
/** Bytes reserved per row: CSV row number, two 39-character addresses, prefix, separators. */
const MAX_ROW_BYTES6 = 112;

export const csvHeader6 = 'row,network,prefix,first_address,last_address\n';

const U64 = (1n << 64n) - 1n;

export const rowCount6 = (spec: ListSpec6): bigint => 1n << BigInt(spec.childPrefix - spec.prefix);

/** Network address of row `i` (0-based). */
export function subnetAt6(spec: ListSpec6, i: bigint): bigint {
  return (spec.network & mask6(spec.prefix)) + (i << BigInt(128 - spec.childPrefix));
}

/** The 0-based row holding `addr`, or -1n when outside the parent network. */
export function rowOfAddress6(spec: ListSpec6, addr: bigint): bigint {
  if ((addr & mask6(spec.prefix)) !== (spec.network & mask6(spec.prefix))) return -1n;
  return (addr & hostMask6(spec.prefix)) >> BigInt(128 - spec.childPrefix);
}

/** Parses the jump box: a 1-based row number or an IPv6 address; returns the 0-based row. */
export function parseJump6(spec: ListSpec6, text: string): { row: bigint } | { error: string } {
  const t = text
    .trim()
    .replace(/^#/, '')
    .replace(/[,_\s]/g, '');
  const n = rowCount6(spec);
  if (/^\d+$/.test(t)) {
    const row = BigInt(t);
    return row >= 1n && row <= n
      ? { row: row - 1n }
      : { error: `Row must be between 1 and ${n.toLocaleString('en-US')}` };
  }
  // "2001:db8::/64", as the Network column shows it: the address decides the row; a bad prefix is
  // named (as on the IPv4 tab), not dropped.
  // "2001:db8::1 64" too, as the IP box takes it.
  const [, address = text, prefix] =
    /^(.*?)\s*\/\s*(\S*)$/.exec(text.trim()) ?? /^(\S+)\s+(\d+)$/.exec(text.trim()) ?? [];
  const parsed = parseIpv6(address);
  if (!parsed.ok)
    return { error: parsed.error === V6_MESSAGES.port ? parsed.error : 'Enter a row number or an IPv6 address' };
  if (prefix !== undefined && parsePrefix6(prefix) === null) return { error: V6_MESSAGES.prefix };
  const row = rowOfAddress6(spec, parsed.value.addr);
  return row >= 0n ? { row } : { error: `${formatIpv6(parsed.value.addr)} is not in this list` };
}

export interface SubnetRow6 {
  network: string;
  first: string;
  last: string;
}

export function subnetRowAt6(spec: ListSpec6, i: bigint): SubnetRow6 {
  const net = subnetAt6(spec, i);
  return { network: formatIpv6(net), first: formatIpv6(net), last: formatIpv6(net | hostMask6(spec.childPrefix)) };
}

/** One export line (no newline): the TypeScript reference of the WASM formatter. */
export function formatRow6(spec: ListSpec6, format: ExportFormat, i: bigint): string {
  const r = subnetRowAt6(spec, i);
  if (format === 'text') return `${r.network}/${spec.childPrefix}`;
  return `${i + 1n},${r.network},${spec.childPrefix},${r.first},${r.last}`;
}

export interface Subnet6Exports extends KernelExports {
  formatSubnets6(
    baseHi: bigint,
    baseLo: bigint,
    child: number,
    count: number,
    out: number,
    csv: number,
    row: bigint,
  ): number;
}

/** A reusable text region in the kernel for pages of IPv6 subnet rows. */
export class WasmPager6 {
  private readonly textPtr: number;

  constructor(
    private readonly kernel: Subnet6Exports,
    readonly pageRows = PAGE_ROWS6,
  ) {
    this.textPtr = kernel.reserve(pageRows * MAX_ROW_BYTES6);
  }

  /** Rows start..start+count as lines; a view of the kernel's bytes (valid until the next call). */
  format(spec: ListSpec6, format: ExportFormat, start: bigint, count: number): Uint8Array {
    if (count > this.pageRows) throw new RangeError(`page holds at most ${this.pageRows} rows`);
    // CSV row numbers are u64 in the kernel (exports stop far below; see EXPORT_MAX_ROWS6).
    if (format === 'csv' && start + BigInt(count) > U64) throw new RangeError('CSV row numbers stop at 2^64 - 1');
    const base = subnetAt6(spec, start);
    const n = this.kernel.formatSubnets6(
      base >> 64n,
      base & U64,
      spec.childPrefix,
      count,
      this.textPtr,
      format === 'csv' ? 1 : 0,
      start + 1n,
    );
    return new Uint8Array(this.kernel.memory.buffer, this.textPtr, n);
  }
}

/** The whole list as byte chunks (a copy per page), header first for CSV. */
export function* exportChunks6(pager: WasmPager6, spec: ListSpec6, format: ExportFormat): Generator<Uint8Array> {
  if (format === 'csv') yield new TextEncoder().encode(csvHeader6);
  const total = rowCount6(spec);
  const step = BigInt(pager.pageRows);
  for (let start = 0n; start < total; start += step) {
    const count = Number(total - start < step ? total - start : step);
    yield pager.format(spec, format, start, count).slice();
  }
}

/** Estimated export size in bytes (rows times a typical line). */
export function estimateExportBytes6(spec: ListSpec6, format: ExportFormat): bigint {
  return rowCount6(spec) * (format === 'csv' ? 70n : 24n);
}
