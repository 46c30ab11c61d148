import { useMemo, useState } from 'react';
import { ToolPage } from '../../components/ToolPage';
import { tool } from './tool';
import { trackError, trackToolUsage } from '../../telemetry';
import { fsmGenerator } from '../../core/hdl/fsm';
import {
  COMPLEX_EXAMPLE,
  ENCODINGS,
  FSM_TYPES,
  SIMPLE_EXAMPLE,
  type FsmType,
  type StateEncoding,
} from '../../core/hdl/fsm/config';
import { StateDiagram } from './Diagram';
import { SignalsEditor, StatesEditor, TransitionsEditor } from './Editors';
import { CodeTab } from './CodeTab';
import { generateBoth } from './logic';
import { fsmLink, useFsmStore, type FsmTab } from './store';
import { usePermalink } from '../../browser/permalink';
import './styles.css';

function TextField({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} value={value} spellCheck={false} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}

function BasicSettings() {
  const { config, update } = useFsmStore();
  return (
    <section className="panel" aria-labelledby="fsm-basic-title">
      <h2 id="fsm-basic-title">Basic Settings</h2>
      <div className="fsm-grid">
        <TextField
          id="fsm-module"
          label="Module Name"
          value={config.moduleName}
          onChange={(moduleName) => update({ moduleName })}
        />
        <div className="field">
          <label htmlFor="fsm-type">FSM Type</label>
          <select id="fsm-type" value={config.fsmType} onChange={(e) => update({ fsmType: e.target.value as FsmType })}>
            {FSM_TYPES.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="fsm-encoding">State Encoding</label>
          <select
            id="fsm-encoding"
            value={config.encoding}
            onChange={(e) => update({ encoding: e.target.value as StateEncoding })}
          >
            {ENCODINGS.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="fsm-reset-state">Reset State</label>
          <select
            id="fsm-reset-state"
            value={config.resetState}
            onChange={(e) => update({ resetState: e.target.value })}
          >
            {!config.states.some((s) => s.name === config.resetState) && (
              <option value={config.resetState}>{config.resetState || '(none)'}</option>
            )}
            {config.states.map((s, i) => (
              <option key={i} value={s.name}>
                {s.name}
              </option>
            ))}
          </select>
        </div>
        <TextField id="fsm-clk" label="Clock Name" value={config.clkName} onChange={(clkName) => update({ clkName })} />
        <TextField
          id="fsm-reset"
          label="Reset Name"
          value={config.resetName}
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
      {errors.length === 0 && warnings.length === 0 && (
        <p className="badge badge-ok" role="status">
          ✓ Configuration is valid
        </p>
      )}
      {errors.length > 0 && (
        <ul className="fsm-errors" aria-label="Configuration errors">
          {errors.map((e, i) => (
            <li key={i}>{e}</li>
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
    </section>
  );
}

export default function FsmPage() {
  const { config, tab, generated, setTab, setConfig, setGenerated } = useFsmStore();
  usePermalink(useFsmStore, fsmLink);
  const [failure, setFailure] = useState('');
  const errors = useMemo(() => fsmGenerator.validate(config), [config]);
  const { warnings } = useMemo(() => fsmGenerator.summary(config), [config]);

  const generate = () => {
    const r = generateBoth(config);
    const message = [r.errors.verilog, r.errors.vhdl].filter(Boolean).join('\n');
    if (!r.files.verilog && !r.files.vhdl) {
      setFailure(message);
      trackError('fsm_generate', message, tool.analyticsName);
      return;
    }
    setFailure('');
    setGenerated({ ...r, config });
    setTab('code');
    trackToolUsage(tool.analyticsName, 'generate_code', {
      states: config.states.length,
      type: config.fsmType,
      encoding: config.encoding,
    });
  };

  const load = (which: 'simple' | 'complex') => {
    setConfig(which === 'simple' ? SIMPLE_EXAMPLE : COMPLEX_EXAMPLE);
    setFailure('');
    trackToolUsage(tool.analyticsName, `load_${which}_example`);
  };

  const tabs: [FsmTab, string][] = [
    ['config', 'Configuration'],
    ['code', 'Generated Code'],
  ];
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
      <div className="fsm-tabs" role="tablist" aria-label="FSM generator views">
        {tabs.map(([id, label]) => (
          <button
            key={id}
            type="button"
            role="tab"
            id={`fsm-tab-${id}`}
            aria-selected={tab === id}
            aria-controls={`fsm-panel-${id}`}
            className={tab === id ? 'fsm-tab-active' : ''}
            onClick={() => setTab(id)}
          >
            {label}
          </button>
        ))}
      </div>

      {tab === 'config' && (
        <div role="tabpanel" id="fsm-panel-config" aria-labelledby="fsm-tab-config">
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
          {failure && (
            <div className="error-banner fsm-failure" role="alert">
              {failure}
            </div>
          )}
          <BasicSettings />
          <StatesEditor config={config} />
          <div className="grid-2">
            <SignalsEditor kind="inputs" config={config} />
            <SignalsEditor kind="outputs" config={config} />
          </div>
          <TransitionsEditor config={config} />
          <div className="grid-2">
            <Checks errors={errors} warnings={warnings} />
            <section className="panel" aria-labelledby="fsm-diagram-title">
              <h2 id="fsm-diagram-title">State Diagram</h2>
              <StateDiagram config={config} />
            </section>
          </div>
        </div>
      )}
      {tab === 'code' && (
        <div role="tabpanel" id="fsm-panel-code" aria-labelledby="fsm-tab-code">
          <CodeTab generated={generated} />
        </div>
      )}
    </ToolPage>
  );
}
