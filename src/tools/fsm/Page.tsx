import { useCallback, useDeferredValue, useLayoutEffect, useMemo, useRef } from 'react';
import { ToolPage } from '../../components/ToolPage';
import { TabList, type TabItem } from '../../components/TabList';
import { changeThenFocus } from '../../components/focus';
import { useAnnouncedText } from '../../components/StatusLine';
import { tool } from './tool';
import { SelectField, TextField } from '../../components/fields';
import { useHdlPage } from '../../hooks/useHdlGenerator';
import { useUndoableReplace } from '../../hooks/useUndoableReplace';
import { compileFsm } from '../../core/hdl/fsm';
import {
  COMPLEX_EXAMPLE,
  ENCODINGS,
  FSM_TYPES,
  SIMPLE_EXAMPLE,
  type FsmType,
  type StateEncoding,
} from '../../core/hdl/fsm/config';
import { StateDiagram } from './Diagram';
import {
  RemovalUndo,
  SignalsEditor,
  StatesEditor,
  TransitionsEditor,
  errorId,
  stateOptions,
  textFieldError,
  type FieldErrors,
} from './Editors';
import { CodeTab } from './CodeTab';
import { generateBoth } from './logic';
import { fsmLink, useFsmStore, type FsmTab } from './store';
import { usePermalink } from '../../browser/permalink';
import './styles.css';

const TABS: TabItem<FsmTab>[] = [
  { id: 'config', label: 'Configuration' },
  { id: 'code', label: 'Generated Code' },
];
const tabId = (tab: FsmTab) => `fsm-tab-${tab}`;
const panelId = (tab: FsmTab) => `fsm-panel-${tab}`;

function BasicSettings({ fields }: { fields: FieldErrors }) {
  const { config, update } = useFsmStore();
  return (
    <section className="panel" aria-labelledby="fsm-basic-title">
      <h2 id="fsm-basic-title">Basic Settings</h2>
      <div className="fsm-grid">
        <TextField
          id="fsm-module"
          spellCheck={false}
          label="Module Name"
          value={config.moduleName}
          {...textFieldError(fields.moduleName)}
          onChange={(moduleName) => update({ moduleName })}
        />
        <SelectField<FsmType>
          id="fsm-type"
          label="FSM Type"
          value={config.fsmType}
          options={FSM_TYPES}
          onChange={(fsmType) => update({ fsmType })}
        />
        <SelectField<StateEncoding>
          id="fsm-encoding"
          label="State Encoding"
          value={config.encoding}
          options={ENCODINGS}
          onChange={(encoding) => update({ encoding })}
        />
        <SelectField
          id="fsm-reset-state"
          label="Reset State"
          value={config.resetState}
          options={stateOptions(config, config.resetState)}
          onChange={(resetState) => update({ resetState })}
        />
        <TextField
          id="fsm-clk"
          spellCheck={false}
          label="Clock Name"
          value={config.clkName}
          {...textFieldError(fields.clkName)}
          onChange={(clkName) => update({ clkName })}
        />
        <TextField
          id="fsm-reset"
          spellCheck={false}
          label="Reset Name"
          value={config.resetName}
          {...textFieldError(fields.resetName)}
          onChange={(resetName) => update({ resetName })}
        />
      </div>
    </section>
  );
}

function Checks({ errors, warnings }: { errors: string[]; warnings: string[] }) {
  return (
    <section className="panel" aria-labelledby="fsm-checks-title">
      <h2 id="fsm-checks-title">Checks</h2>
      {/* One live region, in the page from the start, so that every change of the checks is announced. */}
      <div role="status">
        {errors.length === 0 && warnings.length === 0 && <p className="badge badge-ok">✓ Configuration is valid</p>}
        {errors.length > 0 && (
          <ul className="fsm-errors" aria-label="Configuration errors">
            {errors.map((e, i) => (
              <li key={i} id={errorId(i)}>
                {e}
              </li>
            ))}
          </ul>
        )}
        {warnings.length > 0 && (
          <ul className="fsm-warnings" aria-label="Configuration warnings">
            {warnings.map((w, i) => (
              <li key={i}>{w}</li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

export default function FsmPage() {
  const { config, tab, generated, setTab, setConfig, setGenerated } = useFsmStore();
  usePermalink(useFsmStore, fsmLink);
  const page = useHdlPage({ tool, errorContext: 'fsm_generate', config, generatedConfig: generated?.config });
  // The checks and the diagram follow the editors in the background (validate: ~5 ms for 60 states).
  const checked = useDeferredValue(config);
  const { errors, warnings, fields } = useMemo(() => compileFsm(checked), [checked]);
  const failure = useAnnouncedText(page.error, page.errorAttempt);

  const generate = () => {
    const r = generateBoth(config);
    if (!r.files.verilog && !r.files.vhdl) {
      // The messages quote the design's names and conditions: the report gets only how many problems.
      const problems = compileFsm(config).errors.length;
      page.fail([r.errors.verilog, r.errors.vhdl].filter(Boolean).join('\n'), {
        detail: `Verilog and VHDL generation failed: ${problems} problem${problems === 1 ? '' : 's'} in the design`,
      });
      return;
    }
    page.setError('');
    // The Generate button goes away with the Configuration tab: focus goes to the Generated Code tab.
    changeThenFocus(() => {
      setGenerated({ ...r, config });
      setTab('code');
    }, tabId('code'));
    page.track('generate_code', { states: config.states.length, type: config.fsmType, encoding: config.encoding });
  };

  // An example replaces every state, signal and transition the user made, and a removed state takes
  // its transitions with it: Undo brings them back.
  const undo = useUndoableReplace(useFsmStore, (s) => s.config, setConfig);
  // The rows are memoised: they get one function for the page's life, calling the latest replace.
  const latestReplace = useRef(undo.replace);
  useLayoutEffect(() => {
    latestReplace.current = undo.replace;
  });
  const removeWithUndo = useCallback((message: string, apply: () => void) => latestReplace.current(message, apply), []);
  const load = (which: 'simple' | 'complex') =>
    page.load(
      () =>
        undo.replace(`${which === 'simple' ? 'Simple' : 'Complex'} example loaded.`, () =>
          setConfig(which === 'simple' ? SIMPLE_EXAMPLE : COMPLEX_EXAMPLE),
        ),
      `load_${which}_example`,
    );

  return (
    <ToolPage
      tool={tool}
      infoCards={[
        {
          title: 'Moore or Mealy',
          text: 'Moore outputs depend only on the state; Mealy outputs can also change with the inputs on a transition.',
        },
        {
          title: 'Encodings',
          text: 'Binary uses the fewest flip-flops, one-hot the simplest decoding, Gray changes one bit between neighbouring states.',
        },
        {
          title: 'Verified',
          text: 'Every configuration can be simulated with the downloadable testbench, checked against a model of your configuration.',
        },
      ]}
    >
      <TabList
        className="fsm-tabs"
        selectedClassName="fsm-tab-active"
        aria-label="FSM generator views"
        tabs={TABS}
        selected={tab}
        onSelect={setTab}
        tabId={tabId}
        panelId={panelId}
      />

      {tab === 'config' && (
        <div role="tabpanel" id={panelId('config')} aria-labelledby={tabId('config')}>
          <div className="row fsm-actions">
            <button type="button" className="primary" onClick={generate}>
              Generate Code
            </button>
            <button type="button" onClick={() => load('simple')}>
              Load Simple Example
            </button>
            <button type="button" onClick={() => load('complex')}>
              Load Complex Example
            </button>
          </div>
          {undo.undoBar}
          {/* Always there, empty until a failure: an alert inserted with its text is not reliably announced. */}
          <div className={page.error ? 'error-banner fsm-failure' : undefined} role="alert">
            {failure}
          </div>
          <BasicSettings fields={fields} />
          <RemovalUndo.Provider value={removeWithUndo}>
            <StatesEditor config={config} fields={fields} />
            <div className="grid-2">
              <SignalsEditor kind="inputs" config={config} fields={fields} />
              <SignalsEditor kind="outputs" config={config} fields={fields} />
            </div>
            <TransitionsEditor config={config} fields={fields} />
          </RemovalUndo.Provider>
          <div className="grid-2">
            <Checks errors={errors} warnings={warnings} />
            <section className="panel" aria-labelledby="fsm-diagram-title">
              <h2 id="fsm-diagram-title">State Diagram</h2>
              <StateDiagram config={checked} />
            </section>
          </div>
        </div>
      )}
      {tab === 'code' && (
        <div role="tabpanel" id={panelId('code')} aria-labelledby={tabId('code')}>
          <CodeTab generated={generated} stale={page.stale} />
        </div>
      )}
    </ToolPage>
  );
}
