/**
 * The software languages' output: the generated file(s) with Copy and Download each (C has a
 * header and a source). Generation is pure TypeScript and takes a few milliseconds even for
 * 64-bit tables, so it runs here, not in the worker.
 */
import { useState } from 'react';
import { CopyButton } from '../../components/CopyButton';
import { downloadBlob } from '../../browser/download';
import type { HdlFile } from '../../core/hdl/contract';
import { MAX_SOFTWARE_WIDTH, generateSoftware, type SoftwareLanguage } from '../../core/crc/software';
import type { CrcParams } from '../../core/crc/params';
import { catalogueName } from '../../core/crc/fallback';

export const SOFTWARE_WIDTH_MESSAGE = `Software implementations are generated for CRC widths up to ${MAX_SOFTWARE_WIDTH} bits.`;

/** The files for the page's parameters; a chosen algorithm names the identifiers, else the parameters do. */
export function softwareFiles(params: CrcParams, algorithm: string, language: SoftwareLanguage): HdlFile[] {
  return generateSoftware({ params, name: catalogueName(algorithm) }, language);
}

/** Downloads every file (C: the header, then the source). */
export function downloadFiles(files: HdlFile[]): void {
  for (const f of files) downloadBlob(f.name, f.text);
}

export function SoftwareCode({
  files,
  onCopied,
  onDownloaded,
}: {
  files: HdlFile[];
  onCopied?(): void;
  onDownloaded?(name: string): void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <details
      className="panel generated-code crc-preview"
      id="crc-software"
      onToggle={(e) => setOpen(e.currentTarget.open)}
    >
      <summary>Preview ({files.map((f) => f.name).join(', ') || 'software'})</summary>
      {open &&
        files.map((f) => (
          <section key={f.name} className="crc-software-file" aria-label={f.name}>
            <div className="row generated-code-actions">
              <h3 className="crc-heading mono">{f.name}</h3>
              <CopyButton text={f.text} ariaLabel={`Copy ${f.name}`} onCopied={onCopied} />
              <button
                type="button"
                onClick={() => {
                  downloadBlob(f.name, f.text);
                  onDownloaded?.(f.name);
                }}
              >
                Download {f.name}
              </button>
            </div>
            <pre className="code" aria-label={`Generated code: ${f.name}`} tabIndex={0}>
              <code>{f.text}</code>
            </pre>
          </section>
        ))}
    </details>
  );
}
