/**
 * Subnets tab: the host addresses or the subnets at a longer prefix of the current network, as a
 * virtual table (rows computed on demand), a jump box, and a streamed export through the worker.
 */
import { useCallback, useMemo, useRef, useState, type FormEvent } from 'react';
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
import { formatBytes } from '../../core/bytes';
import { Progress } from '../../components/Progress';
import { StatusLine } from '../../components/StatusLine';
import { downloadBlob } from '../../browser/download';
import { subnetWorker } from '../../workers/subnet/client';
import { isAbortError } from '../../workers/bridge';
import { trackError, trackToolUsage } from '../../telemetry';
import { useSubnetStore } from './store';
import { VirtualTable, type VirtualTableHandle } from './VirtualTable';
import { VlsmPanel } from './VlsmPanel';
import { EXPORT_MAX_ROWS, defaultChildCidr, exportFileName } from './logic';
import { tool } from './tool';

const n = (v: number) => v.toLocaleString('en-US');

const mb = (bytes: number) => formatBytes(bytes, { unit: 'MB', base: 1000 });

export function SubnetsTab({ ip, cidr }: { ip: number; cidr: number }) {
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

  const cellsAt = useCallback(
    (i: number): (string | number)[] => {
      if (spec.kind === 'hosts') return [n(i + 1), formatIpv4(addressAt(spec, i))];
      const r = subnetRowAt(spec, i);
      return [n(i + 1), `${r.network}/${spec.childCidr}`, r.firstHost, r.lastHost, r.broadcast, n(r.usable)];
    },
    [spec],
  );

  const prefixes = useMemo(() => Array.from({ length: 33 - cidr }, (_, k) => cidr + k), [cidr]);
  return (
    <div>
      <div className="list-controls">
        <div className="mode-toggle" role="group" aria-label="List">
          <button type="button" aria-pressed={s.kind === 'subnets'} onClick={() => s.setKind('subnets')}>
            Subnets
          </button>
          <button type="button" aria-pressed={s.kind === 'hosts'} onClick={() => s.setKind('hosts')}>
            Host addresses
          </button>
        </div>
        {s.kind === 'subnets' && (
          <label className="field">
            Split into
            <select value={child} onChange={(e) => s.setChild(Number(e.target.value))}>
              {prefixes.map((p) => (
                <option key={p} value={p}>
                  /{p}: {n(2 ** (p - cidr))} subnets of {n(usableHosts(p))} usable hosts
                </option>
              ))}
            </select>
          </label>
        )}
        <JumpBox spec={spec} onJump={(row) => tableRef.current?.scrollToRow(row)} />
      </div>
      <p className="list-summary" aria-live="polite" data-testid="list-summary">
        {spec.kind === 'hosts'
          ? `${n(rows)} host addresses from ${formatIpv4(addressAt(spec, 0))} to ${formatIpv4(addressAt(spec, rows - 1))}`
          : `${n(rows)} subnets of /${child} (${n(usableHosts(child))} usable hosts each) in ${formatIpv4(network)}/${cidr}`}
      </p>
      <VirtualTable
        label={spec.kind === 'hosts' ? 'Host addresses' : 'Subnets'}
        rowCount={rows}
        columns={
          spec.kind === 'hosts'
            ? ['#', 'Address']
            : ['#', 'Network', 'First host', 'Last host', 'Broadcast', 'Usable hosts']
        }
        template={spec.kind === 'hosts' ? '9rem 1fr' : '8rem 1.3fr 1fr 1fr 1fr 8rem'}
        cellsAt={cellsAt}
        handle={tableRef}
      />
      <ExportPanel spec={spec} rows={rows} format={s.format} setFormat={s.setFormat} />
      <VlsmPanel ip={ip} cidr={cidr} />
    </div>
  );
}

function JumpBox({ spec, onJump }: { spec: ListSpec; onJump(row: number): void }) {
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const r = parseJump(spec, text);
    if ('error' in r) return setError(r.error);
    setError('');
    onJump(r.row);
  };
  return (
    <form className="row" onSubmit={submit} role="search" aria-label="Jump to row">
      <label className="field">
        Jump to row or address
        <input
          type="text"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="e.g. 1000 or 10.1.2.3"
          spellCheck={false}
        />
      </label>
      <button type="submit" style={{ alignSelf: 'end' }}>
        Go
      </button>
      {error && (
        <span className="status-line status-error" role="alert">
          {error}
        </span>
      )}
    </form>
  );
}

function ExportPanel({
  spec,
  rows,
  format,
  setFormat,
}: {
  spec: ListSpec;
  rows: number;
  format: 'text' | 'csv';
  setFormat(f: 'text' | 'csv'): void;
}) {
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [message, setMessage] = useState('');
  const abort = useRef<AbortController | null>(null);
  const tooBig = rows > EXPORT_MAX_ROWS;

  const run = async () => {
    const ctrl = new AbortController();
    abort.current = ctrl;
    setMessage('');
    setProgress({ done: 0, total: rows });
    const started = performance.now();
    try {
      const onProgress = (done: number, total: number) => setProgress({ done, total });
      const blob = await subnetWorker.with({ onProgress, signal: ctrl.signal }).exportList(spec, format);
      downloadBlob(exportFileName(spec, format), blob);
      setMessage(`✅ Exported ${n(rows)} rows (${mb(blob.size)}) as ${exportFileName(spec, format)}`);
      trackToolUsage(
        tool.analyticsName,
        'export_list',
        { kind: spec.kind, format, rows, cidr: spec.cidr, child_cidr: spec.childCidr },
        Math.round(performance.now() - started),
      );
    } catch (e) {
      if (isAbortError(e)) setMessage('Export cancelled');
      else {
        setMessage(`Export failed: ${(e as Error).message}`);
        trackError('subnet_export', (e as Error).message, tool.analyticsName);
      }
    } finally {
      abort.current = null;
      setProgress(null);
    }
  };

  return (
    <section className="panel" aria-label="Export list" style={{ marginTop: '1rem' }}>
      <div className="row">
        <label className="field">
          Export format
          <select value={format} onChange={(e) => setFormat(e.target.value as 'text' | 'csv')}>
            <option value="text">Text (one per line)</option>
            <option value="csv">CSV</option>
          </select>
        </label>
        <button
          type="button"
          className="primary"
          disabled={!!progress || tooBig}
          onClick={run}
          style={{ alignSelf: 'end' }}
        >
          Export {n(rows)} rows
        </button>
        <span className="hint" style={{ alignSelf: 'end' }}>
          about {mb(estimateExportBytes(spec, format))}
        </span>
      </div>
      {tooBig && (
        <p className="hint">
          Exports are limited to {n(EXPORT_MAX_ROWS)} rows; choose a longer prefix or a smaller network.
        </p>
      )}
      {progress && (
        <Progress
          label="Exporting"
          done={progress.done}
          total={progress.total}
          onCancel={() => abort.current?.abort()}
        />
      )}
      <StatusLine text={message} />
    </section>
  );
}
