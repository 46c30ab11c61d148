/**
 * "Consistency": a zip with the Verilog or VHDL design as configured (partial last word and
 * pipeline stages included; made in the CRC worker), a testbench whose expected values come from
 * the C implementation's algorithm, the C files, a vectors program and a README with the gcc /
 * iverilog / ghdl commands (src/core/crc/software/consistency.ts).
 */
import { useState } from 'react';
import { StatusLine } from '../../components/StatusLine';
import { downloadBlob } from '../../browser/download';
import { checkDataWidth, checkParams } from '../../core/crc/request';
import { MAX_SOFTWARE_WIDTH } from '../../core/crc/software';
import { consistencyBundle, consistencyProblem } from '../../core/crc/software/consistency';
import { crcWorker } from '../../workers/crc/client';
import { isHardwareLanguage } from './languages';
import { streamOptions } from './logic';
import { useCrcStore } from './store';
import { BusyButton } from '../../components/BusyButton';
import { catalogueName } from '../../core/crc/fallback';

export function ConsistencyButton() {
  const s = useCrcStore();
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');
  const params = checkParams(s.bits, s.fields);
  const dataWidth = checkDataWidth(s.dataWidth);
  // The design in the chosen HDL; with a software language chosen, Verilog.
  const language = isHardwareLanguage(s.language) ? s.language : 'verilog';
  // The design the Generate tab makes: partial last word and pipeline stages included.
  const config =
    params.ok && dataWidth.ok
      ? {
          params: params.value,
          dataWidth: dataWidth.value,
          ...streamOptions(dataWidth.value, s.partialLastWord, s.pipelineStages),
        }
      : undefined;
  const problem = config && consistencyProblem(config);
  const usable = config !== undefined && !problem && config.params.width <= MAX_SOFTWARE_WIDTH;

  async function download() {
    if (!config) return;
    setBusy(true);
    setStatus('');
    try {
      const design = await crcWorker.generate(config, language);
      const bundle = consistencyBundle({ ...config, name: catalogueName(s.selected), language, design });
      downloadBlob(bundle.zipName, new Blob([bundle.zip], { type: 'application/zip' }));
      setStatus(`✅ Downloaded ${bundle.zipName}`);
    } catch (e) {
      setStatus(`Could not make the bundle: ${(e as Error).message}`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="crc-consistency">
      <BusyButton
        disabled={!usable}
        busy={busy}
        aria-describedby="crc-consistency-hint"
        onClick={() => void download()}
      >
        Consistency
      </BusyButton>
      <p id="crc-consistency-hint" className="field-hint">
        A zip: the {language === 'verilog' ? 'Verilog' : 'VHDL'} design as configured above, a testbench whose expected
        CRCs come from the C code, the C files and a README to run both (gcc,{' '}
        {language === 'verilog' ? 'iverilog' : 'ghdl'}).
        {params.ok && params.value.width > MAX_SOFTWARE_WIDTH ? ` Widths up to ${MAX_SOFTWARE_WIDTH} bits only.` : ''}
        {problem ? ` ${problem}` : ''}
        {/* A software language disables the data width box and hides its error: the design still needs it. */}
        {params.ok && !dataWidth.ok && !isHardwareLanguage(s.language) ? ` ${dataWidth.error}` : ''}
      </p>
      <StatusLine text={status} />
    </div>
  );
}
