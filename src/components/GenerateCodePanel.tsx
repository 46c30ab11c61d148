import type { HdlFile, HdlLanguage } from '../core/hdl/contract';
import { GeneratedCode } from './GeneratedCode';
import { BusyButton } from './BusyButton';
import { useAnnouncedText } from './StatusLine';

/** What the panel needs of useHdlGenerator's controller. */
export interface GenerateCodeController {
  generate(): void;
  generating: boolean;
  error: string;
  /** Changes each time `error` is set (useAnnouncedText). */
  errorAttempt: number;
  code: {
    language: HdlLanguage;
    file: HdlFile | null;
    onLanguageChange(language: HdlLanguage): void;
    testbench(): HdlFile;
    stale: boolean;
    onCopied(): void;
    onDownloaded(): void;
    onTestbenchDownloaded(): void;
  };
}

/** The Generated Code panel of a one-language generator page: the code, Generate Code and its error. */
export function GenerateCodePanel({ id, hdl }: { id: string; hdl: GenerateCodeController }) {
  const error = useAnnouncedText(hdl.error, hdl.errorAttempt);
  return (
    <GeneratedCode
      title="Generated Code"
      id={id}
      {...hdl.code}
      controls={
        <BusyButton className="primary" onClick={hdl.generate} busy={hdl.generating}>
          {hdl.generating ? 'Generating...' : 'Generate Code'}
        </BusyButton>
      }
    >
      {/* Always there, empty until a message: a region inserted with its text is not reliably announced. */}
      <div className={hdl.error ? 'error-banner' : undefined} role="alert">
        {error}
      </div>
    </GeneratedCode>
  );
}
