/** IPv6 subnet lists: WASM pages (u64 pairs) against the BigInt TypeScript path at every boundary. */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadFreshKernel } from '../../../server/wasm';
import type { ExportFormat } from './enumerate';
import {
  csvHeader6,
  exportChunks6,
  formatRow6,
  parseJump6,
  rowCount6,
  subnetAt6,
  subnetRowAt6,
  WasmPager6,
  type ListSpec6,
  type Subnet6Exports,
} from './ipv6-enumerate';
import { formatIpv6, parseIpv6, V6_MESSAGES } from './ipv6-parse';

let kernel: Subnet6Exports;
beforeAll(async () => {
  kernel = await loadFreshKernel<Subnet6Exports>('subnet');
});

const ip = (s: string) => {
  const p = parseIpv6(s);
  if (!p.ok) throw new Error(p.error);
  return p.value.addr;
};
const spec = (net: string, prefix: number, childPrefix: number): ListSpec6 => ({
  network: ip(net),
  prefix,
  childPrefix,
});

function expectPage(pager: WasmPager6, s: ListSpec6, start: bigint, count: number) {
  // CSV row numbers are u64 in the kernel: checked where they fit, refused beyond.
  const csvFits = start + BigInt(count) < 1n << 64n;
  if (!csvFits) expect(() => pager.format(s, 'csv', start, count)).toThrow(RangeError);
  for (const format of (csvFits ? ['text', 'csv'] : ['text']) as ExportFormat[]) {
    const got = new TextDecoder().decode(pager.format(s, format, start, count));
    let want = '';
    for (let i = 0; i < count; i++) want += formatRow6(s, format, start + BigInt(i)) + '\n';
    expect(got, `/${s.prefix} -> /${s.childPrefix} ${format} at ${start}`).toBe(want);
  }
}

describe('IPv6 subnet rows', () => {
  it('counts and addresses rows exactly, beyond 2^53', () => {
    expect(rowCount6(spec('2001:db8::', 48, 64))).toBe(65_536n);
    expect(rowCount6(spec('::', 0, 128))).toBe(1n << 128n);
    const s = spec('2001:db8:1234::', 48, 64);
    expect(formatIpv6(subnetAt6(s, 65_535n))).toBe('2001:db8:1234:ffff::');
    expect(subnetRowAt6(s, 1n)).toEqual({
      network: '2001:db8:1234:1::',
      first: '2001:db8:1234:1::',
      last: '2001:db8:1234:1:ffff:ffff:ffff:ffff',
    });
    const huge = spec('2001:db8::', 32, 128);
    expect(formatIpv6(subnetAt6(huge, (1n << 96n) - 1n))).toBe('2001:db8:ffff:ffff:ffff:ffff:ffff:ffff');
  });

  it('jumps to a row number or an address', () => {
    const s = spec('2001:db8::', 48, 64);
    expect(parseJump6(s, '65,536')).toEqual({ row: 65_535n });
    expect(parseJump6(s, '2001:db8:0:abcd::1')).toEqual({ row: 0xabcdn });
    expect(parseJump6(s, '2001:db8:0:abcd::/64')).toEqual({ row: 0xabcdn });
    expect(parseJump6(s, '65537')).toEqual({ error: 'Row must be between 1 and 65,536' });
    expect(parseJump6(s, '2001:db9::')).toEqual({ error: '2001:db9:: is not in this list' });
    expect(parseJump6(s, 'x')).toEqual({ error: 'Enter a row number or an IPv6 address' });
    // A bad prefix is named, as the IPv4 jump box names it ("/129" was dropped and the row jumped to).
    expect(parseJump6(s, '2001:db8:0:abcd::/129')).toEqual({ error: 'Prefix must be between 0 and 128' });
    expect(parseJump6(s, '2001:db8:0:abcd::/')).toEqual({ error: 'Prefix must be between 0 and 128' });
    expect(parseJump6(s, '2001:db8:0:abcd:: / 64')).toEqual({ row: 0xabcdn });
    expect(parseJump6(s, '2001:zz::/129')).toEqual({ error: 'Enter a row number or an IPv6 address' });
    // "ADDRESS PREFIX", as the IP box takes it (a prefix over 128 said "Enter a row number or an IPv6 address").
    expect(parseJump6(s, '2001:db8:0:abcd::1 64')).toEqual({ row: 0xabcdn });
    expect(parseJump6(s, '2001:db8:0:abcd::1 129')).toEqual({ error: 'Prefix must be between 0 and 128' });
    expect(parseJump6(s, '[2001:db8:0:abcd::1]:8080')).toEqual({ error: V6_MESSAGES.port });
    const big = spec('::', 0, 128);
    expect(parseJump6(big, '340282366920938463463374607431768211456')).toEqual({ row: (1n << 128n) - 1n });
  });
});

describe('WASM pages against the TypeScript path', () => {
  it('matches at every child prefix 0..128 of ::/0, at the start and the end', () => {
    const pager = new WasmPager6(kernel, 64);
    for (let child = 0; child <= 128; child++) {
      const s = spec('::', 0, child);
      const n = rowCount6(s);
      const count = Number(n < 64n ? n : 64n);
      expectPage(pager, s, 0n, count);
      expectPage(pager, s, n - BigInt(count), count);
    }
  });

  it('matches across the 64-bit carry and at the top of the address space', () => {
    const pager = new WasmPager6(kernel, 300);
    // Rows crossing lo overflow into hi (/72s and /128s around 2^64 boundaries).
    for (const [net, prefix, child] of [
      ['2001:db8::', 32, 72],
      ['2001:db8::', 32, 128],
      ['2001:db8:0:1::', 48, 128],
      ['ffff:ffff:ffff:ffff::', 64, 128],
      ['fe80::', 10, 65],
      ['ff00::', 8, 63],
      ['2001:db8:abcd::', 48, 64],
    ] as [string, number, number][]) {
      const s = spec(net, prefix, child);
      const n = rowCount6(s);
      const starts = [0n, n / 3n, n / 2n - 150n, (1n << 56n) - 150n, n - 300n].filter((x) => x >= 0n && x + 300n <= n);
      for (const start of starts) expectPage(pager, s, start, 300);
    }
  });

  it('writes IPv4-mapped subnets with a dotted IPv4 tail (RFC 5952 section 5), as the TypeScript path', () => {
    const pager = new WasmPager6(kernel);
    const s = spec('::ffff:10.1.0.0', 112, 120);
    expectPage(pager, s, 0n, 256);
    const text = new TextDecoder().decode(pager.format(s, 'text', 0n, 2)).split('\n');
    expect(text.slice(0, 2)).toEqual(['::ffff:10.1.0.0/120', '::ffff:10.1.1.0/120']);
    const csv = new TextDecoder().decode(pager.format(s, 'csv', 255n, 1));
    expect(csv).toBe('256,::ffff:10.1.255.0,120,::ffff:10.1.255.0,::ffff:10.1.255.255\n');
    // Just outside ::ffff:0:0/96 (IPv4-translated ::ffff:0:0:0/96) stays hex.
    expect(new TextDecoder().decode(pager.format(spec('::ffff:0:a01:0', 112, 120), 'text', 0n, 1))).toBe(
      '::ffff:0:a01:0/120\n',
    );
  });

  it('exports a /48 as 65,536 /64 lines (text and CSV) equal to the reference', () => {
    const pager = new WasmPager6(kernel);
    const s = spec('2001:db8:abcd:12::', 48, 64);
    const decode = (chunks: Uint8Array[]) => chunks.map((c) => new TextDecoder().decode(c)).join('');
    const text = decode([...exportChunks6(pager, s, 'text')]).split('\n');
    expect(text.length).toBe(65_537);
    expect(text[0]).toBe('2001:db8:abcd::/64');
    expect(text[65_535]).toBe('2001:db8:abcd:ffff::/64');
    for (let i = 0; i < 65_536; i += 97) expect(text[i]).toBe(formatRow6(s, 'text', BigInt(i)));
    const csv = decode([...exportChunks6(pager, s, 'csv')]);
    expect(
      csv.startsWith(csvHeader6 + '1,2001:db8:abcd::,64,2001:db8:abcd::,2001:db8:abcd:0:ffff:ffff:ffff:ffff\n'),
    ).toBe(true);
    expect(csv.split('\n').length).toBe(65_538);
  });
});
