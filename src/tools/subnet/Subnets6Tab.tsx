/**
 * IPv6 Subnets tab: the subnets of the network at a longer prefix in the virtual table (rows are
 * BigInt arithmetic; lists longer than 2^32 rows are shown one window at a time), a jump box for a
 * row number or an address, a streamed WASM export and the VLSM planner.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import {
  estimateExportBytes6,
  parseJump6,
  rowCount6,
  subnetRowAt6,
  type ListSpec6,
} from '../../core/subnet/ipv6-enumerate';
import { formatIpv6, mask6 } from '../../core/subnet/ipv6-parse';
import { subnetWorker } from '../../workers/subnet/client';
import { useSubnetStore } from './store';
import { VirtualTable, type VirtualTableHandle } from './VirtualTable';
import { ExportPanel, JumpBox, SplitSelect, SubnetList, count as n, counted } from './ListParts';
import { Vlsm6Panel } from './Vlsm6Panel';
import { EXPORT_MAX_ROWS6, TABLE_WINDOW, defaultChildPrefix6, exportFileName6, windowStart } from './logic6';
import { useWarmWorker } from '../../hooks/useWarmWorker';

export function Subnets6Tab({ addr, prefix }: { addr: bigint; prefix: number }) {
  useWarmWorker(subnetWorker);
  const s = useSubnetStore(
    useShallow((s) => ({
      childPrefix: s.childPrefix6,
      format: s.exportFormat,
      setChild: s.setChildPrefix6,
      setFormat: s.setExportFormat,
    })),
  );
  const child = Math.min(128, Math.max(prefix, s.childPrefix ?? defaultChildPrefix6(prefix)));
  const network = addr & mask6(prefix);
  const spec = useMemo<ListSpec6>(() => ({ network, prefix, childPrefix: child }), [network, prefix, child]);
  const total = rowCount6(spec);
  const [view, setView] = useState<{ spec: ListSpec6; base: bigint; target: bigint | null }>({
    spec,
    base: 0n,
    target: null,
  });
  // A new list starts at its first window.
  if (view.spec !== spec) setView({ spec, base: 0n, target: null });
  const base = view.spec === spec ? view.base : 0n;
  const shown = total - base < TABLE_WINDOW ? total - base : TABLE_WINDOW;
  const tableRef = useRef<VirtualTableHandle | null>(null);

  const cellsAt = useCallback(
    (i: number): string[] => {
      const row = base + BigInt(i);
      const r = subnetRowAt6(spec, row);
      return [n(row + 1n), `${r.network}/${spec.childPrefix}`, r.first, r.last];
    },
    [spec, base],
  );

  // After a window change the table has reset to its top: scroll to the target row then.
  useEffect(() => {
    if (view.target !== null) tableRef.current?.scrollToRow(Number(view.target - view.base));
  }, [view]);

  const tooBig = total > BigInt(EXPORT_MAX_ROWS6);
  return (
    <SubnetList
      controls={
        <SplitSelect
          prefix={prefix}
          maxPrefix={128}
          value={child}
          onChange={s.setChild}
          optionText={(p) => `/${p}: ${counted(1n << BigInt(p - prefix), 'subnet', 'subnets')}`}
        />
      }
      jump={
        <JumpBox
          list={spec}
          parse={(text) => parseJump6(spec, text)}
          placeholder="e.g. 1000 or 2001:db8:0:ff::"
          onJump={(row) => setView({ spec, base: windowStart(row), target: row })}
        />
      }
      summary={
        <>
          {counted(total, 'subnet', 'subnets')} of /{child} in {`${formatIpv6(network)}/${prefix}`}
          {total > TABLE_WINDOW &&
            ` (rows ${n(base + 1n)} to ${n(base + shown)} shown; jump to a row or an address to see others)`}
        </>
      }
      table={
        <VirtualTable
          label="Subnets"
          rowCount={Number(shown)}
          columns={['#', 'Network', 'First address', 'Last address']}
          template="minmax(8rem, 0.6fr) 1.6fr 1.3fr 1.6fr"
          cellsAt={cellsAt}
          handle={tableRef}
        />
      }
      exportPanel={
        <ExportPanel
          list={spec}
          format={s.format}
          setFormat={s.setFormat}
          rows={total}
          tooBig={tooBig}
          estimate={tooBig ? null : estimateExportBytes6(spec, s.format)}
          limitNote={
            <p className="hint">
              Exports are limited to {n(EXPORT_MAX_ROWS6)} rows
              {tooBig ? '; choose a shorter split (a smaller prefix) to export.' : '.'}
            </p>
          }
          fileName={exportFileName6(spec, s.format)}
          exportBlob={(job) => subnetWorker.with(job).exportList6(spec, s.format)}
          usage={{
            kind: 'subnets6',
            format: s.format,
            rows: Number(total),
            cidr: spec.prefix,
            child_cidr: spec.childPrefix,
          }}
        />
      }
      planner={<Vlsm6Panel network={network} prefix={prefix} />}
    />
  );
}
