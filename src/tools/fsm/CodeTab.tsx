import { GeneratedCode } from '../../components/GeneratedCode';
import { StatusLine } from '../../components/StatusLine';
import { trackToolUsage } from '../../telemetry';
import { HDL_LANGUAGE_LABEL, HDL_LANGUAGES, type HdlLanguage } from '../../core/hdl/contract';
import { fsmGenerator } from '../../core/hdl/fsm';
import { COPY_CONFIRMATION } from './logic';
import type { GeneratedFsm } from './store';
import { tool } from './tool';

/** Spec: Verilog and VHDL side by side, each with Copy (and downloads of the design and its testbench). */
export function CodeTab({ generated, stale }: { generated: GeneratedFsm | null; stale: boolean }) {
  if (!generated)
    return <p className="fsm-hint">Press Generate Code on the Configuration tab to see the Verilog and VHDL here.</p>;
  // No module name: it is the user's own (REDACTED from the page's link too), not a choice.
  const track = (action: string) => trackToolUsage(tool.analyticsName, action);
  const pane = (language: HdlLanguage) => (
    <GeneratedCode
      key={language}
      title={HDL_LANGUAGE_LABEL[language]}
      id={`fsm-code-${language}`}
      className="fsm-code-pane"
      language={language}
      file={generated.files[language] ?? null}
      namedByLanguage
      stale={stale}
      copyConfirmation={COPY_CONFIRMATION}
      testbench={() => fsmGenerator.testbench(generated.config, language)}
      onCopied={() => track(`copy_${language}`)}
      onDownloaded={() => track(`download_${language}`)}
      onTestbenchDownloaded={() => track(`download_${language}_testbench`)}
    >
      <StatusLine text={generated.errors[language] ?? ''} />
    </GeneratedCode>
  );
  return <div className="fsm-code-grid">{HDL_LANGUAGES.map(pane)}</div>;
}
