import { useState } from 'react';
import { ToolPage } from '../../components/ToolPage';
import { CopyButton } from '../../components/CopyButton';
import { downloadBlob } from '../../lib/download';
import { useTimedGeneration } from '../../lib/useTimedGeneration';
import { trackError, trackToolUsage } from '../../analytics';
import {
  BAUD_RATES, CLOCK_MAX, CLOCK_MIN, DATA_BITS_OPTIONS, FIFO_DEPTH_MAX, FIFO_DEPTH_MIN, OVERSAMPLING_OPTIONS,
  PARITY_OPTIONS, STOP_BITS_OPTIONS, UART_PRESETS, uartSummary, type Parity, type UartConfig,
} from '../../core/hdl/uart/config';
import {
  downloadName, formatHz, generateCode, generateTestbench, parseForm, testbenchName, type Language,
} from './logic';
import { useUartStore } from './store';
import './styles.css';

const TOOL = 'UART Generator';
const LANGUAGE_LABEL: Record<Language, string> = { verilog: 'Verilog', vhdl: 'VHDL' };

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

function Summary({ config }: { config: UartConfig }) {
  const s = uartSummary(config);
  const usable = s.baudCounter >= 1;
  return (
    <section className="panel uart-summary" aria-labelledby="uart-summary-title">
      <h2 id="uart-summary-title">Configuration Summary</h2>
      <dl className="uart-summary-grid">
        <div><dt>Frame</dt><dd>{s.frameBits} bits (1 start, {config.dataBits} data, {config.parity === 'none' ? 'no' : config.parity} parity, {config.stopBits} stop)</dd></div>
        <div><dt>Baud Counter</dt><dd data-testid="baud-counter">{s.baudCounter}</dd></div>
        <div><dt>Actual Baud Rate</dt><dd data-testid="actual-baud">{usable ? s.actualBaud.toFixed(2) : '—'}</dd></div>
        <div>
          <dt>Baud Error</dt>
          <dd data-testid="baud-error">
            {usable ? `${s.errorPercent.toFixed(2)}%` : '—'}{' '}
            {s.errorFlagged
              ? <span className="badge badge-bad" role="status">Error above 2%</span>
              : <span className="badge badge-ok">Within 2%</span>}
          </dd>
        </div>
        <div>
          <dt>Bit Duration</dt>
          <dd><span data-testid="bit-duration">{s.bitDurationUs.toFixed(2)} µs</span>
            {usable && <span className="uart-actual"> (actual {s.actualBitDurationUs.toFixed(2)} µs)</span>}</dd>
        </div>
        <div><dt>Clock</dt><dd>{formatHz(config.clockFreq)}</dd></div>
      </dl>
    </section>
  );
}

export default function UartPage() {
  const { form, language, generated, setField, setForm, setLanguage, setGenerated } = useUartStore();
  const [error, setError] = useState('');
  const { generating, generate: generateLater, showLanguage } = useTimedGeneration({
    generated,
    setGenerated,
    currentLanguage: () => useUartStore.getState().language,
    generateCode,
    onGenerated: (c, lang) => trackToolUsage(TOOL, 'generate_code', { language: lang, config: c }),
    onError: (message) => {
      setError(message);
      trackError('uart_generate', message, TOOL);
    },
  });

  const { config, problems } = parseForm(form);
  const valid = problems.length === 0;
  const stale = generated !== null && JSON.stringify(generated.config) !== JSON.stringify(config);

  const generate = () => {
    if (!valid) {
      setError(problems.join(' '));
      return;
    }
    setError('');
    generateLater(config);
  };

  const chooseLanguage = (l: Language) => {
    setLanguage(l);
    showLanguage(l);
    trackToolUsage(TOOL, 'change_language', { language: l });
  };

  const loadPreset = (id: string) => {
    const preset = UART_PRESETS.find((p) => p.id === id)!;
    // A preset sets the framing; the clock and FIFO depth boxes keep what the user typed.
    setForm({ ...form, ...preset.values });
    setError('');
    trackToolUsage(TOOL, 'load_preset', { preset: id });
  };

  const download = () => {
    if (!generated) return;
    downloadBlob(downloadName(generated.language), generated.code);
    trackToolUsage(TOOL, 'download_code', { language: generated.language });
  };

  const downloadTestbench = () => {
    if (!generated) return;
    downloadBlob(testbenchName(generated.language), generateTestbench(generated.config, generated.language));
    trackToolUsage(TOOL, 'download_testbench', { language: generated.language });
  };

  return (
    <ToolPage
      title="UART Generator"
      description="Generate a UART transmitter and receiver with TX and RX FIFOs in Verilog or VHDL, from baud rate, framing, clock and oversampling."
      infoCards={[
        { title: 'Baud accuracy', text: 'Keep the baud error under 2%: pick a clock that divides evenly by baud x oversampling.' },
        { title: 'Oversampling', text: 'The receiver samples each bit in its middle; 16x is the usual choice, 8x allows faster baud rates from slower clocks.' },
        { title: 'Verified', text: 'Every option is simulated in Icarus Verilog and GHDL with the same self-checking testbench you can download.' },
      ]}
    >
      <section className="panel" aria-labelledby="uart-presets-title">
        <h2 id="uart-presets-title">Presets</h2>
        <div className="row">
          {UART_PRESETS.map((p) => (
            <button key={p.id} type="button" onClick={() => loadPreset(p.id)}>{p.label}</button>
          ))}
        </div>
      </section>

      <section className="panel" aria-labelledby="uart-config-title">
        <h2 id="uart-config-title">Configuration</h2>
        <div className="uart-grid">
          <SelectField id="uart-baud" label="Baud Rate" value={form.baudRate} options={BAUD_RATES} onChange={(v) => setField('baudRate', v)} />
          <SelectField id="uart-data-bits" label="Data Bits" value={form.dataBits} options={DATA_BITS_OPTIONS} onChange={(v) => setField('dataBits', v)} />
          <SelectField id="uart-stop-bits" label="Stop Bits" value={form.stopBits} options={STOP_BITS_OPTIONS} onChange={(v) => setField('stopBits', v)} />
          <SelectField<Parity> id="uart-parity" label="Parity" value={form.parity} options={PARITY_OPTIONS}
            format={(p) => p.charAt(0).toUpperCase() + p.slice(1)} onChange={(v) => setField('parity', v)} />
          <div className="field">
            <label htmlFor="uart-clock">Clock Frequency (Hz)</label>
            <input id="uart-clock" type="number" min={CLOCK_MIN} max={CLOCK_MAX} step={1} value={form.clockFreq}
              aria-invalid={!Number.isFinite(config.clockFreq) || config.clockFreq < CLOCK_MIN || config.clockFreq > CLOCK_MAX}
              onChange={(e) => setField('clockFreq', e.target.value)} />
          </div>
          <div className="field">
            <label htmlFor="uart-depth">FIFO Depth</label>
            <input id="uart-depth" type="number" min={FIFO_DEPTH_MIN} max={FIFO_DEPTH_MAX} step={1} value={form.fifoDepth}
              aria-invalid={!Number.isFinite(config.fifoDepth) || config.fifoDepth < FIFO_DEPTH_MIN || config.fifoDepth > FIFO_DEPTH_MAX}
              onChange={(e) => setField('fifoDepth', e.target.value)} />
          </div>
          <SelectField id="uart-oversampling" label="Oversampling" value={form.oversampling} options={OVERSAMPLING_OPTIONS}
            format={(o) => `${o}x`} onChange={(v) => setField('oversampling', v)} />
        </div>
        {!valid && (
          <ul className="uart-problems" role="alert">
            {problems.map((p) => <li key={p}>{p}</li>)}
          </ul>
        )}
      </section>

      {valid && <Summary config={config} />}

      <section className="panel" aria-labelledby="uart-code-title">
        <h2 id="uart-code-title">Generated Code</h2>
        <div className="row uart-actions">
          <div className="uart-toggle" role="group" aria-label="Language">
            {(['verilog', 'vhdl'] as const).map((l) => (
              <button key={l} type="button" aria-pressed={language === l} className={language === l ? 'primary' : ''} onClick={() => chooseLanguage(l)}>
                {LANGUAGE_LABEL[l]}
              </button>
            ))}
          </div>
          <button type="button" className="primary" onClick={generate} disabled={generating}>
            {generating ? 'Generating...' : 'Generate Code'}
          </button>
          {generated && (
            <>
              <CopyButton text={generated.code} onCopied={() => trackToolUsage(TOOL, 'copy_code', { language: generated.language })} />
              <button type="button" onClick={download}>Download</button>
              <button type="button" onClick={downloadTestbench}>Download Testbench</button>
            </>
          )}
        </div>
        {error && <div className="error-banner" role="alert">{error}</div>}
        {stale && (
          <p className="uart-stale" role="status">The configuration changed since this code was generated. Press Generate Code to update it.</p>
        )}
        {generated && (
          <pre className="code" aria-label={`Generated ${LANGUAGE_LABEL[generated.language]} code`} tabIndex={0}>
            <code>{generated.code}</code>
          </pre>
        )}
      </section>
    </ToolPage>
  );
}
