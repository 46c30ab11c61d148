/**
 * The CRC page's synthesis report: the Verilog file of the current configuration (the same text
 * POST /api/generate answers) synthesised by Yosys compiled to WebAssembly in a worker, loaded only
 * when asked. Results belong to the configuration they were made for; Cancel terminates the worker.
 */
import { useRef, useState } from 'react';
import type { CrcConfig } from '../../core/hdl/crc';
import { CRC_MODULE } from '../../core/hdl/crc';
import type { SynthesisReport as Report } from '../../core/hdl/synth/report';
import type { HdlLanguage } from '../../core/hdl/contract';
import { crcWorker } from '../../workers/crc/client';
import { yosysWorker } from '../../workers/yosys/client';
import { isAbortError } from '../../workers/bridge';
import { BusyButton } from '../../components/BusyButton';
import { useReturnFocusOnUnmount } from '../../components/Progress';

export function SynthesisReport({
  config,
  configKey,
  language,
}: {
  config: CrcConfig | undefined;
  configKey: string;
  language: HdlLanguage;
}) {
  const [state, setState] = useState<{ key: string; report?: Report; error?: string; running?: boolean }>({
    key: '',
  });
  const abort = useRef<AbortController | null>(null);
  const current = state.key === configKey ? state : { key: '' };

  async function run() {
    if (!config) return;
    const key = configKey;
    // A run still going is for a configuration no longer shown: stopped, and its end says nothing
    // (it took this run's "Synthesising..." and Cancel away, and left Cancel unable to stop it).
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    const latest = () => abort.current === controller;
    setState({ key, running: true });
    try {
      const file = await crcWorker.generate(config, 'verilog');
      const report = await yosysWorker.with({ signal: controller.signal }).report(file.text, CRC_MODULE);
      if (latest()) setState({ key, report });
    } catch (e) {
      if (latest())
        setState({
          key,
          error: isAbortError(e) ? 'Synthesis cancelled.' : `Synthesis failed: ${(e as Error).message}`,
        });
    } finally {
      if (latest()) abort.current = null;
    }
  }

  return (
    <section className="panel" aria-label="Synthesis report">
      <h2 className="crc-heading">Synthesis report</h2>
      <p className="field-hint">
        Yosys compiled to WebAssembly (about 31 MB, fetched on the first report) synthesises crc_module.v in your
        browser: synth -lut 6 and -lut 4, logic depth from ltp.
        {language === 'vhdl' ? ' For VHDL the figures are those of the Verilog file of the same design.' : ''}
      </p>
      <BusyButton disabled={!config} busy={!!current.running} onClick={run}>
        {current.running ? 'Synthesising...' : 'Run synthesis report'}
      </BusyButton>
      {current.running && <CancelSynthesis onCancel={() => abort.current?.abort()} />}
      <div role="status" aria-live="polite">
        {current.running && <p className="field-hint">Synthesising in Yosys (WebAssembly)...</p>}
        {current.report && (
          <ul>
            <li>
              LUT6: {current.report.lut6.luts} LUTs, depth {current.report.lut6.depth} LUTs
            </li>
            <li>
              LUT4: {current.report.lut4.luts} LUTs, depth {current.report.lut4.depth} LUTs
            </li>
            <li>Flip-flops: {current.report.flipFlops}</li>
          </ul>
        )}
      </div>
      {/* Always there, empty until a run fails or is cancelled: a region inserted with its text is not reliably announced. */}
      <div className={current.error ? 'field-hint crc-invalid' : undefined} role="alert">
        {current.error}
      </div>
    </section>
  );
}

/** Cancel, which hands the focus back to the Run button when it goes away (WCAG 2.4.3). */
function CancelSynthesis({ onCancel }: { onCancel: () => void }) {
  const group = useReturnFocusOnUnmount<HTMLSpanElement>();
  return (
    <span ref={group}>
      <button type="button" onClick={onCancel}>
        Cancel synthesis
      </button>
    </span>
  );
}
