import { useEffect, useMemo, useState } from 'react';
import { CopyButton } from '../../components/CopyButton';
import { CheckboxField, SelectField } from '../../components/fields';
import { Progress } from '../../components/Progress';
import { StatusLine } from '../../components/StatusLine';
import { ToolPage } from '../../components/ToolPage';
import { trackToolUsage } from '../../telemetry';
import { COMPARISONS, comparisonInfo, type ComparisonResult } from '../../workers/bench/catalogue';
import {
  CI_DATE,
  CI_SIZE_MB,
  checkText,
  ciFigure,
  copiedResults,
  formatRate,
  formatRatio,
  formatSize,
  ratioOf,
  runStatusText,
  sizeBytes,
  SIZES_MB,
} from './logic';
import { RatioChart, usePlot, type ChartRow } from './RatioChart';
import { useBenchmarksStore } from './store';
import { tool } from './tool';
import { useBenchRun } from './useBenchRun';
import './styles.css';
import { BusyButton } from '../../components/BusyButton';

const INFO_CARDS = [
  {
    title: 'What a ratio means',
    text: 'Throughput of our kernel divided by the browser’s on the same input in the same run: 2× means twice as fast. Ratios, not absolute speeds, are what compare across devices.',
  },
  {
    title: 'Larger sizes',
    text: 'Inputs are made in the worker, in memory: 256 MB needs a few GB of memory. JSON runs at most 64 MB (JSON.parse of more builds a graph of gigabytes).',
  },
];

/** The check's colour: the same result, a different one, or none made (the muted text). */
const CHECK_CLASS = { same: 'bench-same', differs: 'bench-differs', none: 'bench-not-compared' } as const;

function ResultRow({ r }: { r: ComparisonResult }) {
  const info = comparisonInfo(r.id);
  const ratio = ratioOf(r);
  const ci = ciFigure(r.id);
  const check = checkText(r);
  return (
    <tr data-id={r.id}>
      <th scope="row">
        {info.title}
        {/* A cell is named by its row header: two rows are "Base64 encode", told apart by theirs. */}
        <span className="sr-only"> vs {info.vs}</span>
      </th>
      <td className="bench-figure">{formatSize(r.bytes)}</td>
      <td className="bench-figure">{formatRate(r.ours.mbPerS)}</td>
      <td>
        {info.theirs}
        <br />
        <span className="bench-figure">{r.theirs ? formatRate(r.theirs.mbPerS) : 'not available'}</span>
      </td>
      <td className="bench-ratio">{ratio === null ? '—' : formatRatio(ratio)}</td>
      <td className={CHECK_CLASS[check.kind]}>{check.text}</td>
      <td title={ci.note}>
        <span className="bench-figure">{ci.ratio === null ? 'no CI figure' : formatRatio(ci.ratio)}</span>
        {/* The intro says where every figure was measured; a row says only why it has none. */}
        {ci.ratio === null && <span className="bench-note">{ci.note}</span>}
      </td>
    </tr>
  );
}

/**
 * Whether `el` is wider inside than it shows (its content scrolls sideways): now, and after every
 * change of its size or its content's (a window narrowed, a row added).
 */
function useScrolls(el: HTMLElement | null): boolean {
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    if (!el) return;
    const measure = () => setScrolls(el.scrollWidth > el.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    for (const child of el.children) observer.observe(child);
    return () => observer.disconnect();
  }, [el]);
  return scrolls;
}

/** The results table's name (a paragraph above its scrolling region). */
const CAPTION_ID = 'bench-caption';

/** Run's description while it cannot run (it went grey without a word). */
const NOTHING_TICKED_ID = 'bench-nothing-ticked';

export default function BenchmarksPage() {
  const { sizeMb, selected, setSize, setSelected } = useBenchmarksStore();
  const { status, results, running, error, info, start, cancel } = useBenchRun();
  const busy = status === 'running';
  const plot = usePlot();
  const [tableWrap, setTableWrap] = useState<HTMLDivElement | null>(null);
  const tableScrolls = useScrolls(tableWrap);

  const chartRows = useMemo(
    () =>
      results.flatMap((r): ChartRow[] => {
        const ratio = ratioOf(r);
        const c = comparisonInfo(r.id);
        return ratio === null ? [] : [{ label: `${c.title} vs ${c.vs}`, ratio, ci: ciFigure(r.id).ratio }];
      }),
    [results],
  );

  const run = () => {
    trackToolUsage(tool.analyticsName, 'run', { size_mb: sizeMb, comparisons: selected.length });
    void start(selected, sizeBytes(sizeMb));
  };

  return (
    <ToolPage tool={tool} infoCards={INFO_CARDS}>
      <section className="panel" aria-labelledby="bench-setup-heading">
        <h2 id="bench-setup-heading">What is measured</h2>
        <p>
          Each comparison runs the same work twice in a web worker on this device: once with the WebAssembly kernel our
          tools use and once with the browser’s own function or plain JavaScript. Both must give the same result before
          a ratio is shown. Nothing is uploaded; the figures are yours. Beside them are our CI’s ratios (this page at{' '}
          {CI_SIZE_MB} MB in Chromium, measured {CI_DATE} on a shared 2-core Linux machine) so you can see whether your
          device agrees. 1 MB here is 1,048,576 bytes.
        </p>
        <div className="bench-options">
          <SelectField
            id="bench-size"
            label="Input size"
            value={sizeMb}
            options={SIZES_MB}
            format={(mb) => `${mb} MB`}
            onChange={setSize}
            // The run goes on at the size it started with: a change now would only show a size not measured.
            disabled={busy}
          />
          <fieldset className="bench-comparisons" disabled={busy}>
            <legend>Comparisons</legend>
            {COMPARISONS.map((c) => (
              <CheckboxField
                key={c.id}
                label={`${c.title} vs ${c.theirs}`}
                checked={selected.includes(c.id)}
                onChange={(on) => setSelected(c.id, on)}
              />
            ))}
          </fieldset>
        </div>
        <div className="row">
          <BusyButton
            className="primary"
            onClick={run}
            disabled={selected.length === 0}
            aria-describedby={selected.length === 0 ? NOTHING_TICKED_ID : undefined}
            busy={busy}
          >
            Run
          </BusyButton>
          {selected.length === 0 && (
            <span id={NOTHING_TICKED_ID} className="field-hint">
              Tick at least one comparison to run.
            </span>
          )}
        </div>
        {running && (
          <div className="bench-progress">
            <Progress
              label={`Overall (${running.index + 1} of ${running.count})`}
              done={running.index + running.done / running.total}
              total={running.count}
            />
            <Progress
              label={`${comparisonInfo(running.id).title} vs ${comparisonInfo(running.id).vs}`}
              done={running.done}
              total={running.total}
              onCancel={cancel}
            />
          </div>
        )}
        <StatusLine text={runStatusText(status, results, error, info)} />
      </section>

      {results.length > 0 && info && (
        <section className="panel" aria-labelledby="bench-results-heading">
          <h2 id="bench-results-heading">Results</h2>
          {/* The table's name, outside it: a caption is as wide as the table and was cut at a phone's edge. */}
          <p id={CAPTION_ID} className="bench-caption">
            On this device at {formatSize(info.sizeBytes)}: throughput of each side and their ratio (ours ÷ theirs)
          </p>
          {/* Focusable where the table is wider than the screen, so the keyboard can scroll it; only there. */}
          <div
            ref={setTableWrap}
            className="bench-table-wrap"
            {...(tableScrolls && { role: 'region', 'aria-label': 'Results table, scrollable', tabIndex: 0 })}
          >
            <table className="bench-table" aria-labelledby={CAPTION_ID}>
              <thead>
                <tr>
                  <th scope="col">Comparison</th>
                  <th scope="col">Size</th>
                  <th scope="col">Ours (WASM)</th>
                  <th scope="col">Theirs</th>
                  <th scope="col">Ratio</th>
                  <th scope="col">Check</th>
                  <th scope="col">Our CI</th>
                </tr>
              </thead>
              <tbody>
                {results.map((r) => (
                  <ResultRow key={r.id} r={r} />
                ))}
              </tbody>
            </table>
          </div>
          <div className="row">
            <CopyButton
              label="Copy results"
              disabled={busy}
              text={() => copiedResults(results, info)}
              onCopied={() => trackToolUsage(tool.analyticsName, 'copy_results', { comparisons: results.length })}
            />
          </div>
          <RatioChart plot={plot} rows={chartRows} />
        </section>
      )}
    </ToolPage>
  );
}
