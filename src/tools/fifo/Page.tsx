import { useState } from 'react';
import { ToolPage } from '../../components/ToolPage';
import { tool } from './tool';
import { GeneratedCode } from '../../components/GeneratedCode';
import { useTimedGeneration } from '../../hooks/useTimedGeneration';
import { trackError, trackToolUsage } from '../../telemetry';
import {
  ALMOST_EMPTY_RANGE,
  ALMOST_FULL_RANGE,
  CLOCKING_MODES,
  DATA_WIDTH_RANGE,
  DATA_WIDTHS,
  FIFO_DEPTH_RANGE,
  FIFO_DEPTHS,
  FIFO_PRESETS,
  MEMORY_TYPES,
  READ_MODES,
  RESET_TYPES,
  WRITE_MODES,
  dataWidthProblem,
  fifoDepthProblem,
  fifoThresholds,
  type FifoConfig,
} from '../../core/hdl/fifo/config';
import { fifoGenerator } from '../../core/hdl/fifo';
import type { HdlLanguage } from '../../core/hdl/contract';
import {
  CLOCKING_LABEL,
  MEMORY_TYPE_LABEL,
  READ_MODE_LABEL,
  RESET_LABEL,
  WRITE_MODE_LABEL,
  metricRows,
  presetConfig,
  sizeProblems,
  usageDetails,
} from './logic';
import { SizeField } from './SizeField';
import { fifoLink, useFifoStore } from './store';
import { usePermalink } from '../../browser/permalink';
import './styles.css';

function SelectField<T extends string | number>({
  id,
  label,
  value,
  options,
  format = String,
  onChange,
}: {
  id: string;
  label: string;
  value: T;
  options: readonly T[];
  format?: (v: T) => string;
  onChange: (v: T) => void;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={String(value)}
        onChange={(e) => onChange(options.find((o) => String(o) === e.target.value) as T)}
      >
        {options.map((o) => (
          <option key={String(o)} value={String(o)}>
            {format(o)}
          </option>
        ))}
      </select>
    </div>
  );
}

function Slider({
  id,
  label,
  value,
  range,
  words,
  onChange,
}: {
  id: string;
  label: string;
  value: number;
  range: { min: number; max: number };
  /** The threshold in words; null while the depth is unusable. */
  words: number | null;
  onChange: (v: number) => void;
}) {
  const text = words === null ? `${value}%` : `${value}% (${words} words)`;
  return (
    <div className="field fifo-slider">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="range"
        min={range.min}
        max={range.max}
        step={1}
        value={value}
        aria-valuetext={text}
        onChange={(e) => onChange(Number(e.target.value))}
      />
      <output htmlFor={id} data-testid={`${id}-value`}>
        {text}
      </output>
    </div>
  );
}

function Checkbox({
  id,
  label,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  checked: boolean;
  onChange: (v: boolean) => void;
}) {
  return (
    <label className="field fifo-check" htmlFor={id}>
      <input id={id} type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      {label}
    </label>
  );
}

function Metrics({ config }: { config: FifoConfig }) {
  const notes = fifoGenerator.summary(config).notes;
  return (
    <section className="panel" aria-labelledby="fifo-metrics-title">
      <h2 id="fifo-metrics-title">Performance Metrics</h2>
      <dl className="fifo-metrics">
        {metricRows(config).map((m) => (
          <div key={m.id}>
            <dt>{m.label}</dt>
            <dd data-testid={`metric-${m.id}`}>{m.value}</dd>
          </div>
        ))}
      </dl>
      {notes.length > 0 && (
        <ul className="fifo-notes" data-testid="fifo-notes">
          {notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

const sameConfig = (a: FifoConfig, b: FifoConfig) => JSON.stringify(a) === JSON.stringify(b);

// Labels of the custom size fields: they must not contain "Data Width" / "FIFO Depth".
const CUSTOM_WIDTH_LABEL = `Custom width (${DATA_WIDTH_RANGE.min}-${DATA_WIDTH_RANGE.max} bits)`;
const CUSTOM_DEPTH_LABEL = `Custom depth (${FIFO_DEPTH_RANGE.min}-${FIFO_DEPTH_RANGE.max} words)`;

export default function FifoPage() {
  const { config, language, generated, setField, setConfig, setLanguage, setGenerated } = useFifoStore();
  usePermalink(useFifoStore, fifoLink);
  const [error, setError] = useState('');
  // Remounts the size fields on a preset, which closes their custom number fields.
  const [presetLoads, setPresetLoads] = useState(0);
  const {
    generating,
    generate: generateLater,
    showLanguage,
  } = useTimedGeneration({
    generated,
    setGenerated,
    currentLanguage: () => useFifoStore.getState().language,
    generate: fifoGenerator.generate,
    onGenerated: (c, lang) => trackToolUsage(tool.analyticsName, 'generate_code', usageDetails(c, lang)),
    onError: (message) => {
      setError(message);
      trackError('fifo_generate', message, tool.analyticsName);
    },
  });

  const problems = sizeProblems(config);
  const thresholds = problems.length === 0 ? fifoThresholds(config) : null;
  const stale = generated !== null && !sameConfig(generated.config, config);

  const generate = () => {
    const problems = fifoGenerator.validate(config);
    if (problems.length) {
      setError(problems.join(' '));
      return;
    }
    setError('');
    generateLater(config);
  };

  const chooseLanguage = (l: HdlLanguage) => {
    setLanguage(l);
    showLanguage(l);
    trackToolUsage(tool.analyticsName, 'change_language', { language: l });
  };

  const loadPreset = (id: string) => {
    setConfig(presetConfig(id));
    setPresetLoads((n) => n + 1);
    setError('');
    trackToolUsage(tool.analyticsName, 'load_preset', { preset: id });
  };

  const track = (action: string) =>
    generated && trackToolUsage(tool.analyticsName, action, usageDetails(generated.config, generated.language));

  return (
    <ToolPage
      tool={tool}
      infoCards={[
        {
          title: 'Clock domains',
          text: 'Asynchronous FIFOs pass Gray-coded pointers through two-flop synchronisers, so the two clocks may be unrelated.',
        },
        {
          title: 'Thresholds',
          text: 'almost_full rises when the write side counts at least the threshold; almost_empty when the read side counts at most its threshold.',
        },
        {
          title: 'Any size',
          text: 'Custom… takes any width of 1-1024 bits and any depth of 2-131072 words, powers of two or not.',
        },
        {
          title: 'Verified',
          text: 'Every option is simulated in Icarus Verilog and GHDL with the same self-checking testbench you can download.',
        },
      ]}
    >
      <section className="panel" aria-labelledby="fifo-presets-title">
        <h2 id="fifo-presets-title">Presets</h2>
        <div className="row fifo-presets">
          {FIFO_PRESETS.map((p) => (
            <button
              key={p.id}
              type="button"
              className={sameConfig(p.config, config) ? 'active' : ''}
              onClick={() => loadPreset(p.id)}
            >
              {p.label}
            </button>
          ))}
        </div>
      </section>

      <section className="panel" aria-labelledby="fifo-config-title">
        <h2 id="fifo-config-title">Configuration</h2>
        <div className="fifo-grid">
          <SizeField
            key={`width-${presetLoads}`}
            id="fifo-width"
            label="Data Width"
            customLabel={CUSTOM_WIDTH_LABEL}
            unit="bits"
            value={config.dataWidth}
            options={DATA_WIDTHS}
            range={DATA_WIDTH_RANGE}
            invalid={dataWidthProblem(config.dataWidth) !== null}
            onChange={(v) => setField('dataWidth', v)}
          />
          <SizeField
            key={`depth-${presetLoads}`}
            id="fifo-depth"
            label="FIFO Depth"
            customLabel={CUSTOM_DEPTH_LABEL}
            unit="words"
            value={config.fifoDepth}
            options={FIFO_DEPTHS}
            range={FIFO_DEPTH_RANGE}
            invalid={fifoDepthProblem(config.fifoDepth) !== null}
            onChange={(v) => setField('fifoDepth', v)}
          />
          <SelectField
            id="fifo-memory"
            label="Memory Type"
            value={config.memoryType}
            options={MEMORY_TYPES}
            format={(m) => MEMORY_TYPE_LABEL[m]}
            onChange={(v) => setField('memoryType', v)}
          />
          <SelectField
            id="fifo-clocking"
            label="Clocking Mode"
            value={config.clockingMode}
            options={CLOCKING_MODES}
            format={(m) => CLOCKING_LABEL[m]}
            onChange={(v) => setField('clockingMode', v)}
          />
          <SelectField
            id="fifo-read-mode"
            label="Read Mode"
            value={config.readMode}
            options={READ_MODES}
            format={(m) => READ_MODE_LABEL[m]}
            onChange={(v) => setField('readMode', v)}
          />
          <SelectField
            id="fifo-write-mode"
            label="Write Mode"
            value={config.writeMode}
            options={WRITE_MODES}
            format={(m) => WRITE_MODE_LABEL[m]}
            onChange={(v) => setField('writeMode', v)}
          />
          <SelectField
            id="fifo-reset"
            label="Reset Type"
            value={config.resetType}
            options={RESET_TYPES}
            format={(r) => RESET_LABEL[r]}
            onChange={(v) => setField('resetType', v)}
          />
          <Slider
            id="fifo-almost-full"
            label="Almost Full Threshold"
            value={config.almostFullThreshold}
            range={ALMOST_FULL_RANGE}
            words={thresholds?.almostFull ?? null}
            onChange={(v) => setField('almostFullThreshold', v)}
          />
          <Slider
            id="fifo-almost-empty"
            label="Almost Empty Threshold"
            value={config.almostEmptyThreshold}
            range={ALMOST_EMPTY_RANGE}
            words={thresholds?.almostEmpty ?? null}
            onChange={(v) => setField('almostEmptyThreshold', v)}
          />
          <Checkbox
            id="fifo-output-register"
            label="Output Register"
            checked={config.outputRegister}
            onChange={(v) => setField('outputRegister', v)}
          />
          <Checkbox
            id="fifo-ecc"
            label="Enable ECC"
            checked={config.enableECC}
            onChange={(v) => setField('enableECC', v)}
          />
          <Checkbox
            id="fifo-packet"
            label="Enable Packet Mode"
            checked={config.enablePacketMode}
            onChange={(v) => setField('enablePacketMode', v)}
          />
        </div>
        {problems.length > 0 && (
          <ul className="fifo-problems" role="alert">
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        )}
      </section>

      <Metrics config={config} />

      <GeneratedCode
        title="Generated Code"
        id="fifo-code"
        language={generated?.language ?? language}
        file={generated?.file ?? null}
        onLanguageChange={chooseLanguage}
        controls={
          <button type="button" className="primary" onClick={generate} disabled={generating}>
            {generating ? 'Generating...' : 'Generate Code'}
          </button>
        }
        testbench={() => fifoGenerator.testbench(generated!.config, generated!.language)}
        stale={stale}
        onCopied={() => track('copy_code')}
        onDownloaded={() => track('download_code')}
        onTestbenchDownloaded={() => track('download_testbench')}
      >
        {error && (
          <div className="error-banner" role="alert">
            {error}
          </div>
        )}
      </GeneratedCode>
    </ToolPage>
  );
}
