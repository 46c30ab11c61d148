/** The Base64 page's input and output panes and its statistics. */
import { HEX_PREVIEW_BYTES } from '../../core/base64/convert';
import { LONG_TEXT_CHARS, onLongPaste } from '../../browser/long-paste';
import { textHead } from '../../browser/text-head';
import { count } from '../../core/count';
import {
  CANCELLED_MESSAGE,
  COPY_LIMIT,
  INPUT_PREVIEW_LINES,
  PREVIEW_LIMIT,
  SYNC_VALIDITY_LIMIT,
  otherAlphabet,
  sizeRatio,
} from './logic';
import { INVALID_BASE64 } from '../../core/base64/messages';
import type { Alphabet } from '../../core/base64/kernel';
import { invalidInputProps, isErrorStatus } from '../../components/StatusLine';
import type { Base64View } from './store';
import { changeThenFocus } from '../../components/focus';

/** The text input's id: the Remove buttons, which go with what they remove, focus it. */
export const INPUT_ID = 'b64-input';

export function InputPane({ s, onInput }: { s: Base64View; onInput(text: string): void }) {
  // Text too long for the textarea: its beginning is shown, read-only (see long-paste.ts).
  const long = !s.file && s.input.length > LONG_TEXT_CHARS;
  return (
    <section className="panel">
      <div className="b64-area-head">
        <label htmlFor={s.file ? undefined : INPUT_ID}>
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
          Converting the file <strong>{s.file.name}</strong> directly ({count(s.file.size)} bytes). Remove the file to
          type text again.
        </p>
      ) : (
        <textarea
          id={INPUT_ID}
          className="code b64-area"
          value={long ? textHead(s.input, INPUT_PREVIEW_LINES, PREVIEW_LIMIT) : s.input}
          readOnly={long}
          spellCheck={false}
          placeholder={s.mode === 'encode' ? 'Type or paste text to encode' : 'Paste Base64 to decode'}
          {...invalidInputProps(isErrorStatus(s.message) && s.message !== CANCELLED_MESSAGE)}
          onChange={(e) => onInput(e.target.value)}
          onPaste={onLongPaste(onInput)}
        />
      )}
      {long && (
        <p className="b64-long-note" role="note">
          The text is large ({count(s.input.length)} characters): only its start is shown.{' '}
          <button type="button" onClick={() => changeThenFocus(() => onInput(''), INPUT_ID)}>
            Remove text
          </button>
        </p>
      )}
      <div className="b64-count" data-testid="input-count">
        {countOf(inputLength(s), s.file ? 'bytes' : 'characters')}
      </div>
    </section>
  );
}

/** '1 byte', '2 bytes': the unit in the singular for one. */
const countOf = (n: number, unit: 'bytes' | 'characters') => `${count(n)} ${n === 1 ? unit.slice(0, -1) : unit}`;

const inputLength = (s: Base64View) => (s.file ? s.file.size : s.input.length);
const outputLength = (s: Base64View) => s.result?.outputLength ?? s.output.length;

export function OutputPane({
  s,
  onCopy,
  onDownload,
}: {
  s: Base64View;
  onCopy(asDataUrl?: boolean): void;
  onDownload(): void;
}) {
  const copyable = !!s.result && s.result.blob.size <= COPY_LIMIT;
  return (
    <section className="panel">
      <div className="b64-area-head">
        <label htmlFor="b64-output">{s.mode === 'encode' ? 'Base64 output' : 'Decoded output'}</label>
        <div className="row">
          <button
            type="button"
            onClick={() => onCopy()}
            disabled={!copyable}
            title={s.result && !copyable ? 'Too large for the clipboard: use Download' : undefined}
          >
            Copy
          </button>
          {s.mode === 'encode' && s.file && copyable && (
            <button type="button" onClick={() => onCopy(true)}>
              Copy as data URL
            </button>
          )}
          <button type="button" onClick={onDownload} disabled={!s.result}>
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
        {countOf(outputLength(s), s.result?.outputUnit ?? 'characters')}
      </div>
      {s.result?.previewKind === 'hex' ? (
        <p className="b64-note" role="note" data-testid="preview-note">
          Binary data (not {s.encoding} text): showing a hex dump of the first {count(HEX_PREVIEW_BYTES)} of{' '}
          {count(s.result.blob.size)} bytes. Download for the full result.
        </p>
      ) : (
        s.result?.truncated && (
          <p className="b64-note" role="note" data-testid="preview-note">
            Preview: showing the first {count(PREVIEW_LIMIT)} {s.mode === 'encode' ? 'characters' : 'bytes'} of{' '}
            {count(s.result.outputLength)}. Download for the full result.
          </p>
        )
      )}
      {s.result?.bom && (
        <p className="b64-note" role="note" data-testid="bom-note">
          The decoded text starts with a byte order mark (U+FEFF), invisible above; Copy and Download keep it.
        </p>
      )}
      {s.result?.lossy && s.result.previewKind === 'text' && (
        <p className="b64-note" role="note">
          Some decoded bytes are not {s.encoding} text and are shown approximately; Download gives the exact bytes.
        </p>
      )}
    </section>
  );
}

export function Stats({ s }: { s: Base64View }) {
  const stats: [string, string, string][] = [
    ['Input characters', 'stat-input', count(inputLength(s))],
    ['Output characters', 'stat-output', count(outputLength(s))],
    ['Size ratio', 'stat-ratio', sizeRatio(inputLength(s), outputLength(s))],
    ['Valid Base64', 'stat-valid', s.isValid ? 'Yes' : 'No'],
  ];
  return (
    <section className="b64-stats" aria-label="Statistics">
      {stats.map(([label, id, value]) => (
        <div className="b64-stat" key={id}>
          <span>{label}</span>
          <strong data-testid={id}>{value}</strong>
        </div>
      ))}
    </section>
  );
}

/**
 * Under the spec's "Invalid Base64 string": the text is Base64 in the other alphabet (a URL-safe
 * token with - or _ pasted while the option is off, or the reverse), with a button to switch. The
 * region is always there (empty without a hint), so a screen reader hears the hint when it comes.
 */
export function AlphabetHint({ s, onAlphabet }: { s: Base64View; onAlphabet(alphabet: Alphabet): void }) {
  const other =
    s.mode === 'decode' && !s.file && s.message === INVALID_BASE64 && s.input.length <= SYNC_VALIDITY_LIMIT
      ? otherAlphabet(s.input, s.alphabet)
      : null;
  return (
    <p className="field-hint b64-alphabet-hint" role="status" data-testid="alphabet-hint">
      {other && (
        <>
          {other === 'url'
            ? 'It has - or _: it looks like URL-safe Base64 (RFC 4648 section 5).'
            : 'It has + or /: it looks like standard Base64.'}{' '}
          <button type="button" onClick={() => changeThenFocus(() => onAlphabet(other), INPUT_ID)}>
            {other === 'url' ? 'Use the URL-safe alphabet' : 'Use the standard alphabet'}
          </button>
        </>
      )}
    </p>
  );
}
