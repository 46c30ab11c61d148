/**
 * Lists of a network: its host addresses (first host .. last host) or its subnets at a longer
 * prefix. Row i is O(1) arithmetic, so a table computes visible rows on demand; bulk work (export,
 * benchmarks) fills u32 pages and formats them as bytes in the WASM kernel (assembly/subnet.ts).
 * The plain TypeScript versions below are the reference for tests and the benchmark baseline.
 */
import type { KernelExports } from '../wasm/instantiate';
import { formatIpv4, networkRange, parseIpv4, splitIpBox } from './ipv4';

export type ListKind = 'hosts' | 'subnets';
export type ExportFormat = 'text' | 'csv';

export interface ListSpec {
  kind: ListKind;
  /** Any address of the parent network; it is masked to the network. */
  network: number;
  /** Prefix of the parent network. */
  cidr: number;
  /** Prefix of the listed subnets (subnets only), cidr..32. */
  childCidr: number;
}

/** Rows per WASM page: 64 Ki addresses (256 KiB of u32, up to 6 MiB of text). */
export const PAGE_ROWS = 65_536;
/** Bytes reserved per formatted row (longest CSV row plus octet overrun). */
const MAX_ROW_BYTES = 96;

const LAYOUT = { hostsText: 0, hostsCsv: 1, subnetsText: 2, subnetsCsv: 3 } as const;

function layoutOf(kind: ListKind, format: ExportFormat): number {
  if (kind === 'hosts') return format === 'csv' ? LAYOUT.hostsCsv : LAYOUT.hostsText;
  return format === 'csv' ? LAYOUT.subnetsCsv : LAYOUT.subnetsText;
}

export function csvHeader(kind: ListKind): string {
  return kind === 'hosts' ? 'row,address\n' : 'row,network,cidr,first_host,last_host,broadcast,usable_hosts\n';
}

/** Start address of row 0: the first host, or the network address of the first subnet. */
function listStart(spec: ListSpec): number {
  const r = networkRange(spec.network, spec.cidr);
  return spec.kind === 'hosts' ? r.firstHost : r.network;
}

/** Number of rows (up to 2^32 for the /32 subnets of a /0). */
export function rowCount(spec: ListSpec): number {
  if (spec.kind === 'subnets') return 2 ** (spec.childCidr - spec.cidr);
  const r = networkRange(spec.network, spec.cidr);
  return r.lastHost - r.firstHost + 1;
}

/** Address of row `i` (0-based): a host, or a subnet's network address. */
export function addressAt(spec: ListSpec, i: number): number {
  const start = listStart(spec);
  return spec.kind === 'hosts' ? start + i : start + i * 2 ** (32 - spec.childCidr);
}

/** The 0-based row holding `addr`, or -1 when the list does not contain it. */
export function rowOfAddress(spec: ListSpec, addr: number): number {
  const start = listStart(spec);
  const n = rowCount(spec);
  const row = spec.kind === 'hosts' ? addr - start : Math.floor((addr - start) / 2 ** (32 - spec.childCidr));
  return row >= 0 && row < n ? row : -1;
}

/**
 * Parses the jump box: a 1-based row number, or an IPv4 address, with or without a "/prefix" (the
 * row of the host or of the subnet containing it). Returns the 0-based row or an error message.
 */
export function parseJump(spec: ListSpec, text: string): { row: number } | { error: string } {
  const t = text
    .trim()
    .replace(/^#/, '')
    .replace(/[,_\s]/g, '');
  const n = rowCount(spec);
  if (/^\d+$/.test(t)) {
    const row = Number(t);
    return row >= 1 && row <= n
      ? { row: row - 1 }
      : { error: `Row must be between 1 and ${n.toLocaleString('en-US')}` };
  }
  // "10.1.2.0/24", as the Network column shows it, or any form the IP box takes ("10.1.2.0 24",
  // "10.1.2.0/255.255.255.0"): the address decides the row (as on the IPv6 tab).
  const box = splitIpBox(text);
  const addr = parseIpv4(box.ip);
  if (addr === null) return { error: 'Enter a row number or an IPv4 address' };
  if (box.suffixError) return { error: box.suffixError };
  const row = rowOfAddress(spec, addr);
  return row >= 0 ? { row } : { error: `${formatIpv4(addr)} is not in this list` };
}

/** One row of a subnet list, computed on demand. */
interface SubnetRow {
  network: string;
  firstHost: string;
  lastHost: string;
  broadcast: string;
  usable: number;
}

export function subnetRowAt(spec: ListSpec, i: number): SubnetRow {
  const r = networkRange(addressAt(spec, i), spec.childCidr);
  return {
    network: formatIpv4(r.network),
    firstHost: formatIpv4(r.firstHost),
    lastHost: formatIpv4(r.lastHost),
    broadcast: formatIpv4(r.broadcast),
    usable: r.usable,
  };
}

/** One line of an export (no newline), TypeScript reference of the WASM formatter. */
export function formatRow(spec: ListSpec, format: ExportFormat, i: number): string {
  if (spec.kind === 'hosts') {
    const a = formatIpv4(addressAt(spec, i));
    return format === 'csv' ? `${i + 1},${a}` : a;
  }
  const s = subnetRowAt(spec, i);
  if (format === 'text') return `${s.network}/${spec.childCidr}`;
  return `${i + 1},${s.network},${spec.childCidr},${s.firstHost},${s.lastHost},${s.broadcast},${s.usable}`;
}

/** TypeScript reference: fills `out` with rows start..start+out.length of the list. */
export function fillPageReference(spec: ListSpec, start: number, out: Uint32Array): void {
  const first = addressAt(spec, start);
  const step = spec.kind === 'hosts' ? 1 : 2 ** (32 - spec.childCidr);
  for (let i = 0; i < out.length; i++) out[i] = first + i * step;
}

export interface SubnetExports extends KernelExports {
  fillHosts(first: number, count: number, out: number): void;
  fillSubnets(base: number, shift: number, count: number, out: number): void;
  formatPage(page: number, count: number, out: number, layout: number, row: bigint, cidr: number): number;
}

/** A reusable page region in the kernel: u32 page followed by its text buffer. */
export class WasmPager {
  private pagePtr = 0;
  private textPtr = 0;

  constructor(
    private readonly kernel: SubnetExports,
    private readonly pageRows = PAGE_ROWS,
  ) {
    this.pagePtr = kernel.reserve(pageRows * 4 + pageRows * MAX_ROW_BYTES);
    this.textPtr = this.pagePtr + pageRows * 4;
  }

  /** Fills the kernel's page with `count` rows from `start`; returns a view (valid until the next call). */
  fill(spec: ListSpec, start: number, count: number): Uint32Array {
    if (count > this.pageRows) throw new RangeError(`page holds at most ${this.pageRows} rows`);
    const first = addressAt(spec, start) >>> 0;
    if (spec.kind === 'hosts') this.kernel.fillHosts(first, count, this.pagePtr);
    else this.kernel.fillSubnets(first, 32 - spec.childCidr, count, this.pagePtr);
    return new Uint32Array(this.kernel.memory.buffer, this.pagePtr, count);
  }

  /** Rows start..start+count formatted as lines; returns a view of the kernel's bytes. */
  format(spec: ListSpec, format: ExportFormat, start: number, count: number): Uint8Array {
    this.fill(spec, start, count);
    const n = this.kernel.formatPage(
      this.pagePtr,
      count,
      this.textPtr,
      layoutOf(spec.kind, format),
      BigInt(start + 1),
      spec.childCidr,
    );
    return new Uint8Array(this.kernel.memory.buffer, this.textPtr, n);
  }
}

/**
 * The whole list as byte chunks (a copy per page), header first for CSV. Callers build a Blob
 * from them or stream them; `onPage(rowsDone)` after each page.
 */
export function* exportChunks(
  pager: WasmPager,
  spec: ListSpec,
  format: ExportFormat,
  pageRows = PAGE_ROWS,
): Generator<Uint8Array> {
  if (format === 'csv') yield new TextEncoder().encode(csvHeader(spec.kind));
  const total = rowCount(spec);
  for (let start = 0; start < total; start += pageRows) {
    yield pager.format(spec, format, start, Math.min(pageRows, total - start)).slice();
  }
}

/** Estimated export size in bytes (exact for host text lists up to the octet lengths). */
export function estimateExportBytes(spec: ListSpec, format: ExportFormat): number {
  const rows = rowCount(spec);
  const perRow = spec.kind === 'hosts' ? (format === 'csv' ? 22 : 14) : format === 'csv' ? 75 : 17;
  return rows * perRow;
}
