import type { ReactNode } from 'react';
import { HDL_LANGUAGE_LABEL, HDL_LANGUAGES, type HdlFile, type HdlLanguage } from '../core/hdl/contract';
import { downloadBlob } from '../browser/download';
import { CopyButton } from './CopyButton';
import { useAnnouncedText, useStatusMessage } from './StatusLine';
import { textHead } from '../browser/text-head';

export interface GeneratedCodeProps {
  /** Panel heading: 'Generated Code', a language for side-by-side panes, or a collapsible summary. */
  title: string;
  /** Prefix of the panel's element ids. */
  id: string;
  /** Language of `file` (and the one the language switch shows pressed). */
  language: HdlLanguage;
  /** The design file; null until something is generated (then no code view, Copy or downloads). */
  file: HdlFile | null;
  /** Shows the Verilog/VHDL switch. */
  onLanguageChange?(language: HdlLanguage): void;
  /** Makes the matching testbench on demand; shows Download Testbench. */
  testbench?(): HdlFile | Promise<HdlFile>;
  /** Shows Download for the design file (default true). */
  downloadable?: boolean;
  /** The configuration changed since `file` was generated: says so. */
  stale?: boolean;
  /** For panes side by side: the buttons' accessible names say which language (Copy Verilog, ...). */
  namedByLanguage?: boolean;
  copyConfirmation?: string;
  /** Accessible name of the code view; default 'Generated <Language> code'. */
  codeLabel?: string;
  /** Long files are shown in part; Copy and the downloads have all of it. */
  maxLines?: number;
  /** Renders a <details> that reports opening and closing, instead of a section with a heading. */
  onToggle?(open: boolean): void;
  /** Controls placed after the language switch (the Generate button). */
  controls?: ReactNode;
  /** Messages between the buttons and the code (errors, staleness, hints). */
  children?: ReactNode;
  onCopied?(): void;
  onDownloaded?(): void;
  onTestbenchDownloaded?(): void;
  className?: string;
}

/** The first `maxLines` lines and a note of how many more the download has. */
function shownText(text: string, maxLines?: number): string {
  if (maxLines === undefined) return text;
  // The newline that ends the last line starts no other (a file of 401 lines said 2 more lines).
  const lines = text.endsWith('\n') ? text.slice(0, -1) : text;
  const head = textHead(lines, maxLines);
  if (head === lines) return text;
  const more = lines.split('\n').length - maxLines;
  return `${head}\n... (${more} more lines in the download)`;
}

function LanguageSwitch({ language, onChange }: { language: HdlLanguage; onChange(l: HdlLanguage): void }) {
  return (
    <div className="generated-code-languages" role="group" aria-label="Language">
      {HDL_LANGUAGES.map((l) => (
        <button
          key={l}
          type="button"
          aria-pressed={language === l}
          className={language === l ? 'primary' : ''}
          onClick={() => onChange(l)}
        >
          {HDL_LANGUAGE_LABEL[l]}
        </button>
      ))}
    </div>
  );
}

/**
 * The HDL generators' Generated Code panel: language switch, Copy, Download (design),
 * Download Testbench and the code view.
 */
export function GeneratedCode(p: GeneratedCodeProps) {
  // Each press of Download Testbench is an attempt: the same failure twice is announced twice.
  const [problem, setProblem] = useStatusMessage();
  const announcedProblem = useAnnouncedText(problem.text, problem.attempt);
  const label = HDL_LANGUAGE_LABEL[p.language];
  const named = (name: string) => (p.namedByLanguage ? name : undefined);

  const download = () => {
    if (!p.file) return;
    downloadBlob(p.file.name, p.file.text);
    p.onDownloaded?.();
  };
  const downloadTestbench = async () => {
    setProblem('');
    try {
      const tb = await p.testbench!();
      downloadBlob(tb.name, tb.text);
      p.onTestbenchDownloaded?.();
    } catch (e) {
      setProblem(`Could not generate the testbench: ${(e as Error).message}`);
    }
  };

  const hasActions = p.onLanguageChange || p.controls || p.file;
  const body = (
    <>
      {hasActions && (
        <div className="row generated-code-actions">
          {p.onLanguageChange && <LanguageSwitch language={p.language} onChange={p.onLanguageChange} />}
          {p.controls}
          {p.file && (
            <>
              <CopyButton
                text={p.file.text}
                ariaLabel={named(`Copy ${label}`)}
                confirmation={p.copyConfirmation}
                onCopied={p.onCopied}
              />
              {p.downloadable !== false && (
                <button type="button" aria-label={named(`Download ${label}`)} onClick={download}>
                  Download
                </button>
              )}
              {p.testbench && (
                <button type="button" aria-label={named(`Download Testbench (${label})`)} onClick={downloadTestbench}>
                  Download Testbench
                </button>
              )}
            </>
          )}
        </div>
      )}
      {/* Always there, empty until a download fails: a region inserted with its text is not reliably announced. */}
      <div className={problem.text ? 'status-line status-error' : undefined} role="alert">
        {announcedProblem}
      </div>
      {p.children}
      {/* Always there: a status region inserted with its text is not reliably announced. */}
      <div role="status">
        {p.stale && (
          <p className="generated-code-stale">
            The configuration changed since this code was generated. Press Generate Code to update it.
          </p>
        )}
      </div>
      {p.file && (
        <pre className="code" aria-label={p.codeLabel ?? `Generated ${label} code`} tabIndex={0}>
          <code>{shownText(p.file.text, p.maxLines)}</code>
        </pre>
      )}
    </>
  );

  const className = `panel generated-code ${p.className ?? ''}`.trim();
  if (p.onToggle) {
    const onToggle = p.onToggle;
    return (
      <details className={className} id={p.id} onToggle={(e) => onToggle(e.currentTarget.open)}>
        <summary>{p.title}</summary>
        {body}
      </details>
    );
  }
  return (
    <section className={className} id={p.id} aria-labelledby={`${p.id}-title`}>
      <h2 id={`${p.id}-title`}>{p.title}</h2>
      {body}
    </section>
  );
}
