/**
 * The Subnets tab's parts both address families use: the layout (controls, summary, virtual
 * table, export, planner), the "Split into" select, the jump box and the streamed export panel.
 * The IPv4 tab (SubnetsTab) and the IPv6 tab (Subnets6Tab) give their arithmetic and wording.
 */
import { useEffect, useLayoutEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { ExportFormat } from '../../core/subnet/enumerate';
import { formatBytes } from '../../core/bytes';
import { Progress } from '../../components/Progress';
import { StatusLine } from '../../components/StatusLine';
import { downloadBlob } from '../../browser/download';
import { isAbortError } from '../../workers/bridge';
import { trackError, trackToolUsage } from '../../telemetry';
import { tool } from './tool';
import { count } from '../../core/count';
import { SelectField } from '../../components/fields';
import { BusyButton } from '../../components/BusyButton';

const EXPORT_FORMATS = [
  { value: 'text', label: 'Text (one per line)' },
  { value: 'csv', label: 'CSV' },
] as const satisfies readonly { value: ExportFormat; label: string }[];

/** Counts as shown: 16,777,216. */
export { count };

/** "1 subnet", "4 subnets": a count with its noun. */
export const counted = (v: number | bigint, one: string, many: string) => `${count(v)} ${Number(v) === 1 ? one : many}`;

/**
 * Export sizes: decimal megabytes ("4.19 MB", "419 MB"), and below 1 MB bytes or kilobytes ("8 B",
 * "5.6 KB"): a list of a few rows was "about 0.00 MB".
 */
export const megabytes = (bytes: number | bigint) =>
  formatBytes(bytes, { unit: Number(bytes) < 1e6 ? 'auto' : 'MB', base: 1000 });

/** The tab: list controls with the jump box, the summary, the table, the export and the planner. */
export function SubnetList({
  controls,
  jump,
  summary,
  table,
  exportPanel,
  planner,
}: {
  controls: ReactNode;
  jump: ReactNode;
  summary: ReactNode;
  table: ReactNode;
  exportPanel: ReactNode;
  planner: ReactNode;
}) {
  return (
    <div>
      <div className="list-controls">
        {controls}
        {jump}
      </div>
      <p className="list-summary" aria-live="polite" data-testid="list-summary">
        {summary}
      </p>
      {table}
      {exportPanel}
      {planner}
    </div>
  );
}

/** "Split into": every prefix from the network's own to the longest, each with its subnet count. */
export function SplitSelect({
  prefix,
  maxPrefix,
  value,
  onChange,
  optionText,
}: {
  prefix: number;
  maxPrefix: number;
  value: number;
  onChange(prefix: number): void;
  optionText(prefix: number): string;
}) {
  const prefixes = Array.from({ length: maxPrefix + 1 - prefix }, (_, k) => prefix + k);
  return <SelectField label="Split into" value={value} options={prefixes} format={optionText} onChange={onChange} />;
}

/**
 * A row number or an address; `parse` gives the 0-based row or the message to show. A message is
 * about one list: it goes when `list` (the list's spec, by identity) changes.
 */
export function JumpBox<Row>({
  list,
  parse,
  placeholder,
  onJump,
}: {
  list: object;
  parse(text: string): { row: Row } | { error: string };
  placeholder: string;
  onJump(row: Row): void;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const [errorList, setErrorList] = useState(list);
  if (errorList !== list) {
    setErrorList(list);
    setError('');
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const r = parse(text);
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
          placeholder={placeholder}
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

interface ExportJob {
  onProgress(done: number, total: number): void;
  signal: AbortSignal;
}

/** Why an export was stopped when the list it was making is no longer the one shown. */
export const LIST_CHANGED = 'Export stopped: the list changed. Export again for the list shown.';

/**
 * The whole list as a text or CSV file, built in the worker with progress and Cancel. An export
 * is of one list: it stops when `list` (the list's spec, by identity) or the format changes.
 */
export function ExportPanel({
  list,
  format,
  setFormat,
  rows,
  tooBig,
  estimate,
  limitNote,
  fileName,
  exportBlob,
  usage,
}: {
  list: object;
  format: ExportFormat;
  setFormat(f: ExportFormat): void;
  rows: number | bigint;
  /** Over the family's export limit: the button is disabled. */
  tooBig: boolean;
  /** Estimated size in bytes, or null to show none. */
  estimate: number | bigint | null;
  /** The limit's note under the row, when there is one. */
  limitNote: ReactNode;
  fileName: string;
  exportBlob(job: ExportJob): Promise<Blob>;
  /** The `export_list` usage details. */
  usage: Record<string, string | number>;
}) {
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [message, setMessage] = useState('');
  const abort = useRef<AbortController | null>(null);
  // Leaving the tab or the page stops the export: its file would download later, out of sight.
  useEffect(() => () => abort.current?.abort(), []);
  // A prefix or list change during an export: its file would be of a list no longer shown. Stopped
  // in the commit of the change, before a result still on its way can be downloaded.
  useLayoutEffect(() => {
    abort.current?.abort(LIST_CHANGED);
  }, [list, format]);

  const run = async () => {
    const ctrl = new AbortController();
    abort.current = ctrl;
    setMessage('');
    setProgress({ done: 0, total: Number(rows) });
    const started = performance.now();
    try {
      // A report still in flight when the export stopped must not bring the progress bar back.
      const onProgress = (done: number, total: number) => {
        if (!ctrl.signal.aborted) setProgress({ done, total });
      };
      const blob = await exportBlob({ onProgress, signal: ctrl.signal });
      ctrl.signal.throwIfAborted();
      downloadBlob(fileName, blob);
      setMessage(`✅ Exported ${counted(rows, 'row', 'rows')} (${megabytes(blob.size)}) as ${fileName}`);
      trackToolUsage(tool.analyticsName, 'export_list', usage, Math.round(performance.now() - started));
    } catch (e) {
      if (ctrl.signal.reason === LIST_CHANGED) setMessage(LIST_CHANGED);
      else if (isAbortError(e)) setMessage('Export cancelled');
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
        <SelectField label="Export format" value={format} options={EXPORT_FORMATS} onChange={setFormat} />
        <BusyButton className="primary" disabled={tooBig} busy={!!progress} onClick={run} style={{ alignSelf: 'end' }}>
          Export {counted(rows, 'row', 'rows')}
        </BusyButton>
        {estimate !== null && (
          <span className="hint" style={{ alignSelf: 'end' }}>
            about {megabytes(estimate)}
          </span>
        )}
      </div>
      {limitNote}
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
