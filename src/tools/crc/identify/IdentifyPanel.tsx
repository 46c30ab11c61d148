/** The Identify tab: samples, known parameters, the search with progress and Cancel, the results. */
import { Progress } from '../../../components/Progress';
import { SelectField } from '../../../components/fields';
import { StatusLine, useAnnouncedText } from '../../../components/StatusLine';
import { bitsFromPoly, hex } from '../../../core/crc/params';
import type { CrcMatch, IdentifyMode } from '../../../core/crc/identify';
import { useCrcStore } from '../store';
import { FixedFields } from './FixedFields';
import { Results } from './Results';
import { SampleRows } from './SampleRows';
import { useIdentifyStore } from './store';
import { panelId, tabId } from './Tabs';
import { useIdentify } from './useIdentify';
import './identify.css';
import { BusyButton } from '../../../components/BusyButton';

const MODES: { value: IdentifyMode; label: string }[] = [
  { value: 'message', label: 'Message and its CRC' },
  { value: 'codeword', label: 'Codeword (CRC appended)' },
];

/** Fills the Generate tab (and so its permalink) with a found CRC and switches to it. */
function useInGenerator(m: CrcMatch) {
  const p = m.params;
  useCrcStore.setState({
    bits: bitsFromPoly(p.width, p.poly),
    selected: m.names[0] ?? '',
    fields: { init: hex(p.init, p.width), xorout: hex(p.xorout, p.width), refin: p.refin, refout: p.refout },
  });
  useIdentifyStore.getState().setTab('generate');
  // The pressed button goes with the Identify tab: the focus goes to the tab now selected, not to
  // the page's body (the next Tab key started from the top of the page).
  document.getElementById(tabId('generate'))?.focus();
}

export function IdentifyPanel() {
  const { mode, setMode } = useIdentifyStore();
  const run = useIdentify();
  // The same errors after another press leave the alert empty for a frame: they are announced again.
  const errorsShown = useAnnouncedText(run.errors.map((e) => e.message).join('\n'), run.attempt) !== '';
  return (
    <div role="tabpanel" id={panelId('identify')} aria-labelledby={tabId('identify')} className="crcid">
      <section className="panel" aria-label="Samples">
        <p className="field-hint">
          Two or more captured samples. Samples of equal length give the polynomial; samples of different lengths
          separate init from xorout. Bits: a capture from a logic analyser, 0 and 1 in the order sent, any length (a CAN
          frame, a USB token).
        </p>
        <SelectField id="crcid-mode" label="Samples are" value={mode} options={MODES} onChange={setMode} />
        <SampleRows errors={run.errors} />
      </section>
      <section className="panel" aria-label="Known parameters">
        <FixedFields errors={run.errors} />
      </section>
      <section className="panel crcid-actions" aria-label="Search">
        <BusyButton className="primary" busy={run.running} onClick={run.identify}>
          {run.running ? 'Identifying...' : 'Identify'}
        </BusyButton>
        {run.running && (
          <Progress label="Identifying" done={run.progress.done} total={run.progress.total} onCancel={run.cancel} />
        )}
        {run.errors.length > 0 && (
          <div role="alert">
            {errorsShown && (
              <ul className="crcid-errors">
                {run.errors.map((e) => (
                  <li key={e.field + e.message}>{e.message}</li>
                ))}
              </ul>
            )}
          </div>
        )}
        <StatusLine text={run.status} />
      </section>
      {run.report && <Results report={run.report} onUse={useInGenerator} />}
    </div>
  );
}

/** The info cards of the Identify tab. */
export const IDENTIFY_CARDS = [
  {
    title: 'Method',
    text: 'As CRC RevEng does it: the polynomial divides the XOR of two codewords of equal length (init and xorout cancel), so it comes from their GCD over GF(2); init and xorout then follow from linear algebra over samples of different lengths.',
  },
  {
    title: 'In WebAssembly',
    text: 'The search runs in a worker; brute force over every polynomial is used only for widths up to 20 when no two samples share a length.',
  },
];
