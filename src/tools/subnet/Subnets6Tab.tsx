/**
 * IPv6 Subnets tab: the subnets of the network at a longer prefix in the virtual table (rows are
 * BigInt arithmetic; lists longer than 2^32 rows are shown one window at a time), a jump box for a
 * row number or an address, a streamed WASM export and the VLSM planner.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import {
  estimateExportBytes6,
  parseJump6,
  rowCount6,
  subnetRowAt6,
  type ListSpec6,
} from '../../core/subnet/ipv6-enumerate';
import { formatIpv6, mask6 } from '../../core/subnet/ipv6-parse';
import type { ExportFormat } from '../../core/subnet/enumerate';
import { formatBytes } from '../../core/bytes';
import { Progress } from '../../components/Progress';
import { StatusLine } from '../../components/StatusLine';
import { downloadBlob } from '../../browser/download';
import { subnetWorker } from '../../workers/subnet/client';
import { isAbortError } from '../../workers/bridge';
import { trackError, trackToolUsage } from '../../telemetry';
import { useSubnetStore } from './store';
import { VirtualTable, type VirtualTableHandle } from './VirtualTable';
import { Vlsm6Panel } from './Vlsm6Panel';
import { EXPORT_MAX_ROWS6, TABLE_WINDOW, defaultChildPrefix6, exportFileName6, windowStart } from './logic6';
import { tool } from './tool';

const n = (v: bigint | number) => v.toLocaleString('en-US');
const mb = (bytes: bigint) => formatBytes(bytes, { unit: 'MB', base: 1000 });

export function Subnets6Tab({ addr, prefix }: { addr: bigint; prefix: number }) {
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

  const jump = (row: bigint) => setView({ spec, base: windowStart(row), target: row });
  const prefixes = useMemo(() => Array.from({ length: 129 - prefix }, (_, k) => prefix + k), [prefix]);
  const netText = `${formatIpv6(network)}/${prefix}`;
  return (
    <div>
      <div className="list-controls">
        <label className="field">
          Split into
          <select value={child} onChange={(e) => s.setChild(Number(e.target.value))}>
            {prefixes.map((p) => (
              <option key={p} value={p}>
                /{p}: {n(1n << BigInt(p - prefix))} subnets
              </option>
            ))}
          </select>
        </label>
        <JumpBox spec={spec} onJump={jump} />
      </div>
      <p className="list-summary" aria-live="polite" data-testid="list-summary">
        {n(total)} subnets of /{child} in {netText}
        {total > TABLE_WINDOW &&
          ` (rows ${n(base + 1n)} to ${n(base + shown)} shown; jump to a row or an address to see others)`}
      </p>
      <VirtualTable
        label="Subnets"
        rowCount={Number(shown)}
        columns={['#', 'Network', 'First address', 'Last address']}
        template="minmax(8rem, 0.6fr) 1.6fr 1.3fr 1.6fr"
        cellsAt={cellsAt}
        handle={tableRef}
      />
      <ExportPanel6 spec={spec} total={total} format={s.format} setFormat={s.setFormat} />
      <Vlsm6Panel network={network} prefix={prefix} />
    </div>
  );
}

function JumpBox({ spec, onJump }: { spec: ListSpec6; onJump(row: bigint): void }) {
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const r = parseJump6(spec, text);
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
          placeholder="e.g. 1000 or 2001:db8:0:ff::"
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

function ExportPanel6({
  spec,
  total,
  format,
  setFormat,
}: {
  spec: ListSpec6;
  total: bigint;
  format: ExportFormat;
  setFormat(f: ExportFormat): void;
}) {
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [message, setMessage] = useState('');
  const abort = useRef<AbortController | null>(null);
  const tooBig = total > BigInt(EXPORT_MAX_ROWS6);
  const name = exportFileName6(spec, format);

  const run = async () => {
    const ctrl = new AbortController();
    abort.current = ctrl;
    setMessage('');
    setProgress({ done: 0, total: Number(total) });
    const started = performance.now();
    try {
      const onProgress = (done: number, all: number) => setProgress({ done, total: all });
      const blob = await subnetWorker.with({ onProgress, signal: ctrl.signal }).exportList6(spec, format);
      downloadBlob(name, blob);
      setMessage(`✅ Exported ${n(total)} rows (${mb(BigInt(blob.size))}) as ${name}`);
      trackToolUsage(
        tool.analyticsName,
        'export_list',
        { kind: 'subnets6', format, rows: Number(total), cidr: spec.prefix, child_cidr: spec.childPrefix },
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
          <select value={format} onChange={(e) => setFormat(e.target.value as ExportFormat)}>
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
          Export {n(total)} rows
        </button>
        {!tooBig && (
          <span className="hint" style={{ alignSelf: 'end' }}>
            about {mb(estimateExportBytes6(spec, format))}
          </span>
        )}
      </div>
      <p className="hint">
        Exports are limited to {n(EXPORT_MAX_ROWS6)} rows
        {tooBig ? '; choose a shorter split (a smaller prefix) to export.' : '.'}
      </p>
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
