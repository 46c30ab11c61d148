import { copyText, useTransientMessage } from '../../components/CopyButton';
import { StatusLine } from '../../components/StatusLine';
import { downloadBlob } from '../../lib/download';
import { trackToolUsage } from '../../analytics';
import { COPY_CONFIRMATION, fileName, generateTestbench, type Language } from './logic';
import type { GeneratedFsm } from './store';
import { tool } from './tool';

const LABEL: Record<Language, string> = { verilog: 'Verilog', vhdl: 'VHDL' };

function CodePane({ language, generated }: { language: Language; generated: GeneratedFsm }) {
  const [message, show] = useTransientMessage();
  const code = generated[language];
  const error = language === 'verilog' ? generated.verilogError : generated.vhdlError;
  const copy = async () => {
    const ok = await copyText(code);
    show(ok ? COPY_CONFIRMATION : 'Failed to copy to clipboard');
    if (ok) trackToolUsage(tool.analyticsName, `copy_${language}`, { module: generated.config.moduleName });
  };
  const download = (testbench: boolean) => {
    const text = testbench ? generateTestbench(generated.config, language) : code;
    downloadBlob(fileName(generated.config, language, testbench), text);
    trackToolUsage(tool.analyticsName, testbench ? `download_${language}_testbench` : `download_${language}`, { module: generated.config.moduleName });
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
