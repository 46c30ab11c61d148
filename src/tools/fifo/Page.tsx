import { useState } from 'react';
import { ToolPage } from '../../components/ToolPage';
import { tool } from './tool';
import { GeneratedCode } from '../../components/GeneratedCode';
import { useTimedGeneration } from '../../lib/useTimedGeneration';
import { trackError, trackToolUsage } from '../../analytics';
import {
  ALMOST_EMPTY_RANGE, ALMOST_FULL_RANGE, CLOCKING_MODES, DATA_WIDTHS, FIFO_DEPTHS, FIFO_PRESETS, MEMORY_TYPES,
  READ_MODES, RESET_TYPES, WRITE_MODES, fifoThresholds, type FifoConfig,
} from '../../core/hdl/fifo/config';
import { fifoGenerator } from '../../core/hdl/fifo';
import type { HdlLanguage } from '../../core/hdl/contract';
import {
  CLOCKING_LABEL, MEMORY_TYPE_LABEL, READ_MODE_LABEL, RESET_LABEL, WRITE_MODE_LABEL, metricRows, presetConfig, usageDetails,
} from './logic';
import { useFifoStore } from './store';
import './styles.css';

function SelectField<T extends string | number>({ id, label, value, options, format = String, onChange }: {
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
      <select id={id} value={String(value)} onChange={(e) => onChange(options.find((o) => String(o) === e.target.value) as T)}>
        {options.map((o) => <option key={String(o)} value={String(o)}>{format(o)}</option>)}
      </select>
    </div>
  );
}

function Slider({ id, label, value, range, words, onChange }: {
  id: string;
  label: string;
  value: number;
  range: { min: number; max: number };
  words: number;
  onChange: (v: number) => void;
}) {
  return (
    <div className="field fifo-slider">
      <label htmlFor={id}>{label}</label>
      <input id={id} type="range" min={range.min} max={range.max} step={1} value={value}
        aria-valuetext={`${value}% (${words} words)`} onChange={(e) => onChange(Number(e.target.value))} />
      <output htmlFor={id} data-testid={`${id}-value`}>{value}% ({words} words)</output>
    </div>
  );
}

function Checkbox({ id, label, checked, onChange }: { id: string; label: string; checked: boolean; onChange: (v: boolean) => void }) {
  return (
    <label className="field fifo-check" htmlFor={id}>
      <input id={id} type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      {label}
    </label>
  );
}

function Metrics({ config }: { config: FifoConfig }) {
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
    </section>
  );
}

const sameConfig = (a: FifoConfig, b: FifoConfig) => JSON.stringify(a) === JSON.stringify(b);

export default function FifoPage() {
  const { config, language, generated, setField, setConfig, setLanguage, setGenerated } = useFifoStore();
  const [error, setError] = useState('');
  const { generating, generate: generateLater, showLanguage } = useTimedGeneration({
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

  const thresholds = fifoThresholds(config);
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
    setError('');
    trackToolUsage(tool.analyticsName, 'load_preset', { preset: id });
  };

  const track = (action: string) =>
    generated && trackToolUsage(tool.analyticsName, action, usageDetails(generated.config, generated.language));

  return (
    <ToolPage
      tool={tool}
      infoCards={[
        { title: 'Clock domains', text: 'Asynchronous FIFOs pass Gray-coded pointers through two-flop synchronisers, so the two clocks may be unrelated.' },
        { title: 'Thresholds', text: 'almost_full rises when the write side counts at least the threshold; almost_empty when the read side counts at most its threshold.' },
        { title: 'Verified', text: 'Every option is simulated in Icarus Verilog and GHDL with the same self-checking testbench you can download.' },
      ]}
    >
      <section className="panel" aria-labelledby="fifo-presets-title">
        <h2 id="fifo-presets-title">Presets</h2>
        <div className="row fifo-presets">
          {FIFO_PRESETS.map((p) => (
            <button key={p.id} type="button" className={sameConfig(p.config, config) ? 'active' : ''} onClick={() => loadPreset(p.id)}>
              {p.label}
            </button>
          ))}
        </div>
      </section>

      <section className="panel" aria-labelledby="fifo-config-title">
        <h2 id="fifo-config-title">Configuration</h2>
        <div className="fifo-grid">
          <SelectField id="fifo-width" label="Data Width" value={config.dataWidth} options={DATA_WIDTHS}
            format={(w) => `${w} bits`} onChange={(v) => setField('dataWidth', v)} />
          <SelectField id="fifo-depth" label="FIFO Depth" value={config.fifoDepth} options={FIFO_DEPTHS}
            format={(d) => `${d} words`} onChange={(v) => setField('fifoDepth', v)} />
          <SelectField id="fifo-memory" label="Memory Type" value={config.memoryType} options={MEMORY_TYPES}
            format={(m) => MEMORY_TYPE_LABEL[m]} onChange={(v) => setField('memoryType', v)} />
          <SelectField id="fifo-clocking" label="Clocking Mode" value={config.clockingMode} options={CLOCKING_MODES}
            format={(m) => CLOCKING_LABEL[m]} onChange={(v) => setField('clockingMode', v)} />
          <SelectField id="fifo-read-mode" label="Read Mode" value={config.readMode} options={READ_MODES}
            format={(m) => READ_MODE_LABEL[m]} onChange={(v) => setField('readMode', v)} />
          <SelectField id="fifo-write-mode" label="Write Mode" value={config.writeMode} options={WRITE_MODES}
            format={(m) => WRITE_MODE_LABEL[m]} onChange={(v) => setField('writeMode', v)} />
          <SelectField id="fifo-reset" label="Reset Type" value={config.resetType} options={RESET_TYPES}
            format={(r) => RESET_LABEL[r]} onChange={(v) => setField('resetType', v)} />
          <Slider id="fifo-almost-full" label="Almost Full Threshold" value={config.almostFullThreshold} range={ALMOST_FULL_RANGE}
            words={thresholds.almostFull} onChange={(v) => setField('almostFullThreshold', v)} />
          <Slider id="fifo-almost-empty" label="Almost Empty Threshold" value={config.almostEmptyThreshold} range={ALMOST_EMPTY_RANGE}
            words={thresholds.almostEmpty} onChange={(v) => setField('almostEmptyThreshold', v)} />
          <Checkbox id="fifo-output-register" label="Output Register" checked={config.outputRegister} onChange={(v) => setField('outputRegister', v)} />
          <Checkbox id="fifo-ecc" label="Enable ECC" checked={config.enableECC} onChange={(v) => setField('enableECC', v)} />
          <Checkbox id="fifo-packet" label="Enable Packet Mode" checked={config.enablePacketMode} onChange={(v) => setField('enablePacketMode', v)} />
        </div>
      </section>

      <Metrics config={config} />

      <GeneratedCode
        title="Generated Code"
        id="fifo-code"
        language={generated?.language ?? language}
        file={generated?.file ?? null}
        onLanguageChange={chooseLanguage}
        controls={(
          <button type="button" className="primary" onClick={generate} disabled={generating}>
            {generating ? 'Generating...' : 'Generate Code'}
          </button>
        )}
        testbench={() => fifoGenerator.testbench(generated!.config, generated!.language)}
        stale={stale}
        onCopied={() => track('copy_code')}
        onDownloaded={() => track('download_code')}
        onTestbenchDownloaded={() => track('download_testbench')}
      >
        {error && <div className="error-banner" role="alert">{error}</div>}
      </GeneratedCode>
    </ToolPage>
  );
}
