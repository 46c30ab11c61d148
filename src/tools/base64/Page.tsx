/** Base64 converter (spec part 2): text and files of any size, converted by a WASM kernel in a worker. */
import { useEffect, useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { trackToolUsage } from '../../telemetry';
import { COPIED_MESSAGE, COPY_CONFIRM_MS, copyText } from '../../components/CopyButton';
import { Progress } from '../../components/Progress';
import { StatusLine } from '../../components/StatusLine';
import { ToolPage } from '../../components/ToolPage';
import { tool } from './tool';
import { HEX_PREVIEW_BYTES, type Mode } from '../../core/base64/convert';
import { TEXT_ENCODINGS, isValidBase64, wrapLines, type TextEncodingName } from '../../core/base64/text';
import { downloadBlob } from '../../browser/download';
import { useDebouncedEffect } from '../../hooks/useDebouncedEffect';
import { base64Worker } from '../../workers/base64/client';
import { examplesFor } from './examples';
import {
  COPY_LIMIT,
  PREVIEW_LIMIT,
  SYNC_VALIDITY_LIMIT,
  dataUrlPrefix,
  downloadName,
  fileTypeLabel,
  formatCount,
  formatKB,
  sizeRatio,
} from './logic';
import { base64Link, CLEARED, useBase64Store } from './store';
import { usePermalink } from '../../browser/permalink';
import { useConverter } from './useConverter';
import './styles.css';

const AUTO_CONVERT_MS = 500;

const infoCards = [
  {
    title: 'Any file size',
    text: 'Files are read in chunks by a worker and converted by a WebAssembly SIMD kernel; the page never freezes and the result downloads as a file.',
  },
  { title: 'Text encodings', text: 'UTF-8 handles every character; Latin-1 and ASCII encode the raw characters.' },
  {
    title: 'Validation',
    text: 'Whitespace is ignored. Valid Base64 has a length that is a multiple of 4, only letters, digits, + and /, and up to two trailing =.',
  },
  { title: 'URL-safe', text: 'The URL-safe alphabet (RFC 4648 section 5) uses - and _ and may leave out the padding.' },
];

/** Progress has its own subscription so per-chunk updates re-render only the bar. */
function FileProgress({ mode, onCancel }: { mode: Mode; onCancel: () => void }) {
  const progress = useBase64Store((st) => st.progress);
  if (!progress) return null;
  return (
    <Progress
      label={mode === 'encode' ? 'Encoding file' : 'Decoding file'}
      done={progress.done}
      total={progress.total}
      onCancel={onCancel}
    />
  );
}

export default function Base64Page() {
  usePermalink(useBase64Store, base64Link);
  // Everything but the progress figures (see FileProgress).
  const s = useBase64Store(useShallow(({ progress, ...rest }) => ({ ...rest, busy: progress !== null })));
  const { set } = s;
  const { convert, cancel, reset } = useConverter();
  const fileInput = useRef<HTMLInputElement>(null);
  const copyTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(copyTimer.current), []);

  // Auto-convert: 500 ms after the last change of input, mode, encoding, alphabet, file or the flag.
  useDebouncedEffect(
    () => void convert(false),
    [s.input, s.mode, s.encoding, s.alphabet, s.file, s.autoConvert],
    AUTO_CONVERT_MS,
    s.autoConvert && (s.input.trim() !== '' || s.file !== null),
  );

  // Validity: recomputed when input or mode changes; large inputs are checked in the worker.
  useEffect(() => {
    if (s.mode !== 'decode' || s.file) return;
    if (s.input.length <= SYNC_VALIDITY_LIMIT) {
      set({ isValid: isValidBase64(s.input, s.alphabet) });
      return;
    }
    // Large input: checked in the worker once typing pauses (cloning it per keystroke would cost).
    let live = true;
    const timer = setTimeout(() => {
      base64Worker.isValid(s.input, s.alphabet).then(
        (ok) => live && set({ isValid: ok }),
        () => undefined, // the worker was stopped (cancel, mode switch): a later change checks again
      );
    }, 300);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [s.input, s.mode, s.alphabet, s.file, set]);

  const switchMode = (mode: Mode) => {
    if (mode === s.mode) return;
    reset();
    set({ mode, ...CLEARED });
    if (fileInput.current) fileInput.current.value = '';
    trackToolUsage(tool.analyticsName, 'switch_mode', { mode });
  };

  const changeEncoding = (encoding: TextEncodingName) => {
    set({ encoding });
    // Spec: changing the text encoding re-converts existing input immediately. (A file's Base64
    // does not depend on the text encoding; its decoded preview does.)
    if (s.file ? s.mode === 'decode' : s.input.trim()) void convert();
  };

  const changeInput = (input: string) => {
    if (input.trim()) return set({ input });
    // Blank input: nothing to convert, and the old output no longer belongs to it.
    reset();
    set({ input, output: '', result: null, message: '' });
  };

  const clearAll = () => {
    reset();
    set({ ...CLEARED });
    if (fileInput.current) fileInput.current.value = '';
    trackToolUsage(tool.analyticsName, 'clear_all');
  };

  const chooseFile = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (file) openFile(file);
  };

  // A file dragged from the desktop onto the page is opened like a chosen one.
  const [dragOver, setDragOver] = useState(false);
  const onDragOver = (e: DragEvent) => {
    if (![...e.dataTransfer.types].includes('Files')) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'copy';
    setDragOver(true);
  };
  const onDrop = (e: DragEvent) => {
    setDragOver(false);
    const file = e.dataTransfer.files[0];
    if (!file) return;
    e.preventDefault();
    if (fileInput.current) fileInput.current.value = '';
    openFile(file);
  };

  const openFile = (file: File) => {
    reset();
    set({
      file,
      fileInfo: { name: file.name, type: file.type, size: file.size },
      output: '',
      result: null,
      message: '',
      isValid: false,
    });
    trackToolUsage(tool.analyticsName, 'file_upload', {
      mode: s.mode,
      file_type: fileTypeLabel(file.type),
      file_size: file.size,
    });
    if (!s.autoConvert) return;
    void convert();
  };

  const removeFile = () => {
    reset();
    set({ file: null, fileInfo: null, output: '', result: null, message: '', progress: null });
    if (fileInput.current) fileInput.current.value = '';
  };

  const loadExample = (id: string, text: string) => {
    reset();
    set({ input: text, output: '', message: '', result: null, file: null, fileInfo: null });
    if (fileInput.current) fileInput.current.value = '';
    trackToolUsage(tool.analyticsName, 'load_example', { mode: s.mode, example: id });
  };

  const showCopied = (message: string) => {
    set({ message });
    clearTimeout(copyTimer.current);
    copyTimer.current = setTimeout(() => {
      if (useBase64Store.getState().message === message) set({ message: '' });
    }, COPY_CONFIRM_MS);
  };

  const copyOutput = async (asDataUrl = false) => {
    const { result, output, mode, encoding, fileInfo } = useBase64Store.getState();
    if (!result) return;
    let text: string;
    if (asDataUrl) text = dataUrlPrefix(fileInfo?.type ?? '') + output;
    else if (!result.truncated) text = mode === 'encode' ? wrapLines(output) : output;
    else text = await base64Worker.copyText(result.blob, mode, encoding);
    const ok = await copyText(text);
    showCopied(ok ? COPIED_MESSAGE : 'Failed to copy to clipboard');
    if (ok)
      trackToolUsage(tool.analyticsName, 'copy_to_clipboard', {
        mode,
        output_length: text.length,
        data_url: asDataUrl,
      });
  };

  const download = () => {
    if (!s.result) return;
    const name = downloadName(s.mode, s.fileInfo);
    downloadBlob(name, s.result.blob);
    trackToolUsage(tool.analyticsName, 'download', {
      mode: s.mode,
      output_length: s.result.outputLength,
      file_name: name,
    });
  };

  const busy = s.busy;
  const inputLength = s.file ? s.file.size : s.input.length;
  const outputLength = s.result?.outputLength ?? s.output.length;
  const outputUnit = s.result?.outputUnit ?? 'characters';
  const copyable = !!s.result && s.result.blob.size <= COPY_LIMIT;
  const examples = examplesFor(s.mode);

  return (
    <ToolPage tool={tool} infoCards={infoCards}>
      <div
        className={`b64-drop${dragOver ? ' b64-drop-over' : ''}`}
        onDragOver={onDragOver}
        onDragLeave={(e) => e.currentTarget === e.target && setDragOver(false)}
        onDrop={onDrop}
      >
        <section className="panel b64-controls" aria-label="Options">
          <div className="row">
            <div className="b64-toggle" role="group" aria-label="Mode">
              {(['encode', 'decode'] as Mode[]).map((m) => (
                <button
                  key={m}
                  type="button"
                  className={s.mode === m ? 'primary' : ''}
                  aria-pressed={s.mode === m}
                  onClick={() => switchMode(m)}
                >
                  {m === 'encode' ? 'Encode' : 'Decode'}
                </button>
              ))}
            </div>
            <label className="b64-inline">
              Text encoding
              <select value={s.encoding} onChange={(e) => changeEncoding(e.target.value as TextEncodingName)}>
                {TEXT_ENCODINGS.map((enc) => (
                  <option key={enc} value={enc}>
                    {enc}
                  </option>
                ))}
              </select>
            </label>
            <label className="b64-inline">
              <input type="checkbox" checked={s.autoConvert} onChange={(e) => set({ autoConvert: e.target.checked })} />
              Auto-convert
            </label>
            <label className="b64-inline" title="RFC 4648 section 5: - and _ instead of + and /, padding optional">
              <input
                type="checkbox"
                checked={s.alphabet === 'url'}
                onChange={(e) => set({ alphabet: e.target.checked ? 'url' : 'standard' })}
              />
              URL-safe alphabet
            </label>
          </div>
          <div className="row b64-file-row">
            <label className="b64-inline">
              {s.mode === 'encode' ? 'Choose a file to encode' : 'Choose a Base64 file to decode'}
              <input ref={fileInput} type="file" onChange={chooseFile} />
            </label>
            <span className="b64-muted">or drop a file on the page</span>
            {s.fileInfo && (
              <div className="b64-file-info" aria-label="Selected file">
                <span>
                  <strong>Name:</strong> <span data-testid="file-name">{s.fileInfo.name}</span>
                </span>
                <span>
                  <strong>Type:</strong> <span data-testid="file-type">{fileTypeLabel(s.fileInfo.type)}</span>
                </span>
                <span>
                  <strong>Size:</strong> <span data-testid="file-size">{formatKB(s.fileInfo.size)}</span>
                </span>
                <button type="button" onClick={removeFile}>
                  Remove file
                </button>
              </div>
            )}
          </div>
          <div className="row">
            {!s.autoConvert && (
              <button type="button" className="primary" onClick={() => void convert()} disabled={busy}>
                Convert
              </button>
            )}
            <button type="button" onClick={clearAll}>
              Clear All
            </button>
          </div>
          <FileProgress mode={s.mode} onCancel={cancel} />
        </section>

        <section className="panel" aria-label="Examples">
          <div className="row">
            <span className="b64-muted">Examples:</span>
            {examples.map((ex) => (
              <button key={ex.id} type="button" onClick={() => loadExample(ex.id, ex.text)}>
                {ex.label}
              </button>
            ))}
          </div>
        </section>

        <div className="grid-2">
          <section className="panel">
            <div className="b64-area-head">
              <label htmlFor={s.file ? undefined : 'b64-input'}>
                {s.mode === 'encode' ? 'Text to encode' : 'Base64 to decode'}
              </label>
              {s.mode === 'decode' && !s.file && (
                <span className={`badge ${s.isValid ? 'badge-ok' : 'badge-bad'}`} data-testid="validity-badge">
                  {s.isValid ? 'Valid Base64' : 'Invalid Base64'}
                </span>
              )}
            </div>
            {s.file ? (
              <p className="b64-file-note">
                Converting the file <strong>{s.file.name}</strong> directly ({formatCount(s.file.size)} bytes). Remove
                the file to type text again.
              </p>
            ) : (
              <textarea
                id="b64-input"
                className="code b64-area"
                value={s.input}
                spellCheck={false}
                placeholder={s.mode === 'encode' ? 'Type or paste text to encode' : 'Paste Base64 to decode'}
                onChange={(e) => changeInput(e.target.value)}
              />
            )}
            <div className="b64-count" data-testid="input-count">
              {formatCount(inputLength)} {s.file ? 'bytes' : 'characters'}
            </div>
          </section>

          <section className="panel">
            <div className="b64-area-head">
              <label htmlFor="b64-output">{s.mode === 'encode' ? 'Base64 output' : 'Decoded output'}</label>
              <div className="row">
                <button
                  type="button"
                  onClick={() => void copyOutput()}
                  disabled={!copyable}
                  title={s.result && !copyable ? 'Too large for the clipboard: use Download' : undefined}
                >
                  Copy
                </button>
                {s.mode === 'encode' && s.file && s.result && !s.result.truncated && (
                  <button type="button" onClick={() => void copyOutput(true)}>
                    Copy as data URL
                  </button>
                )}
                <button type="button" onClick={download} disabled={!s.result}>
                  Download
                </button>
              </div>
            </div>
            <textarea
              id="b64-output"
              className={`code b64-area${s.result?.previewKind === 'hex' ? ' b64-hex' : ''}`}
              value={s.output}
              readOnly
              spellCheck={false}
              placeholder="Output appears here"
            />
            <div className="b64-count" data-testid="output-count">
              {formatCount(outputLength)} {outputUnit}
            </div>
            {s.result?.previewKind === 'hex' ? (
              <p className="b64-note" role="note" data-testid="preview-note">
                Binary data (not {s.encoding} text): showing a hex dump of the first {formatCount(HEX_PREVIEW_BYTES)} of{' '}
                {formatCount(s.result.blob.size)} bytes. Download for the full result.
              </p>
            ) : (
              s.result?.truncated && (
                <p className="b64-note" role="note" data-testid="preview-note">
                  Preview: showing the first {formatCount(PREVIEW_LIMIT)} {s.mode === 'encode' ? 'characters' : 'bytes'}{' '}
                  of {formatCount(s.result.outputLength)}. Download for the full result.
                </p>
              )
            )}
            {s.result?.lossy && s.result.previewKind === 'text' && (
              <p className="b64-note" role="note">
                Some decoded bytes are not {s.encoding} text and are shown approximately; Download gives the exact
                bytes.
              </p>
            )}
          </section>
        </div>

        <StatusLine text={s.message} />

        <section className="b64-stats" aria-label="Statistics">
          <div className="b64-stat">
            <span>Input characters</span>
            <strong data-testid="stat-input">{formatCount(inputLength)}</strong>
          </div>
          <div className="b64-stat">
            <span>Output characters</span>
            <strong data-testid="stat-output">{formatCount(outputLength)}</strong>
          </div>
          <div className="b64-stat">
            <span>Size ratio</span>
            <strong data-testid="stat-ratio">{sizeRatio(inputLength, outputLength)}</strong>
          </div>
          <div className="b64-stat">
            <span>Valid Base64</span>
            <strong data-testid="stat-valid">{s.isValid ? 'Yes' : 'No'}</strong>
          </div>
        </section>
      </div>
    </ToolPage>
  );
}
