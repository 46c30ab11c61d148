import { useEffect, useMemo, useRef, useState } from 'react';
import { ToolPage } from '../../components/ToolPage';
import { tool } from './tool';
import { StatusLine } from '../../components/StatusLine';
import { GeneratedCode } from '../../components/GeneratedCode';
import { trackError, trackToolUsage } from '../../telemetry';
import { downloadBlob } from '../../browser/download';
import { useDebouncedEffect } from '../../hooks/useDebouncedEffect';
import { crcWorker } from '../../workers/crc/client';
import { isAbortError } from '../../workers/bridge';
import type { PredefinedAlgorithm } from '../../core/crc/catalogue';
import { FALLBACK_ALGORITHMS } from '../../core/crc/fallback';
import {
  MAX_DATA_WIDTH_UI,
  MIN_DATA_WIDTH,
  POLY_BITS,
  hex,
  polyFromBits,
  polyText,
  polyWidth,
} from '../../core/crc/params';
import { checkDataWidth, checkParams, generateBody } from '../../core/crc/request';
import { HDL_LANGUAGE_LABEL, HDL_LANGUAGES, type HdlFile } from '../../core/hdl/contract';
import { crcFileName, MAX_PIPELINE_STAGES, type CrcConfig, type CrcSummary } from '../../core/hdl/crc';
import {
  BITS_PER_ROW,
  CUSTOM_OPTION,
  LOAD_ERROR,
  NO_POLYNOMIAL,
  VALIDATION_ALERT,
  generateErrorAlert,
  groupAlgorithms,
  latencyText,
  streamOptions,
} from './logic';
import { crcLink, useCrcStore } from './store';
import { usePermalink } from '../../browser/permalink';
import { SynthesisReport } from './SynthesisReport';
import './styles.css';

function isAlgorithmList(v: unknown): v is PredefinedAlgorithm[] {
  return (
    Array.isArray(v) &&
    v.every((a) => a && typeof a.name === 'string' && Array.isArray(a.poly) && a.poly.length === POLY_BITS)
  );
}

/** Loads GET /api/predefined; on failure the spec's banner and the built-in six. */
function usePredefined(): { algorithms: PredefinedAlgorithm[]; loadError: string } {
  const [state, setState] = useState<{ algorithms: PredefinedAlgorithm[]; loadError: string }>({
    algorithms: [],
    loadError: '',
  });
  useEffect(() => {
    let live = true;
    fetch('/api/predefined')
      .then(async (r) => {
        if (!r.ok) throw new Error(`HTTP ${r.status}`);
        const list: unknown = await r.json();
        if (!isAlgorithmList(list)) throw new Error('Unexpected response');
        if (live) setState({ algorithms: list, loadError: '' });
      })
      .catch((e: Error) => {
        trackError('load_predefined', e.message, tool.analyticsName);
        if (live) setState({ algorithms: FALLBACK_ALGORITHMS, loadError: LOAD_ERROR });
      });
    return () => {
      live = false;
    };
  }, []);
  return state;
}

/** Long files (wide buses) are shown in part; the download and Copy have all of it. */
const PREVIEW_LINES = 400;

/** The stream design's figures (partial last word or pipelining), as its file's header states them. */
function StreamFigures({ s }: { s: NonNullable<CrcSummary['stream']> }) {
  return (
    <>
      <li>
        XOR count: {s.dataXors + s.feedbackXors} two-input XORs (data term {s.dataXors}, feedback {s.feedbackXors}),{' '}
        {s.feedbackAnds ? `${s.feedbackAnds} two-input ANDs in the feedback, ` : ''}
        {s.muxes} multiplexer bits, {s.flipFlops} flip-flops
        {s.tableBits ? `, an F_8k table of ${s.tableBits} bits` : ''}
      </li>
      <li>
        Depth: data stage{s.dataLevels.length === 1 ? '' : 's'} {s.dataLevels.join(', ')} levels,{' '}
        {s.tableLevels ? `table lookup ${s.tableLevels} levels, ` : ''}feedback {s.feedbackLevels} levels
      </li>
      <li>{latencyText(s.latency)}</li>
    </>
  );
}

function PolynomialGrid({ bits, onToggle }: { bits: number[]; onToggle: (i: number) => void }) {
  const rows = Array.from({ length: POLY_BITS / BITS_PER_ROW }, (_, r) =>
    Array.from({ length: BITS_PER_ROW }, (_, c) => r * BITS_PER_ROW + c),
  );
  return (
    <div className="crc-grid" role="group" aria-label="Polynomial bits">
      {rows.map((row, r) => (
        <div className="crc-grid-row" key={r}>
          {row.map((i) => (
            <button
              key={i}
              type="button"
              className={bits[i] ? 'crc-bit on' : 'crc-bit'}
              aria-pressed={bits[i] === 1}
              onClick={() => onToggle(i)}
            >
              x{i}
            </button>
          ))}
        </div>
      ))}
    </div>
  );
}

export default function CrcPage() {
  usePermalink(useCrcStore, crcLink);
  const s = useCrcStore();
  const { algorithms, loadError } = usePredefined();
  const [generating, setGenerating] = useState(false);
  const [alert, setAlert] = useState('');
  const [status, setStatus] = useState('');
  const [analysis, setAnalysis] = useState<{ key: string; result?: CrcSummary; error?: string }>({ key: '' });
  const busy = useRef(false);
  const [previewOpen, setPreviewOpen] = useState(false);
  const [preview, setPreview] = useState<{ key: string; file?: HdlFile; error?: string }>({ key: '' });

  const groups = useMemo(() => groupAlgorithms(algorithms, s.search), [algorithms, s.search]);
  const selected = algorithms.find((a) => a.name === s.selected);
  const params = checkParams(s.bits, s.fields);
  const dataWidth = checkDataWidth(s.dataWidth);
  const width = polyWidth(s.bits);
  const text = polyText(s.bits);
  const options = streamOptions(dataWidth.ok ? dataWidth.value : 0, s.partialLastWord, s.pipelineStages);
  const config: CrcConfig | undefined =
    params.ok && dataWidth.ok ? { params: params.value, dataWidth: dataWidth.value, ...options } : undefined;
  const analysisKey = config ? JSON.stringify([s.bits, s.fields, dataWidth.ok && dataWidth.value, options]) : '';

  // Live figures from the WASM worker as the user edits; answers for an older input are ignored
  // (each takes well under a millisecond, so there is nothing worth cancelling).
  useDebouncedEffect(
    () => {
      if (!config) return;
      const key = analysisKey;
      crcWorker
        .summary(config)
        .then((result) => setAnalysis({ key, result }))
        .catch((e) => !isAbortError(e) && setAnalysis({ key, error: (e as Error).message }));
    },
    [analysisKey],
    150,
  );

  // The preview is generated locally by the same emitter, only while it is open.
  const previewKey = analysisKey && previewOpen ? `${analysisKey}|${s.language}` : '';
  useDebouncedEffect(
    () => {
      if (!previewKey || !config) return;
      const key = previewKey;
      crcWorker
        .generate(config, s.language)
        .then((file) => setPreview({ key, file }))
        .catch((e) => {
          if (!isAbortError(e)) setPreview({ key, error: `Could not generate a preview: ${(e as Error).message}` });
        });
    },
    [previewKey],
    200,
  );

  async function generate() {
    if (busy.current || !params.ok || !dataWidth.ok) return;
    busy.current = true;
    setGenerating(true);
    setAlert('');
    setStatus('');
    const language = s.language;
    const started = performance.now();
    try {
      const name = crcFileName(language);
      const r = await fetch('/api/generate', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(generateBody(s.bits, dataWidth.value, language, s.fields, options)),
      }).catch(() => null); // offline or the server unreachable
      if (r === null && config) {
        // The worker holds the same generator as the server: offline, the file is made here.
        const file = await crcWorker.generate(config, language);
        downloadBlob(name, new Blob([file.text], { type: 'text/plain' }));
        setStatus(`✅ Downloaded ${name} (generated in your browser: the server could not be reached)`);
        return;
      }
      if (!r) throw new Error('The server could not be reached');
      if (r.status === 422) {
        setAlert(VALIDATION_ALERT);
        trackError('generate_validation', await r.text(), tool.analyticsName);
        return;
      }
      if (!r.ok) throw new Error(`HTTP ${r.status}`);
      downloadBlob(name, await r.blob());
      setStatus(`✅ Downloaded ${name}`);
      trackToolUsage(
        tool.analyticsName,
        'generate_code',
        {
          language,
          width,
          data_width: dataWidth.value,
          algorithm: s.selected || 'custom',
          partial_last_word: options.partialLastWord,
          pipeline_stages: options.pipelineStages,
        },
        Math.round(performance.now() - started),
      );
    } catch (e) {
      setAlert(generateErrorAlert(language));
      trackError('generate', (e as Error).message, tool.analyticsName);
    } finally {
      busy.current = false;
      setGenerating(false);
    }
  }

  const current = analysis.key === analysisKey ? analysis : undefined;
  const shownPreview = preview.key === previewKey && previewKey ? preview : undefined;
  return (
    <ToolPage
      tool={tool}
      infoCards={[
        {
          title: 'Bit order',
          text: 'Without Reflect input, data_in[D-1] is the first bit in time (a 32-bit word carries its first byte in [31:24]). With it, data_in[0] is first (first byte in [7:0]).',
        },
        {
          title: 'Verified',
          text: 'Every catalogue algorithm is simulated with Icarus Verilog and GHDL at several data widths and compared with a bit-serial reference.',
        },
        {
          title: 'Interface',
          text: 'Module/entity crc: clk, rst (active high, asynchronous, loads init), crc_en, data_in, crc_out (the finished CRC).',
        },
      ]}
    >
      {loadError && (
        <div className="error-banner" role="alert">
          {loadError}
        </div>
      )}

      <section className="panel" aria-label="Algorithm">
        <div className="grid-2">
          <div className="field">
            <label htmlFor="crc-search">Search algorithms</label>
            <input
              id="crc-search"
              type="search"
              value={s.search}
              placeholder="CRC-32, USB, 16..."
              onChange={(e) => s.setSearch(e.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor="crc-algorithm">Predefined algorithm</label>
            <select
              id="crc-algorithm"
              value={s.selected}
              onChange={(e) => {
                const a = algorithms.find((x) => x.name === e.target.value);
                s.choose(a);
                trackToolUsage(tool.analyticsName, 'select_algorithm', { algorithm: a?.name ?? 'custom' });
              }}
            >
              <option value="">{CUSTOM_OPTION}</option>
              {selected && !groups.some((g) => g.items.includes(selected)) && (
                <option value={selected.name}>{selected.name}</option>
              )}
              {groups.map((g) => (
                <optgroup key={g.label} label={g.label}>
                  {g.items.map((a) => (
                    <option key={a.name} value={a.name}>
                      {a.name}
                      {a.aliases.length ? ` (${a.aliases.slice(0, 2).join(', ')})` : ''}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
            {s.search && (
              <span className="field-hint" role="status">
                {groups.reduce((n, g) => n + g.items.length, 0)} algorithms match
              </span>
            )}
          </div>
        </div>
      </section>

      <section className="panel" aria-label="Polynomial">
        <h2 className="crc-heading">Polynomial</h2>
        <PolynomialGrid bits={s.bits} onToggle={s.toggleBit} />
        <p className="crc-poly mono" aria-live="polite">
          {width > 0 ? text : NO_POLYNOMIAL}
        </p>
      </section>

      <section className="panel" aria-label="Parameters">
        <div className="crc-params">
          <div className="field">
            <label htmlFor="crc-data-width">Data width (bits)</label>
            <input
              id="crc-data-width"
              type="number"
              min={MIN_DATA_WIDTH}
              max={MAX_DATA_WIDTH_UI}
              value={s.dataWidth}
              aria-invalid={!dataWidth.ok}
              onChange={(e) => s.setDataWidth(e.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor="crc-init">Init (hex)</label>
            <input
              id="crc-init"
              className="mono"
              value={s.fields.init}
              spellCheck={false}
              onChange={(e) => s.setField('init', e.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor="crc-xorout">XorOut (hex)</label>
            <input
              id="crc-xorout"
              className="mono"
              value={s.fields.xorout}
              spellCheck={false}
              onChange={(e) => s.setField('xorout', e.target.value)}
            />
          </div>
          <label className="crc-check">
            <input type="checkbox" checked={s.fields.refin} onChange={(e) => s.setField('refin', e.target.checked)} />{' '}
            Reflect input (refin)
          </label>
          <label className="crc-check">
            <input type="checkbox" checked={s.fields.refout} onChange={(e) => s.setField('refout', e.target.checked)} />{' '}
            Reflect output (refout)
          </label>
          <label className="crc-check">
            <input
              type="checkbox"
              checked={s.partialLastWord}
              aria-describedby="crc-partial-hint"
              onChange={(e) => s.setPartialLastWord(e.target.checked)}
            />{' '}
            Partial last word (data_bytes input)
          </label>
          <div className="field">
            <label htmlFor="crc-pipeline">Pipeline stages</label>
            <select
              id="crc-pipeline"
              value={s.pipelineStages}
              onChange={(e) => s.setPipelineStages(Number(e.target.value))}
            >
              {Array.from({ length: MAX_PIPELINE_STAGES + 1 }, (_, n) => (
                <option key={n} value={n}>
                  {n === 0 ? '0 (single cycle)' : n}
                </option>
              ))}
            </select>
          </div>
          <fieldset className="crc-language">
            <legend>Output language</legend>
            {HDL_LANGUAGES.map((value) => (
              <label key={value}>
                <input
                  type="radio"
                  name="crc-language"
                  value={value}
                  checked={s.language === value}
                  onChange={() => s.setLanguage(value)}
                />{' '}
                {HDL_LANGUAGE_LABEL[value]}
              </label>
            ))}
          </fieldset>
        </div>
        <p id="crc-partial-hint" className="field-hint">
          {s.partialLastWord && dataWidth.ok && dataWidth.value % 8 !== 0
            ? 'Partial last word needs a data width that is a multiple of 8; it is left out.'
            : 'data_bytes: valid bytes of a beat, 1..D/8, counted from the first byte in time. With either option the module also has sop (start of packet) and crc_valid.'}
        </p>
        {!dataWidth.ok && (
          <p className="field-hint crc-invalid" role="alert">
            {dataWidth.error}
          </p>
        )}
        {width === 0 && <p className="field-hint">{params.ok ? '' : params.error}</p>}
        {width > 0 && !params.ok && (
          <p className="field-hint crc-invalid" role="alert">
            {params.error}
          </p>
        )}
      </section>

      <section className="panel crc-info" aria-label="Summary">
        <ul>
          <li>CRC width: {width} bits</li>
          <li>Polynomial: {width > 0 ? `${hex(polyFromBits(s.bits).poly, width)} (${text})` : NO_POLYNOMIAL}</li>
          <li>Mode: {selected ? `Predefined (${selected.name})` : 'Custom'}</li>
          <li>Language: {HDL_LANGUAGE_LABEL[s.language]}</li>
        </ul>
        {/* The live region wraps the list: a list with role=status is no longer a list to assistive tech. */}
        <div role="status" aria-live="polite">
          <ul className="crc-live">
            {params.ok && dataWidth.ok && current?.result && (
              <>
                <li>
                  Check value (CRC of "123456789"): <span className="mono">{hex(current.result.check, width)}</span>
                </li>
                {current.result.stream ? (
                  <StreamFigures s={current.result.stream} />
                ) : (
                  <>
                    <li>XOR count: {current.result.xorCount} two-input XORs (without sharing)</li>
                    <li>
                      Deepest equation: {current.result.deepestTerms} terms, {current.result.deepestLevels} XOR levels
                      (bit {current.result.deepestBit})
                    </li>
                    <li>{latencyText(0)}</li>
                  </>
                )}
              </>
            )}
            {current?.error && <li>Could not analyse: {current.error}</li>}
          </ul>
        </div>
        <button
          type="button"
          className="primary"
          disabled={generating || !params.ok || !dataWidth.ok}
          aria-busy={generating}
          onClick={generate}
        >
          {generating ? 'Generating...' : 'Generate'}
        </button>
        <div className="crc-alert" role="alert">
          {alert}
        </div>
        <StatusLine text={status} />
      </section>

      <SynthesisReport config={config} configKey={analysisKey} language={s.language} />

      <GeneratedCode
        title={`Preview (${crcFileName(s.language)})`}
        id="crc-preview"
        className="crc-preview"
        onToggle={setPreviewOpen}
        language={s.language}
        file={shownPreview?.file ?? null}
        downloadable={false}
        codeLabel="Generated code preview"
        maxLines={PREVIEW_LINES}
        testbench={() => crcWorker.testbench(config!, s.language)}
        onCopied={() => trackToolUsage(tool.analyticsName, 'copy_to_clipboard', { language: s.language })}
        onTestbenchDownloaded={() => trackToolUsage(tool.analyticsName, 'download_testbench', { language: s.language })}
      >
        {!shownPreview?.file && (
          <p className="field-hint">
            {shownPreview?.error ??
              (previewKey ? 'Generating preview...' : 'Choose a polynomial and a valid data width to see the code.')}
          </p>
        )}
      </GeneratedCode>
    </ToolPage>
  );
}
