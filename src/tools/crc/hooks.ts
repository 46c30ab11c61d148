/** The CRC page's jobs: the catalogue, live figures and preview from the worker, and generation. */
import { useEffect, useRef, useState } from 'react';
import type { PredefinedAlgorithm } from '../../core/crc/catalogue';
import { FALLBACK_ALGORITHMS } from '../../core/crc/fallback';
import { generateBody } from '../../core/crc/request';
import type { HdlFile, HdlLanguage } from '../../core/hdl/contract';
import { crcFileName, type CrcConfig, type CrcSummary } from '../../core/hdl/crc';
import { downloadBlob } from '../../browser/download';
import { useDebouncedEffect } from '../../hooks/useDebouncedEffect';
import { useStatusMessage } from '../../components/StatusLine';
import type { useHdlPage } from '../../hooks/useHdlGenerator';
import { trackError } from '../../telemetry';
import { isAbortError } from '../../workers/bridge';
import { crcWorker } from '../../workers/crc/client';
import { GENERATE_TIMEOUT_MS, fetchPredefined, postGenerate } from './api';
import { LOAD_ERROR, VALIDATION_ALERT, generateErrorAlert } from './logic';
import { tool } from './tool';
import { downloadFiles } from './SoftwareCode';
import type { SoftwareLanguage } from '../../core/crc/software';

/** Loads GET /api/predefined; on failure the spec's banner and the built-in six. */
export function usePredefined(): { algorithms: PredefinedAlgorithm[]; loadError: string } {
  const [state, setState] = useState<{ algorithms: PredefinedAlgorithm[]; loadError: string }>({
    algorithms: [],
    loadError: '',
  });
  useEffect(() => {
    let live = true;
    fetchPredefined()
      .then((list) => live && setState({ algorithms: list, loadError: '' }))
      .catch((e: Error) => {
        trackError('load_predefined', e.message, tool.analyticsName);
        if (live) setState({ algorithms: FALLBACK_ALGORITHMS, loadError: LOAD_ERROR });
      });
    return () => {
      live = false;
    };
  }, []);
  return state;
}

/**
 * Live figures from the WASM worker as the user edits, and the code preview (generated locally by
 * the same emitter, only while it is open). Answers for an older input are ignored (each takes
 * well under a millisecond, so there is nothing worth cancelling). `key` names the input.
 */
export function useWorkerFigures(config: CrcConfig | undefined, key: string, language: HdlLanguage, open: boolean) {
  const [analysis, setAnalysis] = useState<{ key: string; result?: CrcSummary; error?: string }>({ key: '' });
  const [preview, setPreview] = useState<{ key: string; file?: HdlFile; error?: string }>({ key: '' });

  useDebouncedEffect(
    () => {
      if (!config) return;
      crcWorker
        .summary(config)
        .then((result) => setAnalysis({ key, result }))
        .catch((e) => !isAbortError(e) && setAnalysis({ key, error: (e as Error).message }));
    },
    [key],
    150,
  );

  const previewKey = key && open ? `${key}|${language}` : '';
  useDebouncedEffect(
    () => {
      if (!previewKey || !config) return;
      const k = previewKey;
      crcWorker
        .generate(config, language)
        .then((file) => setPreview({ key: k, file }))
        .catch((e) => {
          if (!isAbortError(e)) setPreview({ key: k, error: `Could not generate a preview: ${(e as Error).message}` });
        });
    },
    [previewKey],
    200,
  );

  return {
    analysis: analysis.key === key ? analysis : undefined,
    preview: preview.key === previewKey && previewKey ? preview : undefined,
    previewKey,
  };
}

/** Why Generate made the file in the browser, as the status line says it. */
const FALLBACK_REASON = {
  unreachable: 'the server could not be reached',
  timeout: `the server did not answer within ${GENERATE_TIMEOUT_MS / 1000} s`,
} as const;

export interface GenerateRequest {
  bits: number[];
  fields: Parameters<typeof generateBody>[3];
  dataWidth: number;
  language: HdlLanguage;
  options: { partialLastWord: boolean; pipelineStages: number };
  config: CrcConfig | undefined;
  /** Usage details of generate_code (the language is added). */
  usage: Record<string, unknown>;
}

/**
 * Generate: the file from POST /api/generate, downloaded; offline (the server unreachable) or
 * without a whole answer within GENERATE_TIMEOUT_MS, the worker makes the same file in the
 * browser and the status line says which. Errors go to the page's alert.
 */
export function useCrcGenerate(page: ReturnType<typeof useHdlPage>) {
  const [generating, setGenerating] = useState(false);
  // Counted: Generate pressed again in C downloads the same files and says so again.
  const [status, setStatus] = useStatusMessage();
  const busy = useRef(false);

  async function generate(q: GenerateRequest) {
    if (busy.current) return;
    busy.current = true;
    setGenerating(true);
    page.setError('');
    setStatus('');
    const { language } = q;
    const started = performance.now();
    try {
      const name = crcFileName(language);
      const r = await postGenerate(generateBody(q.bits, q.dataWidth, language, q.fields, q.options));
      if ('failed' in r) {
        const why = FALLBACK_REASON[r.failed];
        if (!q.config) throw new Error(why);
        // The worker holds the same generator as the server: without its answer, the file is made here.
        const file = await crcWorker.generate(q.config, language);
        downloadBlob(name, new Blob([file.text], { type: 'text/plain' }));
        setStatus(`✅ Downloaded ${name} (generated in your browser: ${why})`);
        return;
      }
      if (r.status === 422) {
        page.fail(VALIDATION_ALERT, { context: 'generate_validation', detail: await r.body.text() });
        return;
      }
      if (!r.ok) throw new Error(`HTTP ${r.status}`);
      downloadBlob(name, r.body);
      setStatus(`✅ Downloaded ${name}`);
      page.track('generate_code', { language, ...q.usage }, Math.round(performance.now() - started));
    } catch (e) {
      page.fail(generateErrorAlert(language), { detail: (e as Error).message });
    } finally {
      busy.current = false;
      setGenerating(false);
    }
  }

  /** A software language: the files made on the page are downloaded (C: header and source). */
  function downloadSoftware(files: HdlFile[], language: SoftwareLanguage, usage: Record<string, unknown>) {
    if (!files.length) return;
    page.setError('');
    downloadFiles(files);
    setStatus(`✅ Downloaded ${files.map((f) => f.name).join(' and ')}`);
    page.track('generate_code', { language, ...usage });
  }

  return { generating, status, generate, downloadSoftware };
}
