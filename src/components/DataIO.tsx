/** Input and output areas shared by the three data tools (JSON formatter, JSON/YAML, CSV/JSON). */
import { useEffect, useRef, useState } from 'react';
import { FileDrop } from './FileDrop';
import { CopyButton } from './CopyButton';
import { Progress } from './Progress';
import { downloadBlob } from '../browser/download';
import { WORKER_THRESHOLD, PREVIEW_CHARS, PREVIEW_LINES } from '../core/data/limits';
import { textHead } from '../browser/text-head';
import { decodeUtf8, type NotUtf8 } from '../core/data/utf8';
import { dataWorker } from '../workers/data/client';
import { LONG_TEXT_CHARS, onLongPaste } from '../browser/long-paste';
import type { JobResult } from '../core/data/jobs';
import type { TextPosition } from '../core/data/position';
import { invalidInputProps } from './StatusLine';
import { changeThenFocus } from './focus';
import { count } from '../core/count';
import './data-io.css';

/** What a textarea shows of a text (see PREVIEW_LINES). */
const shown = (text: string) => textHead(text, PREVIEW_LINES, PREVIEW_CHARS);

/**
 * What the user gave: typed or pasted text (over LONG_TEXT_CHARS, the textarea shows only its
 * beginning), or a file too big to put in a textarea.
 */
export interface DataInput {
  text: string;
  file: File | null;
}

/**
 * Reads small files into the text; keeps big ones as a File for the worker (which checks them).
 * A file that is not UTF-8 text gives where it stops being UTF-8: read anyway, its letters would
 * have become U+FFFD without a word.
 */
export async function inputFromFile(file: File): Promise<DataInput | NotUtf8> {
  if (file.size > WORKER_THRESHOLD) return (await dataWorker.firstNotUtf8(file)) ?? { text: '', file };
  const r = decodeUtf8(new Uint8Array(await file.arrayBuffer()));
  return 'text' in r ? { text: r.text, file: null } : r.notUtf8;
}

function useFilePreview(file: File | null): string {
  // Kept with its file, so a new file shows nothing until its own preview is read.
  const [preview, setPreview] = useState<{ file: File; text: string } | null>(null);
  useEffect(() => {
    let live = true;
    file
      ?.slice(0, PREVIEW_CHARS)
      .text()
      .then((text) => live && setPreview({ file, text: shown(text) }));
    return () => {
      live = false;
    };
  }, [file]);
  return preview && preview.file === file ? preview.text : '';
}

/**
 * The preview of a result, shown once the browser holds all of its output Blob (at once when there
 * is none). The worker's Blob keeps reaching the browser for a while after the answer; laying out
 * the preview (~17 ms) in that window competed with it for the two cores and stretched to tasks of
 * 60-73 ms wall clock (issue 29). The status and the size show at once, the preview a moment later.
 */
function useSettledPreview(result: JobResult | null): string {
  const blob = result?.outputBlob;
  const [settled, setSettled] = useState<Blob | null>(null);
  useEffect(() => {
    if (!blob) return;
    let live = true;
    const show = () => live && setSettled(blob);
    // Reading a byte of a Blob waits until the browser has all of it.
    blob
      .slice(Math.max(0, blob.size - 1))
      .arrayBuffer()
      .then(show, show);
    return () => {
      live = false;
    };
  }, [blob]);
  const text = result?.ok ? shown(result.preview) : '';
  return !blob || settled === blob ? text : '';
}

/**
 * The offset in the textarea of `offset` in `text`: the textarea holds each CR LF as one LF (HTML's
 * newline normalisation), while a file's text keeps them; until 2026-11-30 the error selected in a
 * CRLF file was one character further per line above it.
 */
function offsetInTextarea(text: string, offset: number): number {
  let crlf = 0;
  for (let i = text.indexOf('\r\n'); i !== -1 && i < offset; i = text.indexOf('\r\n', i + 2)) crlf++;
  return offset - crlf;
}

/** Selects the character at the error and scrolls it into the middle of the textarea. */
function markPosition(ta: HTMLTextAreaElement, text: string, p: TextPosition) {
  const start = Math.min(offsetInTextarea(text, p.offset), ta.value.length);
  ta.focus({ preventScroll: true });
  ta.setSelectionRange(start, Math.min(ta.value.length, start + 1));
  const lineHeight = parseFloat(getComputedStyle(ta).lineHeight) || 18;
  ta.scrollTop = Math.max(0, (p.line - 1) * lineHeight - ta.clientHeight / 2);
}

export function InputArea({
  id,
  label,
  input,
  onText,
  onFile,
  onClearFile,
  onSubmit,
  errorPosition,
  invalid = false,
  placeholder,
  accept,
}: {
  id: string;
  label: string;
  input: DataInput;
  onText: (text: string) => void;
  onFile: (file: File) => void;
  onClearFile: () => void;
  /** Ctrl+Enter (Cmd+Enter) in the input runs the page's main action. */
  onSubmit?: () => void;
  errorPosition?: TextPosition;
  /** The status line reports an error on this input: marked invalid and described by the line. */
  invalid?: boolean;
  placeholder?: string;
  accept?: string;
}) {
  const ta = useRef<HTMLTextAreaElement>(null);
  // The Remove button goes with the file or text: the focus moves to the input, not to <body>.
  const clearKeepingFocus = () => changeThenFocus(onClearFile, () => ta.current);
  const preview = useFilePreview(input.file);
  const file = input.file;
  // Text the textarea shows whole (long text and files show their beginning, read-only).
  const whole = !file && input.text.length <= LONG_TEXT_CHARS;
  useEffect(() => {
    if (errorPosition && ta.current && whole) markPosition(ta.current, input.text, errorPosition);
    // Only a new error moves the selection, not an edit of the text.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [errorPosition, whole]);
  return (
    <div className="data-area">
      <div className="data-area-head">
        <label htmlFor={id}>{label}</label>
        <span className="char-count" data-testid={`${id}-count`}>
          {file ? `${count(file.size)} bytes (file ${file.name})` : `${count(input.text.length)} characters`}
        </span>
      </div>
      <FileDrop onFile={onFile} accept={accept}>
        <textarea
          id={id}
          ref={ta}
          className="code data-text"
          spellCheck={false}
          value={file ? preview : whole ? input.text : shown(input.text)}
          readOnly={!whole}
          placeholder={placeholder}
          {...invalidInputProps(invalid || !!errorPosition)}
          onChange={(e) => onText(e.currentTarget.value)}
          onPaste={onLongPaste(onText)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && onSubmit) {
              e.preventDefault();
              onSubmit();
            }
          }}
          aria-keyshortcuts={onSubmit ? 'Control+Enter' : undefined}
        />
      </FileDrop>
      {file && (
        <p className="data-note" role="note">
          {file.name} is large ({count(file.size)} bytes): it is converted in the background and only its start is
          shown.{' '}
          <button type="button" onClick={clearKeepingFocus}>
            Remove file
          </button>
        </p>
      )}
      {!file && !whole && (
        <p className="data-note" role="note">
          The text is large ({count(input.text.length)} characters): it is converted in the background and only its
          start is shown.{' '}
          <button type="button" onClick={clearKeepingFocus}>
            Remove text
          </button>
        </p>
      )}
      {errorPosition && whole && (
        <p className="data-error-mark">
          Error at line {errorPosition.line}, column {errorPosition.column}.{' '}
          <button type="button" onClick={() => ta.current && markPosition(ta.current, input.text, errorPosition)}>
            Show error position
          </button>
        </p>
      )}
    </div>
  );
}

export function OutputArea({
  id,
  label,
  result,
  downloadName,
  downloadType,
  onCopied,
}: {
  id: string;
  label: string;
  result: JobResult | null;
  downloadName: string;
  downloadType: string;
  onCopied?: () => void;
}) {
  const full = result?.output ?? '';
  const big = !!result?.outputBlob;
  const length = result?.ok ? result.outputLength : 0;
  const text = useSettledPreview(result);
  const download = () => {
    if (result?.outputBlob) downloadBlob(downloadName, result.outputBlob);
    else downloadBlob(downloadName, full, downloadType);
  };
  return (
    <div className="data-area">
      <div className="data-area-head">
        <label htmlFor={id}>{label}</label>
        <span className="char-count" data-testid={`${id}-count`}>
          {count(length)} characters
        </span>
      </div>
      <textarea id={id} className="code data-text" readOnly spellCheck={false} value={text} />
      <div className="row">
        <CopyButton text={full} disabled={!full} onCopied={onCopied} />
        <button type="button" disabled={!length} onClick={download}>
          Download
        </button>
      </div>
      {big ? (
        <p className="data-note" role="note">
          The output is too large to show or copy ({count(length)} characters); only its beginning is shown. Use
          Download to save all of it.
        </p>
      ) : (
        text.length < full.length && (
          <p className="data-note" role="note">
            Only the beginning of the output is shown ({count(text.length)} of {count(length)} characters); Copy and
            Download give all of it.
          </p>
        )
      )}
    </div>
  );
}

export function BusyProgress({
  busy,
  progress,
  onCancel,
  label,
}: {
  busy: boolean;
  progress: number;
  onCancel: () => void;
  label: string;
}) {
  return busy ? <Progress label={label} done={progress} total={1000} onCancel={onCancel} /> : null;
}
