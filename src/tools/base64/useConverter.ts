/**
 * Runs conversions in the Base64 worker: one job at a time (a new one cancels the old), progress
 * for files, Cancel (terminates the worker, the only way to stop a running WASM call), messages
 * and usage reporting. The page's thread only posts jobs and shows results.
 */
import { useCallback, useEffect, useRef } from 'react';
import { trackError, trackToolUsage } from '../../telemetry';
import type { ConversionResult } from '../../core/base64/convert';
import { ENTER_BASE64, ENTER_TEXT, INVALID_BASE64, decodingFailed, encodingFailed } from '../../core/base64/messages';
import { base64Worker } from '../../workers/base64/client';
import { isAbortError } from '../../workers/bridge';
import { CANCELLED_MESSAGE, PREVIEW_LIMIT, fileTypeLabel } from './logic';
import { useBase64Store, type Base64State } from './store';
import { tool } from './tool';

const SPEC_MESSAGES = new Set([ENTER_TEXT, ENTER_BASE64, INVALID_BASE64]);

/** What a conversion depends on; the same key twice in a row converts once. */
function jobKey(s: Base64State): string {
  const encoding = s.file && s.mode === 'encode' ? '' : s.encoding; // a file's Base64 ignores it
  return JSON.stringify([
    s.mode,
    encoding,
    s.alphabet,
    s.file ? [s.file.name, s.file.size, s.file.lastModified] : s.input,
  ]);
}

function failureMessage(e: unknown, mode: Base64State['mode']): string {
  const msg = (e as Error)?.message ?? String(e);
  if (SPEC_MESSAGES.has(msg) || msg.startsWith('Encoding failed: ') || msg.startsWith('Decoding failed: ')) return msg;
  return mode === 'encode' ? encodingFailed(msg) : decodingFailed(msg);
}

export function useConverter() {
  const job = useRef<{ controller: AbortController; key: string } | null>(null);
  const lastKey = useRef('');

  const cancel = useCallback(() => {
    job.current?.controller.abort();
  }, []);

  /** Cancels any job and forgets the last conversion (after the page cleared its output). */
  const reset = useCallback(() => {
    job.current?.controller.abort();
    job.current = null;
    lastKey.current = '';
  }, []);

  // Leaving the page stops a running job.
  useEffect(() => () => job.current?.controller.abort(), []);

  /** Converts the current input or file. `force` converts even when nothing changed. */
  const convert = useCallback(async (force = true) => {
    const state = useBase64Store.getState();
    const { set, mode, encoding, alphabet, file, input } = state;
    const key = jobKey(state);
    if (!force && key === lastKey.current) return;
    lastKey.current = key;
    job.current?.controller.abort();
    const runs = state.runs + 1;
    if (!file && !input.trim()) {
      set({ output: '', result: null, progress: null, message: mode === 'encode' ? ENTER_TEXT : ENTER_BASE64, runs });
      return;
    }
    const controller = new AbortController();
    job.current = { controller, key };
    const opts = { mode, encoding, alphabet, previewLimit: PREVIEW_LIMIT };
    const started = performance.now();
    set({ progress: file ? { done: 0, total: file.size } : null, message: '', runs });
    try {
      const res: ConversionResult = file
        ? await base64Worker
            .with({
              onProgress: (done, total) => {
                // A progress report still in flight after Cancel must not bring the progress bar back.
                if (job.current?.controller === controller && !controller.signal.aborted)
                  set({ progress: { done, total } });
              },
              signal: controller.signal,
            })
            .convertFile(file, opts)
        : await base64Worker.with({ signal: controller.signal }).convertText(input, opts);
      if (job.current?.controller !== controller) return;
      const { preview, ...meta } = res;
      const seconds = (performance.now() - started) / 1000;
      set({
        output: preview,
        result: { ...meta, alphabet },
        progress: null,
        isValid: mode === 'decode',
        message: file ? fileDone(file, mode, seconds) : '',
      });
      trackToolUsage(
        tool.analyticsName,
        file ? `${mode}_file` : mode,
        {
          encoding,
          alphabet,
          input_length: meta.inputLength,
          output_length: meta.outputLength,
          ...(file ? { file_type: fileTypeLabel(file.type), file_size: file.size } : {}),
        },
        Math.round(seconds * 1000),
      );
    } catch (e) {
      // A job replaced by a newer one ends silently; a cancelled one says so.
      if (job.current?.controller !== controller) return;
      const cancelled = controller.signal.aborted || isAbortError(e);
      const message = cancelled ? CANCELLED_MESSAGE : failureMessage(e, mode);
      set({
        output: '',
        result: null,
        progress: null,
        message,
        ...(file && mode === 'decode' ? { isValid: false } : {}),
      });
      // lastKey keeps the cancelled job's key: the auto-convert still due for the change that
      // started it (a file chosen under 500 ms before Cancel) must not start it again.
      if (!cancelled) trackError(`base64_${mode}`, message, tool.analyticsName);
    } finally {
      if (job.current?.controller === controller) job.current = null;
    }
  }, []);

  return { convert, cancel, reset };
}

/** The status after a file's conversion; an empty file says why the output is empty. */
function fileDone(file: File, mode: 'encode' | 'decode', seconds: number): string {
  if (file.size === 0) return `✅ Encoded ${file.name}: the file is empty, so is its Base64`;
  return `✅ ${mode === 'encode' ? 'Encoded' : 'Decoded'} ${file.name} in ${seconds.toFixed(2)} s`;
}
