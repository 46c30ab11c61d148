import { useState } from 'react';
import { ToolPage } from '../../components/ToolPage';
import { tool } from './tool';
import { GenerateCodePanel } from '../../components/GenerateCodePanel';
import { CheckboxField, SelectField } from '../../components/fields';
import { sameConfig, useHdlGenerator } from '../../hooks/useHdlGenerator';
import { useUndoableReplace } from '../../hooks/useUndoableReplace';
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
} from '../../core/hdl/fifo/config';
import { fifoGenerator } from '../../core/hdl/fifo';
import {
  CLOCKING_LABEL,
  MEMORY_TYPE_LABEL,
  READ_MODE_LABEL,
  RESET_LABEL,
  WRITE_MODE_LABEL,
  presetConfig,
  usageDetails,
} from './logic';
import { SizeField } from './SizeField';
import { Metrics, Slider } from './Panels';
import { fifoLink, useFifoStore } from './store';
import { usePermalink } from '../../browser/permalink';
import './styles.css';

// Labels of the custom size fields: they must not contain "Data Width" / "FIFO Depth".
const CUSTOM_WIDTH_LABEL = `Custom width (${DATA_WIDTH_RANGE.min}-${DATA_WIDTH_RANGE.max} bits)`;
const CUSTOM_DEPTH_LABEL = `Custom depth (${FIFO_DEPTH_RANGE.min}-${FIFO_DEPTH_RANGE.max} words)`;

/** The list of what stops generation; the fields it is about point at it. */
const PROBLEMS_ID = 'fifo-problems';

export default function FifoPage() {
  const store = useFifoStore();
  const { config, setField, setConfig } = store;
  usePermalink(useFifoStore, fifoLink);
  // Remounts the size fields on a preset, which closes their custom number fields.
  const [presetLoads, setPresetLoads] = useState(0);
  const hdl = useHdlGenerator({
    ...store,
    tool,
    errorContext: 'fifo_generate',
    generator: fifoGenerator,
    currentLanguage: () => useFifoStore.getState().language,
    details: { generate: usageDetails, code: usageDetails },
  });

  // Every problem, not only the sizes: a link can hold a threshold or mode the controls cannot show.
  const problems = fifoGenerator.validate(config);
  const thresholds = problems.length === 0 ? fifoThresholds(config) : null;
  // A value no control offers comes only from a link or draft: its control is marked and points at the reason.
  const problemWith = (start: string) => problems.some((p) => p.startsWith(start));
  const listProblem = (start: string) => {
    const invalid = problemWith(start);
    return { invalid, 'aria-describedby': invalid ? PROBLEMS_ID : undefined };
  };

  const replaceConfig = (c: typeof config) => {
    setConfig(c);
    setPresetLoads((n) => n + 1);
  };
  const undo = useUndoableReplace(useFifoStore, (s) => s.config, replaceConfig);
  const loadPreset = (id: string) =>
    hdl.loadPreset(id, () =>
      undo.replace(`Preset “${FIFO_PRESETS.find((p) => p.id === id)!.label}” loaded.`, () =>
        replaceConfig(presetConfig(id)),
      ),
    );

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
          {FIFO_PRESETS.map((p) => {
            // The configuration is this preset: highlighted, and said so to a screen reader.
            const current = sameConfig(p.config, config);
            return (
              <button
                key={p.id}
                type="button"
                className={current ? 'active' : ''}
                aria-current={current || undefined}
                onClick={() => loadPreset(p.id)}
              >
                {p.label}
              </button>
            );
          })}
        </div>
        {undo.undoBar}
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
            describedBy={PROBLEMS_ID}
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
            describedBy={PROBLEMS_ID}
            onChange={(v) => setField('fifoDepth', v)}
          />
          <SelectField
            id="fifo-memory"
            {...listProblem('Memory type')}
            label="Memory Type"
            value={config.memoryType}
            options={MEMORY_TYPES}
            format={(m) => MEMORY_TYPE_LABEL[m]}
            onChange={(v) => setField('memoryType', v)}
          />
          <SelectField
            id="fifo-clocking"
            {...listProblem('Clocking mode')}
            label="Clocking Mode"
            value={config.clockingMode}
            options={CLOCKING_MODES}
            format={(m) => CLOCKING_LABEL[m]}
            onChange={(v) => setField('clockingMode', v)}
          />
          <SelectField
            id="fifo-read-mode"
            {...listProblem('Read mode')}
            label="Read Mode"
            value={config.readMode}
            options={READ_MODES}
            format={(m) => READ_MODE_LABEL[m]}
            onChange={(v) => setField('readMode', v)}
          />
          <SelectField
            id="fifo-write-mode"
            {...listProblem('Write mode')}
            label="Write Mode"
            value={config.writeMode}
            options={WRITE_MODES}
            format={(m) => WRITE_MODE_LABEL[m]}
            onChange={(v) => setField('writeMode', v)}
          />
          <SelectField
            id="fifo-reset"
            {...listProblem('Reset type')}
            label="Reset Type"
            value={config.resetType}
            options={RESET_TYPES}
            format={(r) => RESET_LABEL[r]}
            onChange={(v) => setField('resetType', v)}
          />
          <Slider
            id="fifo-almost-full"
            invalid={problemWith('Almost full')}
            describedBy={PROBLEMS_ID}
            label="Almost Full Threshold"
            value={config.almostFullThreshold}
            range={ALMOST_FULL_RANGE}
            words={thresholds?.almostFull ?? null}
            onChange={(v) => setField('almostFullThreshold', v)}
          />
          <Slider
            id="fifo-almost-empty"
            invalid={problemWith('Almost empty')}
            describedBy={PROBLEMS_ID}
            label="Almost Empty Threshold"
            value={config.almostEmptyThreshold}
            range={ALMOST_EMPTY_RANGE}
            words={thresholds?.almostEmpty ?? null}
            onChange={(v) => setField('almostEmptyThreshold', v)}
          />
          <CheckboxField
            className="field fifo-check"
            id="fifo-output-register"
            label="Output Register"
            checked={config.outputRegister}
            onChange={(v) => setField('outputRegister', v)}
          />
          <CheckboxField
            className="field fifo-check"
            id="fifo-ecc"
            label="Enable ECC"
            checked={config.enableECC}
            onChange={(v) => setField('enableECC', v)}
          />
          <CheckboxField
            className="field fifo-check"
            id="fifo-packet"
            label="Enable Packet Mode"
            checked={config.enablePacketMode}
            onChange={(v) => setField('enablePacketMode', v)}
          />
        </div>
        {/* Always there: an alert announces text that appears in it, not one that appears with its text. */}
        <div id={PROBLEMS_ID} role="alert">
          {problems.length > 0 && (
            <ul className="fifo-problems">
              {problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          )}
        </div>
      </section>

      <Metrics config={config} />

      <GenerateCodePanel id="fifo-code" hdl={hdl} />
    </ToolPage>
  );
}
