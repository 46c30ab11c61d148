/**
 * bitsmith subnet ADDRESS/PREFIX: the IP Subnet Calculator's results (src/core/subnet) as text or
 * JSON; --split PREFIX (or --hosts) streams the page's export lines, text or CSV, page by page from
 * the WASM formatter (assembly/subnet.ts) straight to the output: memory stays flat for any count.
 */
import {
  PAGE_ROWS,
  WasmPager,
  csvHeader,
  estimateExportBytes,
  rowCount,
  type ExportFormat,
  type ListSpec,
  type SubnetExports,
} from '../src/core/subnet/enumerate';
import { MESSAGES, calculate, parseIpv4, type SubnetResult } from '../src/core/subnet/ipv4';
import { ipv4Type } from '../src/core/subnet/ipv4-registry';
import { calculate6, type Ipv6Result } from '../src/core/subnet/ipv6';
import {
  csvHeader6,
  estimateExportBytes6,
  rowCount6,
  WasmPager6,
  type ListSpec6,
  type Subnet6Exports,
} from '../src/core/subnet/ipv6-enumerate';
import { V6_MESSAGES, looksLikeIpv6, mask6 } from '../src/core/subnet/ipv6-parse';
import { BadInput, UsageError, loadKernel, progress, readChunks } from './io';
import { SyncOutput, writeOutput } from './sync-io';
import { ipv4Text, ipv6Text } from './subnet-text';

export interface SubnetOptions {
  json?: boolean;
  /** The longer prefix (a whole number, parsed by the command line). */
  split?: number;
  hosts?: boolean;
  csv?: boolean;
  output?: string;
}

function splitPrefix(child: number, prefix: number, max: number): number {
  if (child < prefix || child > max)
    throw new BadInput(`--split must be a prefix from ${prefix} to ${max} (the network is a /${prefix}).`);
  return child;
}

/**
 * The calculator's error, except for an address with neither /PREFIX nor a mask: the page asks for the prefix in a box of its own, so
 * its sentence ('CIDR must be between 0 and 32') would speak of a number the user never gave.
 */
function prefixProblem(address: string, error: string, v6: boolean): BadInput {
  const a = address.trim();
  if (error !== (v6 ? V6_MESSAGES.prefix : MESSAGES.invalidCidr) || /[/\s]/.test(a)) return new BadInput(error);
  return new BadInput(
    `${a} has no prefix: give ADDRESS/PREFIX (${a}/${v6 ? 128 : 32} for the address alone)${v6 ? '' : ' or ADDRESS MASK'}`,
  );
}

/**
 * ADDRESS/PREFIX and a MASK argument too (`10.0.0.0/8 16`): IPv4 read the pair as one address and
 * said 'Invalid IP address format' of a valid one, IPv6 'Only one "/" is allowed'; a second
 * argument that is no prefix or mask (`2001:db8::1/64 extra`) was told the prefix range.
 */
function prefixTwice(address: string): BadInput | undefined {
  const [first = '', ...rest] = address.trim().split(/\s+/);
  if (rest.length === 0 || !first.includes('/')) return undefined;
  const [ip, prefix] = first.split('/');
  const mask = rest.join(' ');
  if (!/^[\d.:a-f]+$/i.test(mask)) return new BadInput(`"${mask}" is neither a prefix nor a mask: give ${first} alone`);
  return new BadInput(`The prefix is given twice (/${prefix} and ${mask}): give ${first} or ${ip} ${mask}`);
}

/** JSON with 128-bit counts as decimal strings. */
const toJson = (value: unknown) =>
  JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v), 2) + '\n';

/** `subnet -`: the one address line on stdin (reading stops after 4 KiB: no address is longer). */
async function addressFromStdin(): Promise<string> {
  let text = '';
  for await (const chunk of readChunks('-')) if ((text += chunk.toString('utf8')).length > 4096) break;
  const lines = text.split('\n').filter((l) => l.trim() !== '');
  if (lines.length === 0) throw new BadInput('stdin holds no address');
  if (lines.length > 1) throw new BadInput('stdin holds more than one line: give one ADDRESS/PREFIX');
  return lines[0]!;
}

export async function subnet(arg: string, o: SubnetOptions): Promise<void> {
  const address = arg === '-' ? await addressFromStdin() : arg;
  if (o.split !== undefined && o.hosts) throw new UsageError('Give --split PREFIX or --hosts, not both.');
  const list = o.split !== undefined || o.hosts;
  if (o.csv && !list) throw new UsageError('--csv goes with --split PREFIX or --hosts.');
  if (o.json && list) throw new UsageError('--json shows the results; --split and --hosts list lines (text or --csv).');
  const format: ExportFormat = o.csv ? 'csv' : 'text';
  if (looksLikeIpv6(address)) {
    const c = calculate6(address, '');
    if (!c.ok) throw prefixTwice(address) ?? prefixProblem(address, c.error, true);
    if (o.hosts) throw new UsageError('--hosts lists IPv4 hosts; for IPv6 use --split PREFIX.');
    if (!list) return writeOutput(o.json ? toJson(c.result) : ipv6Text(c.result), o.output);
    const r: Ipv6Result = c.result;
    const spec: ListSpec6 = { network: c.addr & mask6(r.prefix), prefix: r.prefix, childPrefix: 0 };
    spec.childPrefix = splitPrefix(o.split!, r.prefix, 128);
    return streamIpv6(spec, format, o.output);
  }
  const c = calculate({ ip: address, mode: 'cidr', cidrText: '', maskText: '' });
  if (!c.ok) throw prefixTwice(address) ?? prefixProblem(address, c.error, false);
  const r: SubnetResult = c.result;
  const ip = address.trim().split(/[\s/]/)[0]!;
  if (!list) {
    const json = () => toJson({ ip, ...r, error: undefined, addressType: ipv4Type(c.ip) });
    return writeOutput(o.json ? json() : ipv4Text(r, ip), o.output);
  }
  const spec: ListSpec = {
    kind: o.hosts ? 'hosts' : 'subnets',
    network: parseIpv4(ip)!,
    cidr: r.cidr,
    childCidr: o.hosts ? r.cidr : splitPrefix(o.split!, r.cidr, 32),
  };
  return streamIpv4(spec, format, o.output);
}

type Kernel = SubnetExports & Subnet6Exports;

async function streamIpv4(spec: ListSpec, format: ExportFormat, output: string | undefined): Promise<void> {
  const pager = new WasmPager(await loadKernel<Kernel>('subnet'));
  const out = new SyncOutput(output);
  if (format === 'csv') out.write(Buffer.from(csvHeader(spec.kind)));
  const total = rowCount(spec);
  const bar = progress('writing', estimateExportBytes(spec, format));
  let written = 0;
  for (let start = 0; start < total; start += PAGE_ROWS) {
    const lines = pager.format(spec, format, start, Math.min(PAGE_ROWS, total - start));
    out.write(lines);
    bar.update((written += lines.length));
  }
  bar.done();
  out.close();
}

async function streamIpv6(spec: ListSpec6, format: ExportFormat, output: string | undefined): Promise<void> {
  const pager = new WasmPager6(await loadKernel<Kernel>('subnet'));
  const out = new SyncOutput(output);
  if (format === 'csv') out.write(Buffer.from(csvHeader6));
  const total = rowCount6(spec);
  const step = BigInt(pager.pageRows);
  const bar = progress('writing', Number(estimateExportBytes6(spec, format)));
  let written = 0;
  for (let start = 0n; start < total; start += step) {
    const lines = pager.format(spec, format, start, Number(total - start < step ? total - start : step));
    out.write(lines);
    bar.update((written += lines.length));
  }
  bar.done();
  out.close();
}
