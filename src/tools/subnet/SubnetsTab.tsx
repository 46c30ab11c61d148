/**
 * Subnets tab: the host addresses or the subnets at a longer prefix of the current network, as a
 * virtual table (rows computed on demand), a jump box, and a streamed export through the worker.
 */
import { useCallback, useMemo, useRef } from 'react';
import { useShallow } from 'zustand/react/shallow';
import {
  addressAt,
  estimateExportBytes,
  parseJump,
  rowCount,
  subnetRowAt,
  type ListSpec,
} from '../../core/subnet/enumerate';
import { formatIpv4, networkRange, usableHosts } from '../../core/subnet/ipv4';
import { subnetWorker } from '../../workers/subnet/client';
import { useSubnetStore } from './store';
import { VirtualTable, type VirtualTableHandle } from './VirtualTable';
import { ExportPanel, JumpBox, SplitSelect, SubnetList, count as n, counted } from './ListParts';
import { VlsmPanel } from './VlsmPanel';
import { EXPORT_MAX_ROWS, defaultChildCidr, exportFileName } from './logic';
import { useWarmWorker } from '../../hooks/useWarmWorker';

export function SubnetsTab({ ip, cidr }: { ip: number; cidr: number }) {
  useWarmWorker(subnetWorker);
  const s = useSubnetStore(
    useShallow((s) => ({
      kind: s.listKind,
      childCidr: s.childCidr,
      format: s.exportFormat,
      setKind: s.setListKind,
      setChild: s.setChildCidr,
      setFormat: s.setExportFormat,
    })),
  );
  const child = Math.min(32, Math.max(cidr, s.childCidr ?? defaultChildCidr(cidr)));
  const network = networkRange(ip, cidr).network;
  const spec = useMemo<ListSpec>(
    () => ({ kind: s.kind, network, cidr, childCidr: child }),
    [s.kind, network, cidr, child],
  );
  const rows = rowCount(spec);
  const tableRef = useRef<VirtualTableHandle | null>(null);
  const hosts = spec.kind === 'hosts';

  const cellsAt = useCallback(
    (i: number): (string | number)[] => {
      if (spec.kind === 'hosts') return [n(i + 1), formatIpv4(addressAt(spec, i))];
      const r = subnetRowAt(spec, i);
      return [n(i + 1), `${r.network}/${spec.childCidr}`, r.firstHost, r.lastHost, r.broadcast, n(r.usable)];
    },
    [spec],
  );

  const tooBig = rows > EXPORT_MAX_ROWS;
  const fileName = exportFileName(spec, s.format);
  return (
    <SubnetList
      controls={
        <>
          <div className="mode-toggle" role="group" aria-label="List">
            <button type="button" aria-pressed={!hosts} onClick={() => s.setKind('subnets')}>
              Subnets
            </button>
            <button type="button" aria-pressed={hosts} onClick={() => s.setKind('hosts')}>
              Host addresses
            </button>
          </div>
          {!hosts && (
            <SplitSelect
              prefix={cidr}
              maxPrefix={32}
              value={child}
              onChange={s.setChild}
              optionText={(p) =>
                `/${p}: ${counted(2 ** (p - cidr), 'subnet', 'subnets')} of ${n(usableHosts(p))} usable hosts`
              }
            />
          )}
        </>
      }
      jump={
        <JumpBox
          list={spec}
          parse={(text) => parseJump(spec, text)}
          placeholder="e.g. 1000 or 10.1.2.3"
          onJump={(row) => tableRef.current?.scrollToRow(row)}
        />
      }
      summary={
        hosts
          ? rows === 1
            ? `1 host address: ${formatIpv4(addressAt(spec, 0))}`
            : `${n(rows)} host addresses from ${formatIpv4(addressAt(spec, 0))} to ${formatIpv4(addressAt(spec, rows - 1))}`
          : rows === 1
            ? `1 subnet of /${child} (${n(usableHosts(child))} usable hosts) in ${formatIpv4(network)}/${cidr}`
            : `${n(rows)} subnets of /${child} (${n(usableHosts(child))} usable hosts each) in ${formatIpv4(network)}/${cidr}`
      }
      table={
        <VirtualTable
          label={hosts ? 'Host addresses' : 'Subnets'}
          rowCount={rows}
          columns={hosts ? ['#', 'Address'] : ['#', 'Network', 'First host', 'Last host', 'Broadcast', 'Usable hosts']}
          template={hosts ? '9rem 1fr' : '8rem 1.3fr 1fr 1fr 1fr 8rem'}
          cellsAt={cellsAt}
          handle={tableRef}
        />
      }
      exportPanel={
        <ExportPanel
          list={spec}
          format={s.format}
          setFormat={s.setFormat}
          rows={rows}
          tooBig={tooBig}
          estimate={estimateExportBytes(spec, s.format)}
          limitNote={
            tooBig && (
              <p className="hint">
                Exports are limited to {n(EXPORT_MAX_ROWS)} rows;{' '}
                {/* A longer split lists more subnets: fewer take a shorter one, or a smaller network. */}
                {hosts
                  ? 'choose a longer prefix (a smaller network).'
                  : 'choose a shorter split (a smaller prefix) or a smaller network.'}
              </p>
            )
          }
          fileName={fileName}
          exportBlob={(job) => subnetWorker.with(job).exportList(spec, s.format)}
          usage={{ kind: spec.kind, format: s.format, rows, cidr: spec.cidr, child_cidr: spec.childCidr }}
        />
      }
      planner={<VlsmPanel ip={ip} cidr={cidr} />}
    />
  );
}
