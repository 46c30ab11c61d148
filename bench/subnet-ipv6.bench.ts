/**
 * IPv6 subnet export (issue 18): the 65,536 /64s of a /48 as text, the WASM kernel formatting
 * u64-pair rows into byte pages vs the BigInt baseline (one formatted string per row, then a
 * `join`), in the same run. Quick: the 4,096 /60s of a /48.
 */
import { defineSuite } from './harness';
import { loadKernel } from '../server/wasm';
import {
  exportChunks6,
  rowCount6,
  subnetAt6,
  WasmPager6,
  type ListSpec6,
  type Subnet6Exports,
} from '../src/core/subnet/ipv6-enumerate';
import { formatIpv6, parseIpv6 } from '../src/core/subnet/ipv6-parse';

let sink = 0;

export default defineSuite({
  name: 'subnet-ipv6',
  async groups({ quick }) {
    const kernel = await loadKernel<Subnet6Exports>('subnet');
    const pager = new WasmPager6(kernel);
    const parsed = parseIpv6('2001:db8:abcd::');
    if (!parsed.ok) throw new Error(parsed.error);
    const spec: ListSpec6 = { network: parsed.value.addr, prefix: 48, childPrefix: quick ? 60 : 64 };
    const rows = Number(rowCount6(spec));
    const bytes = [...exportChunks6(pager, spec, 'text')].reduce((s, c) => s + c.length, 0);
    return [
      {
        name: `export ${rows.toLocaleString('en-US')} IPv6 /${spec.childPrefix}s as text (${(bytes / 1e6).toFixed(1)} MB)`,
        baseline: 'BigInt join',
        cases: [
          {
            name: 'wasm u64-pair byte pages',
            ops: rows,
            extra: { bytes },
            run: () => {
              for (const c of exportChunks6(pager, spec, 'text')) sink ^= c.length;
            },
          },
          {
            name: 'BigInt join',
            ops: rows,
            run: () => {
              const lines = new Array<string>(rows);
              for (let i = 0; i < rows; i++) lines[i] = `${formatIpv6(subnetAt6(spec, BigInt(i)))}/${spec.childPrefix}`;
              sink ^= new TextEncoder().encode(lines.join('\n') + '\n').length;
            },
          },
        ],
      },
    ];
  },
  teardown: () => void ((globalThis as { subnetIpv6BenchSink?: number }).subnetIpv6BenchSink = sink),
});
