import { copyText, useTransientMessage } from '../../components/CopyButton';
import { StatusLine } from '../../components/StatusLine';
import { downloadBlob } from '../../lib/download';
import { trackToolUsage } from '../../analytics';
import { HDL_LANGUAGE_LABEL as LABEL, type HdlLanguage } from '../../core/hdl/contract';
import { fsmGenerator } from '../../core/hdl/fsm';
import { COPY_CONFIRMATION } from './logic';
import type { GeneratedFsm } from './store';

const TOOL = 'FSM Generator';

function CodePane({ language, generated }: { language: HdlLanguage; generated: GeneratedFsm }) {
  const [message, show] = useTransientMessage();
  const code = generated.files[language]?.text ?? '';
  const error = generated.errors[language] ?? '';
  const copy = async () => {
    const ok = await copyText(code);
    show(ok ? COPY_CONFIRMATION : 'Failed to copy to clipboard');
    if (ok) trackToolUsage(TOOL, `copy_${language}`, { module: generated.config.moduleName });
  };
  const download = (testbench: boolean) => {
    const file = testbench ? fsmGenerator.testbench(generated.config, language) : generated.files[language]!;
    downloadBlob(file.name, file.text);
    trackToolUsage(TOOL, testbench ? `download_${language}_testbench` : `download_${language}`, { module: generated.config.moduleName });
  };
  return (
    <section className="panel fsm-code-pane" aria-labelledby={`fsm-code-${language}`}>
      <div className="fsm-section-head">
        <h2 id={`fsm-code-${language}`}>{LABEL[language]}</h2>
        <div className="row">
          <button type="button" aria-label={`Copy ${LABEL[language]}`} disabled={!code} onClick={copy}>Copy</button>
          <button type="button" aria-label={`Download ${LABEL[language]}`} disabled={!code} onClick={() => download(false)}>Download</button>
          <button type="button" aria-label={`Download ${LABEL[language]} testbench`} disabled={!code} onClick={() => download(true)}>Testbench</button>
        </div>
      </div>
      <StatusLine text={error || message} />
      {code && (
        <pre className="code" tabIndex={0} aria-label={`Generated ${LABEL[language]} code`}>
          <code>{code}</code>
        </pre>
      )}
    </section>
  );
}

export function CodeTab({ generated }: { generated: GeneratedFsm | null }) {
  if (!generated) return <p className="fsm-hint">Press Generate Code on the Configuration tab to see the Verilog and VHDL here.</p>;
  return (
    <div className="fsm-code-grid">
      <CodePane language="verilog" generated={generated} />
      <CodePane language="vhdl" generated={generated} />
    </div>
  );
}
