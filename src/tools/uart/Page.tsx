import { ToolPage } from '../../components/ToolPage';
import { tool } from './tool';
import { GenerateCodePanel } from '../../components/GenerateCodePanel';
import { NumberField, SelectField } from '../../components/fields';
import { useHdlGenerator } from '../../hooks/useHdlGenerator';
import { useUndoableReplace } from '../../hooks/useUndoableReplace';
import {
  BAUD_RATES,
  CLOCK_MAX,
  CLOCK_MIN,
  DATA_BITS_OPTIONS,
  FIFO_DEPTH_MAX,
  FIFO_DEPTH_MIN,
  OVERSAMPLING_OPTIONS,
  PARITY_OPTIONS,
  STOP_BITS_OPTIONS,
  UART_PRESETS,
  type Parity,
  type UartConfig,
} from '../../core/hdl/uart/config';
import { uartGenerator } from '../../core/hdl/uart';
import { formatErrorPercent, formatHz, parseForm } from './logic';
import { uartLink, useUartStore } from './store';
import { usePermalink } from '../../browser/permalink';
import './styles.css';

/** The list of what stops generation; the fields it is about point at it. */
const PROBLEMS_ID = 'uart-problems';

function Summary({ config }: { config: UartConfig }) {
  const s = uartGenerator.summary(config);
  const usable = s.baudCounter >= 1;
  return (
    <section className="panel uart-summary" aria-labelledby="uart-summary-title">
      <h2 id="uart-summary-title">Configuration Summary</h2>
      <dl className="uart-summary-grid">
        <div>
          <dt>Frame</dt>
          <dd>
            {s.frameBits} bits (1 start, {config.dataBits} data, {config.parity === 'none' ? 'no' : config.parity}{' '}
            parity, {config.stopBits} stop)
          </dd>
        </div>
        <div>
          <dt>Baud Counter</dt>
          <dd data-testid="baud-counter">{s.baudCounter}</dd>
        </div>
        <div>
          <dt>Actual Baud Rate</dt>
          <dd data-testid="actual-baud">{usable ? s.actualBaud.toFixed(2) : '—'}</dd>
        </div>
        <div>
          <dt>Baud Error</dt>
          <dd data-testid="baud-error">
            {usable ? formatErrorPercent(s.errorPercent) : '—'}{' '}
            {/* Always there: crossing 2% either way is heard, the flag and its fix. */}
            <span role="status">
              {s.errorFlagged ? (
                <span className="badge badge-bad">Error above 2%</span>
              ) : (
                <span className="badge badge-ok">Within 2%</span>
              )}
            </span>
          </dd>
        </div>
        <div>
          <dt>Bit Duration</dt>
          <dd>
            <span data-testid="bit-duration">{s.bitDurationUs.toFixed(2)} µs</span>
            {usable && <span className="uart-actual"> (actual {s.actualBitDurationUs.toFixed(2)} µs)</span>}
          </dd>
        </div>
        <div>
          <dt>Clock</dt>
          <dd>{formatHz(config.clockFreq)}</dd>
        </div>
      </dl>
    </section>
  );
}

export default function UartPage() {
  const store = useUartStore();
  const { form, setField, setForm } = store;
  usePermalink(useUartStore, uartLink);
  const { config, problems } = parseForm(form);
  const valid = problems.length === 0;
  const outside = (v: number, min: number, max: number) => !Number.isFinite(v) || v < min || v > max;
  // A clock in range can still be too slow for the baud rate: the clock box is what that message is about.
  const clockInvalid =
    outside(config.clockFreq, CLOCK_MIN, CLOCK_MAX) || problems.some((p) => p.startsWith('The clock is too slow'));
  const depthInvalid = outside(config.fifoDepth, FIFO_DEPTH_MIN, FIFO_DEPTH_MAX);
  // A select holds a value off its list only from a link or draft: marked, and pointed at the reason.
  const listProblem = (start: string) => {
    const invalid = problems.some((p) => p.startsWith(start));
    return { invalid, 'aria-describedby': invalid ? PROBLEMS_ID : undefined };
  };
  const hdl = useHdlGenerator({
    ...store,
    tool,
    errorContext: 'uart_generate',
    generator: uartGenerator,
    config,
    currentLanguage: () => useUartStore.getState().language,
    details: {
      generate: (c, language) => ({ language, config: c }),
      code: (_c, language) => ({ language }),
    },
  });

  const undo = useUndoableReplace(useUartStore, (s) => s.form, setForm);
  const loadPreset = (id: string) => {
    const preset = UART_PRESETS.find((p) => p.id === id)!;
    // A preset sets the framing; the clock and FIFO depth boxes keep what the user typed.
    hdl.loadPreset(id, () =>
      undo.replace(`Preset “${preset.label}” loaded.`, () => setForm({ ...form, ...preset.values })),
    );
  };

  return (
    <ToolPage
      tool={tool}
      infoCards={[
        {
          title: 'Baud accuracy',
          text: 'Keep the baud error under 2%: pick a clock that divides evenly by baud x oversampling.',
        },
        {
          title: 'Oversampling',
          text: 'The receiver samples each bit in its middle; 16x is the usual choice, 8x allows faster baud rates from slower clocks.',
        },
        {
          title: 'Verified',
          text: 'Every option is simulated in Icarus Verilog and GHDL with the same self-checking testbench you can download.',
        },
      ]}
    >
      <section className="panel" aria-labelledby="uart-presets-title">
        <h2 id="uart-presets-title">Presets</h2>
        <div className="row">
          {UART_PRESETS.map((p) => (
            <button key={p.id} type="button" onClick={() => loadPreset(p.id)}>
              {p.label}
            </button>
          ))}
        </div>
        {undo.undoBar}
      </section>

      <section className="panel" aria-labelledby="uart-config-title">
        <h2 id="uart-config-title">Configuration</h2>
        <div className="uart-grid">
          <SelectField
            id="uart-baud"
            {...listProblem('Baud rate')}
            label="Baud Rate"
            value={form.baudRate}
            options={BAUD_RATES}
            onChange={(v) => setField('baudRate', v)}
          />
          <SelectField
            id="uart-data-bits"
            {...listProblem('Data bits')}
            label="Data Bits"
            value={form.dataBits}
            options={DATA_BITS_OPTIONS}
            onChange={(v) => setField('dataBits', v)}
          />
          <SelectField
            id="uart-stop-bits"
            {...listProblem('Stop bits')}
            label="Stop Bits"
            value={form.stopBits}
            options={STOP_BITS_OPTIONS}
            onChange={(v) => setField('stopBits', v)}
          />
          <SelectField<Parity>
            id="uart-parity"
            {...listProblem('Parity')}
            label="Parity"
            value={form.parity}
            options={PARITY_OPTIONS}
            format={(p) => p.charAt(0).toUpperCase() + p.slice(1)}
            onChange={(v) => setField('parity', v)}
          />
          <NumberField
            id="uart-clock"
            label="Clock Frequency (Hz)"
            min={CLOCK_MIN}
            max={CLOCK_MAX}
            step={1}
            value={form.clockFreq}
            invalid={clockInvalid}
            aria-describedby={clockInvalid ? PROBLEMS_ID : undefined}
            onChange={(v) => setField('clockFreq', v)}
          />
          <NumberField
            id="uart-depth"
            label="FIFO Depth"
            min={FIFO_DEPTH_MIN}
            max={FIFO_DEPTH_MAX}
            step={1}
            value={form.fifoDepth}
            invalid={depthInvalid}
            aria-describedby={depthInvalid ? PROBLEMS_ID : undefined}
            onChange={(v) => setField('fifoDepth', v)}
          />
          <SelectField
            id="uart-oversampling"
            {...listProblem('Oversampling')}
            label="Oversampling"
            value={form.oversampling}
            options={OVERSAMPLING_OPTIONS}
            format={(o) => `${o}x`}
            onChange={(v) => setField('oversampling', v)}
          />
        </div>
        {/* Always there: an alert announces text that appears in it, not one that appears with its text. */}
        <div id={PROBLEMS_ID} role="alert">
          {!valid && (
            <ul className="uart-problems">
              {problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          )}
        </div>
      </section>

      {valid && <Summary config={config} />}

      <GenerateCodePanel id="uart-code" hdl={hdl} />
    </ToolPage>
  );
}
