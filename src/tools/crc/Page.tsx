import { useLayoutEffect, useMemo, useState, type MouseEvent } from 'react';
import { ToolPage } from '../../components/ToolPage';
import { tool } from './tool';
import { GeneratedCode } from '../../components/GeneratedCode';
import { useHdlPage } from '../../hooks/useHdlGenerator';
import { crcWorker } from '../../workers/crc/client';
import { polyText, polyWidth } from '../../core/crc/params';
import { checkDataWidth, checkParams } from '../../core/crc/request';
import { crcFileName, type CrcConfig } from '../../core/hdl/crc';
import { groupAlgorithms, reconcileSelection, streamOptions } from './logic';
import { crcLink, useCrcStore } from './store';
import { usePermalink } from '../../browser/permalink';
import { SynthesisReport } from './SynthesisReport';
import { useCrcGenerate, usePredefined, useWorkerFigures } from './hooks';
import { AlgorithmPanel, ParametersPanel, PolynomialPanel, SummaryPanel } from './Panels';
import { CrcTabs } from './identify/Tabs';
import { IDENTIFY_CARDS, IdentifyPanel } from './identify/IdentifyPanel';
import { identifyLink, useIdentifyStore } from './identify/store';
import { isHardwareLanguage } from './languages';
import { SOFTWARE_WIDTH_MESSAGE, SoftwareCode, softwareFiles } from './SoftwareCode';
import { MAX_SOFTWARE_WIDTH } from '../../core/crc/software';
import './styles.css';
import { BusyButton } from '../../components/BusyButton';

/** Long files (wide buses) are shown in part; the download and Copy have all of it. */
const PREVIEW_LINES = 400;

export default function CrcPage() {
  usePermalink(useCrcStore, crcLink, [identifyLink]);
  usePermalink(useIdentifyStore, identifyLink, [crcLink]);
  const tab = useIdentifyStore((t) => t.tab);
  const s = useCrcStore();
  const { algorithms, loadError } = usePredefined();
  const page = useHdlPage({ tool, errorContext: 'generate' });
  const crc = useCrcGenerate(page);
  const [previewOpen, setPreviewOpen] = useState(false);

  // Before paint: a link's or draft's name that does not fit its parameters was shown for a frame
  // (the select and "Mode: Predefined (CRC-32/ISO-HDLC)" beside a custom polynomial) once the list came.
  useLayoutEffect(() => {
    const fix = reconcileSelection(algorithms, useCrcStore.getState());
    if (fix && 'choose' in fix) useCrcStore.getState().choose(fix.choose);
    else if (fix) useCrcStore.setState({ selected: '' });
  }, [algorithms]);

  const groups = useMemo(() => groupAlgorithms(algorithms, s.search), [algorithms, s.search]);
  const selected = algorithms.find((a) => a.name === s.selected);
  const params = checkParams(s.bits, s.fields);
  const dataWidth = checkDataWidth(s.dataWidth);
  const width = polyWidth(s.bits);
  const text = polyText(s.bits);
  const options = streamOptions(dataWidth.ok ? dataWidth.value : 0, s.partialLastWord, s.pipelineStages);
  const config: CrcConfig | undefined =
    params.ok && dataWidth.ok ? { params: params.value, dataWidth: dataWidth.value, ...options } : undefined;
  const hardware = isHardwareLanguage(s.language);
  // A software language shows only the check value, which needs no data width: its (disabled) box
  // may hold any text, so the figures come from a byte-wide design then.
  const figuresConfig: CrcConfig | undefined =
    config ?? (params.ok && !hardware ? { params: params.value, dataWidth: 8 } : undefined);
  const analysisKey = figuresConfig
    ? JSON.stringify([s.bits, s.fields, figuresConfig.dataWidth, config ? options : undefined])
    : '';
  const hdlLanguage = isHardwareLanguage(s.language) ? s.language : 'verilog';
  const { analysis, preview, previewKey } = useWorkerFigures(
    figuresConfig,
    analysisKey,
    hdlLanguage,
    previewOpen && hardware,
  );
  // Software files are generated here (a few ms): no worker round trip, no data width needed.
  const { bits, fields, selected: algorithm, language } = s;
  const software = useMemo(() => {
    const checked = checkParams(bits, fields);
    if (isHardwareLanguage(language) || !checked.ok) return { files: [] };
    if (checked.value.width > MAX_SOFTWARE_WIDTH) return { files: [], error: SOFTWARE_WIDTH_MESSAGE };
    return { files: softwareFiles(checked.value, algorithm, language) };
  }, [bits, fields, algorithm, language]);

  const generate = (event: MouseEvent) => {
    // The second click of a double-click (detail 2) is the same press: the software files are
    // downloaded at once, so it downloaded them twice. A later single click downloads again.
    if (event.detail > 1) return;
    if (!isHardwareLanguage(s.language)) {
      crc.downloadSoftware(software.files, s.language, { width, algorithm: s.selected || 'custom' });
      return;
    }
    if (!params.ok || !dataWidth.ok) return;
    void crc.generate({
      bits: s.bits,
      fields: s.fields,
      dataWidth: dataWidth.value,
      language: hdlLanguage,
      options,
      config,
      usage: {
        width,
        data_width: dataWidth.value,
        algorithm: s.selected || 'custom',
        partial_last_word: options.partialLastWord,
        pipeline_stages: options.pipelineStages,
      },
    });
  };

  if (tab === 'identify')
    return (
      <ToolPage tool={tool} infoCards={IDENTIFY_CARDS}>
        <CrcTabs />
        <IdentifyPanel />
      </ToolPage>
    );

  return (
    <ToolPage
      tool={tool}
      infoCards={[
        {
          title: 'Bit order',
          text: 'Without Reflect input, data_in[D-1] is the first bit in time (a 32-bit word carries its first byte in [31:24]). With it, data_in[0] is first (first byte in [7:0]).',
        },
        {
          title: 'Verified',
          text: 'Every catalogue algorithm is simulated with Icarus Verilog and GHDL at several data widths and compared with a bit-serial reference.',
        },
        {
          title: 'Interface',
          text: 'Module/entity crc: clk, rst (active high, asynchronous, loads init), crc_en, data_in, crc_out (the finished CRC).',
        },
      ]}
    >
      <CrcTabs />
      {/* Always there, empty until the catalogue fails: a region inserted with its text is not reliably announced. */}
      <div className={loadError ? 'error-banner' : undefined} role="alert">
        {loadError}
      </div>

      <AlgorithmPanel
        algorithms={algorithms}
        groups={groups}
        selected={selected}
        onChoose={(a) => {
          s.choose(a);
          page.track('select_algorithm', { algorithm: a?.name ?? 'custom' });
        }}
      />
      <PolynomialPanel width={width} text={text} />
      <ParametersPanel width={width} params={params} dataWidth={dataWidth} />
      <SummaryPanel
        width={width}
        text={text}
        selected={selected}
        analysis={analysis}
        usable={params.ok && (dataWidth.ok || !hardware)}
        hardware={hardware}
        alert={page.error}
        status={crc.status}
        generateButton={
          <BusyButton
            className="primary"
            disabled={!params.ok || (hardware ? !dataWidth.ok : software.files.length === 0)}
            busy={crc.generating}
            onClick={generate}
          >
            {crc.generating ? 'Generating...' : 'Generate'}
          </BusyButton>
        }
      />

      {/* Always there, empty unless a software language is chosen for a width it does not take: a region
          inserted with its text (on choosing C, or on a term above x^64) is not reliably announced. */}
      <div className={software.error ? 'field-hint crc-invalid' : undefined} role="alert">
        {software.error}
      </div>
      {!hardware && (
        <SoftwareCode
          files={software.files}
          onCopied={() => page.track('copy_to_clipboard', { language: s.language })}
          onDownloaded={(file) => page.track('download_file', { language: s.language, file })}
        />
      )}

      {hardware && <SynthesisReport config={config} configKey={analysisKey} language={hdlLanguage} />}

      {hardware && (
        <GeneratedCode
          title={`Preview (${crcFileName(hdlLanguage)})`}
          id="crc-preview"
          className="crc-preview"
          onToggle={setPreviewOpen}
          language={hdlLanguage}
          file={preview?.file ?? null}
          downloadable={false}
          codeLabel="Generated code preview"
          maxLines={PREVIEW_LINES}
          testbench={() => crcWorker.testbench(config!, hdlLanguage)}
          onCopied={() => page.track('copy_to_clipboard', { language: hdlLanguage })}
          onTestbenchDownloaded={() => page.track('download_testbench', { language: hdlLanguage })}
        >
          {!preview?.file && (
            <p className="field-hint">
              {preview?.error ??
                (previewKey ? 'Generating preview...' : 'Choose a polynomial and a valid data width to see the code.')}
            </p>
          )}
        </GeneratedCode>
      )}
    </ToolPage>
  );
}
