/**
 * IPv4 enumeration: the WASM kernel filling u32 pages vs the same loop in TypeScript, and the
 * export of a host list as text: WASM fill + format into byte pages vs a TypeScript byte formatter
 * vs the naive `join` of one string per address (the baseline), all in the same run.
 */
import { defineSuite } from './harness';
import { loadKernel } from '../server/wasm';
import {
  exportChunks,
  fillPageReference,
  PAGE_ROWS,
  rowCount,
  WasmPager,
  type ListSpec,
  type SubnetExports,
} from '../src/core/subnet/enumerate';
import { formatIpv4, parseIpv4 } from '../src/core/subnet/ipv4';

/** TypeScript byte formatter with the same octet table as the kernel (a fair JS contender). */
const OCTET_BYTES = Array.from({ length: 256 }, (_, n) => new TextEncoder().encode(String(n)));
function formatHostsTs(first: number, count: number, out: Uint8Array): number {
  let p = 0;
  for (let i = 0; i < count; i++) {
    const a = first + i;
    for (let s = 24; s >= 0; s -= 8) {
      const o = OCTET_BYTES[(a >>> s) & 255]!; // 256 entries
      for (let k = 0; k < o.length; k++) out[p++] = o[k]!;
      out[p++] = s ? 46 : 10;
    }
  }
  return p;
}

let sink = 0;

export default defineSuite({
  name: 'subnet',
  async groups({ quick }) {
    const kernel = await loadKernel<SubnetExports>('subnet');
    const pager = new WasmPager(kernel);
    // Full: all hosts of a /8 (16,777,214). Quick: a /12 (1,048,574).
    const hosts: ListSpec = {
      kind: 'hosts',
      network: parseIpv4('10.0.0.0')!,
      cidr: quick ? 12 : 8,
      childCidr: quick ? 12 : 8,
    };
    const subnets: ListSpec = { kind: 'subnets', network: parseIpv4('10.0.0.0')!, cidr: 8, childCidr: quick ? 28 : 32 };
    const n = rowCount(hosts);
    const m = rowCount(subnets);
    const page = new Uint32Array(PAGE_ROWS);
    const pages = (rows: number, fill: (start: number, count: number) => void) => {
      for (let start = 0; start < rows; start += PAGE_ROWS) fill(start, Math.min(PAGE_ROWS, rows - start));
    };

    const enumerate = {
      name: `enumerate ${n.toLocaleString('en-US')} hosts into u32 pages`,
      baseline: 'ts loop',
      cases: [
        { name: 'wasm simd fill', ops: n, run: () => pages(n, (s, c) => (sink ^= pager.fill(hosts, s, c)[c - 1]!)) },
        {
          name: 'ts loop',
          ops: n,
          run: () =>
            pages(n, (s, c) => {
              const v = page.subarray(0, c);
              fillPageReference(hosts, s, v);
              sink ^= v[c - 1]!;
            }),
        },
      ],
    };
    const enumerateSubnets = {
      name: `enumerate ${m.toLocaleString('en-US')} subnets (/${subnets.childCidr} of a /8) into u32 pages`,
      baseline: 'ts loop',
      cases: [
        { name: 'wasm simd fill', ops: m, run: () => pages(m, (s, c) => (sink ^= pager.fill(subnets, s, c)[c - 1]!)) },
        {
          name: 'ts loop',
          ops: m,
          run: () =>
            pages(m, (s, c) => {
              const v = page.subarray(0, c);
              fillPageReference(subnets, s, v);
              sink ^= v[c - 1]!;
            }),
        },
      ],
    };

    const textBytes = [...exportChunks(pager, hosts, 'text')].reduce((s, c) => s + c.length, 0);
    const tsOut = new Uint8Array(PAGE_ROWS * 16);
    const first = parseIpv4('10.0.0.1')!;
    const exportText = {
      name: `export ${n.toLocaleString('en-US')} hosts as text (${(textBytes / 1e6).toFixed(0)} MB)`,
      baseline: 'join of strings',
      cases: [
        {
          name: 'wasm fill+format byte pages',
          ops: n,
          extra: { bytes: textBytes },
          run: () => {
            for (const c of exportChunks(pager, hosts, 'text')) sink ^= c.length;
          },
        },
        {
          name: 'ts byte formatter',
          ops: n,
          run: () => pages(n, (s, c) => (sink ^= formatHostsTs(first + s, c, tsOut))),
        },
        {
          name: 'join of strings',
          ops: n,
          run: () => {
            const lines = new Array<string>(n);
            for (let i = 0; i < n; i++) lines[i] = formatIpv4(first + i);
            sink ^= new TextEncoder().encode(lines.join('\n') + '\n').length;
          },
        },
      ],
    };
    return [enumerate, enumerateSubnets, exportText];
  },
  // Keeps the results observable so no engine drops the work.
  teardown: () => void ((globalThis as { subnetBenchSink?: number }).subnetBenchSink = sink),
});
