import { useState } from 'react';
import { crcWorker } from '../workers/crc/client';
import { isAbortError } from '../workers/bridge';
import { Progress } from '../components/Progress';
import { emptyAsChooserOpens } from '../components/fields';
import { ToolPage, type PageHeader } from '../components/ToolPage';
import { DIAGNOSTICS_TITLE } from './registry';

/** Not a declared tool: a self-check page outside the sidebar and the spec's route table. */
const HEADER: PageHeader = {
  title: DIAGNOSTICS_TITLE,
  description: 'Checks that WebAssembly workers run in this browser.',
};
const CHECK_INPUT = new TextEncoder().encode('123456789');
const hex32 = (n: number) => n.toString(16).padStart(8, '0');

/** Self-check of the WASM worker pipeline: CRC-32 in a worker, of a known input or of a file. */
export function Diagnostics() {
  const [result, setResult] = useState('');
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [abort, setAbort] = useState<AbortController | null>(null);

  const runSelfTest = async () => {
    const buf = CHECK_INPUT.slice().buffer;
    const crc = await crcWorker.crc32OfBuffer(buf);
    setResult(
      `CRC-32("123456789") = ${hex32(crc)} ${crc === 0xcbf43926 ? '✅ WebAssembly worker OK' : '❌ unexpected'}`,
    );
  };

  const checksumFile = async (file: File) => {
    const ctrl = new AbortController();
    setAbort(ctrl);
    setProgress({ done: 0, total: file.size });
    try {
      const crc = await crcWorker
        .with({ onProgress: (done, total) => setProgress({ done, total }), signal: ctrl.signal })
        .crc32OfBlob(file);
      setResult(`CRC-32 of ${file.name} (${file.size} bytes) = ${hex32(crc)}`);
    } catch (e) {
      setResult(isAbortError(e) ? 'Cancelled' : `Failed: ${(e as Error).message}`);
    } finally {
      setProgress(null);
      setAbort(null);
    }
  };

  return (
    <ToolPage tool={HEADER}>
      <div className="panel">
        <button type="button" onClick={runSelfTest}>
          Run self-test
        </button>
        <label className="field">
          CRC-32 of a file
          <input
            type="file"
            onClick={emptyAsChooserOpens}
            onChange={(e) => e.target.files?.[0] && checksumFile(e.target.files[0])}
          />
        </label>
        {progress && (
          <Progress label="Checksum" done={progress.done} total={progress.total} onCancel={() => abort?.abort()} />
        )}
        <output className="diagnostics-result" aria-live="polite">
          {result}
        </output>
      </div>
    </ToolPage>
  );
}
