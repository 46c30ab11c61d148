/** WASM enumeration pages and formatted export bytes against the TypeScript reference. */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadFreshKernel } from '../../../server/wasm';
import {
  addressAt,
  csvHeader,
  exportChunks,
  fillPageReference,
  formatRow,
  parseJump,
  rowCount,
  rowOfAddress,
  WasmPager,
  type ExportFormat,
  type ListSpec,
  type SubnetExports,
} from './enumerate';
import { formatIpv4, parseIpv4 } from './ipv4';

let kernel: SubnetExports;
beforeAll(async () => {
  kernel = await loadFreshKernel<SubnetExports>('subnet');
});

const ip = (s: string) => parseIpv4(s)!;
const hosts = (net: string, cidr: number): ListSpec => ({ kind: 'hosts', network: ip(net), cidr, childCidr: cidr });
const subnets = (net: string, cidr: number, childCidr: number): ListSpec => ({
  kind: 'subnets',
  network: ip(net),
  cidr,
  childCidr,
});

/** Pages at the start, the end and a middle offset, compared with the reference. */
function checkPages(pager: WasmPager, spec: ListSpec, pageRows: number) {
  const n = rowCount(spec);
  const starts = [0, Math.max(0, n - pageRows), Math.floor(n / 3), Math.max(0, n - 1)];
  for (const start of starts) {
    const count = Math.min(pageRows, n - start);
    const want = new Uint32Array(count);
    fillPageReference(spec, start, want);
    expect(Array.from(pager.fill(spec, start, count)), `${spec.kind} start ${start}`).toEqual(Array.from(want));
    for (const format of ['text', 'csv'] as ExportFormat[]) {
      const text = new TextDecoder().decode(pager.format(spec, format, start, count));
      const lines = Array.from({ length: count }, (_, i) => formatRow(spec, format, start + i) + '\n').join('');
      expect(text, `${spec.kind} ${format} start ${start}`).toBe(lines);
    }
  }
}

describe('row counts and addresses', () => {
  it('counts hosts and subnets, including /0, /31 and /32', () => {
    expect(rowCount(hosts('10.1.2.3', 8))).toBe(16_777_214);
    expect(rowCount(subnets('10.0.0.0', 8, 24))).toBe(65_536);
    expect(rowCount(subnets('10.0.0.0', 8, 30))).toBe(4_194_304);
    expect(rowCount(hosts('0.0.0.0', 0))).toBe(2 ** 32 - 2);
    expect(rowCount(subnets('0.0.0.0', 0, 32))).toBe(2 ** 32);
    expect(rowCount(hosts('10.0.0.4', 31))).toBe(2);
    expect(rowCount(hosts('10.0.0.4', 32))).toBe(1);
    expect(formatIpv4(addressAt(hosts('10.1.2.3', 8), 16_777_213))).toBe('10.255.255.254');
    expect(formatIpv4(addressAt(subnets('0.0.0.0', 0, 32), 2 ** 32 - 1))).toBe('255.255.255.255');
  });

  it('jump box: 1-based row numbers and addresses', () => {
    const spec = hosts('10.0.0.0', 8);
    expect(parseJump(spec, '1')).toEqual({ row: 0 });
    expect(parseJump(spec, '16,777,214')).toEqual({ row: 16_777_213 });
    expect(parseJump(spec, '10.255.255.254')).toEqual({ row: 16_777_213 });
    expect(parseJump(spec, '16777215')).toEqual({ error: 'Row must be between 1 and 16,777,214' });
    expect(parseJump(spec, '11.0.0.1')).toEqual({ error: '11.0.0.1 is not in this list' });
    expect(parseJump(spec, '10.0.0.0')).toEqual({ error: '10.0.0.0 is not in this list' });
    const nets = subnets('10.0.0.0', 8, 24);
    expect(parseJump(nets, '10.1.2.3')).toEqual({ row: 258 });
    expect(rowOfAddress(nets, ip('10.255.255.255'))).toBe(65_535);
    expect(parseJump(nets, 'abc')).toEqual({ error: 'Enter a row number or an IPv4 address' });
  });

  it('jump box: a Network cell as the table shows it ("10.1.2.0/24") jumps to its row, as on the IPv6 tab', () => {
    const nets = subnets('10.0.0.0', 8, 24);
    expect(parseJump(nets, '10.1.2.0/24')).toEqual({ row: 258 });
    expect(parseJump(nets, ' 10.255.255.0 / 24 ')).toEqual({ row: 65_535 });
    expect(parseJump(hosts('10.0.0.0', 8), '10.0.0.9/8')).toEqual({ row: 8 });
    expect(parseJump(nets, '11.0.0.0/24')).toEqual({ error: '11.0.0.0 is not in this list' });
    expect(parseJump(nets, '10.1.2.0/33')).toEqual({ error: 'CIDR must be between 0 and 32' });
    // With a mask, as the IP box takes it (it said "CIDR must be between 0 and 32").
    expect(parseJump(nets, '10.1.2.0/255.255.255.0')).toEqual({ row: 258 });
    expect(parseJump(nets, '10.1.2.0/255.0.255.0')).toEqual({ error: 'Invalid subnet mask' });
  });

  it('jump box: takes "ADDRESS PREFIX" and "ADDRESS MASK" as the IP box does (it said "Enter a row number or an IPv4 address")', () => {
    const nets = subnets('10.0.0.0', 8, 24);
    expect(parseJump(nets, '10.1.2.0 24')).toEqual({ row: 258 });
    expect(parseJump(hosts('10.0.0.0', 8), ' 10.0.0.9 16 ')).toEqual({ row: 8 });
    expect(parseJump(nets, '10.1.2.0 255.255.255.0')).toEqual({ row: 258 });
    expect(parseJump(nets, '10.1.2.0 33')).toEqual({ error: 'CIDR must be between 0 and 32' });
  });
});

describe('WASM pages vs the TypeScript reference', () => {
  it('host lists: /8, /16, /24, /30, /31, /32 and /0 (first, middle and last pages)', () => {
    const pager = new WasmPager(kernel, 4099);
    for (const [net, cidr] of [
      ['10.20.30.40', 8],
      ['172.16.5.4', 16],
      ['192.168.1.100', 24],
      ['203.0.113.9', 30],
      ['203.0.113.9', 31],
      ['203.0.113.9', 32],
      ['8.8.8.8', 0],
      ['255.255.255.255', 31],
    ] as const) {
      checkPages(pager, hosts(net, cidr), 4099);
    }
  });

  it('subnet lists at every longer prefix of a /8, and /0 split into /1 .. /32', () => {
    const pager = new WasmPager(kernel, 1031);
    for (let child = 8; child <= 32; child++) checkPages(pager, subnets('10.0.0.0', 8, child), 1031);
    for (const child of [0, 1, 2, 16, 31, 32]) checkPages(pager, subnets('0.0.0.0', 0, child), 1031);
    checkPages(pager, subnets('192.168.1.77', 32, 32), 1031);
  });

  it('the last page of the /32s of a /0 ends at 255.255.255.255 with row 4294967296', () => {
    const pager = new WasmPager(kernel, 16);
    const spec = subnets('0.0.0.0', 0, 32);
    const text = new TextDecoder().decode(pager.format(spec, 'csv', 2 ** 32 - 2, 2));
    expect(text).toBe(
      '4294967295,255.255.255.254,32,255.255.255.254,255.255.255.254,255.255.255.254,0\n' +
        '4294967296,255.255.255.255,32,255.255.255.255,255.255.255.255,255.255.255.255,0\n',
    );
  });

  it('export chunks of a whole /16 host list equal the reference lines', () => {
    const pager = new WasmPager(kernel, 5000);
    const spec = hosts('172.16.0.0', 16);
    for (const format of ['text', 'csv'] as ExportFormat[]) {
      const chunks = [...exportChunks(pager, spec, format, 5000)];
      const text = Buffer.concat(chunks).toString('latin1');
      const lines = Array.from({ length: rowCount(spec) }, (_, i) => formatRow(spec, format, i) + '\n').join('');
      expect(text).toBe((format === 'csv' ? csvHeader('hosts') : '') + lines);
    }
  });
});
