/** The Base64 page's options panel: mode, text encoding, auto-convert, alphabet, the file field, Convert and Clear All. */
import type { ChangeEvent, Ref } from 'react';
import { Progress } from '../../components/Progress';
import { CheckboxField, Select, emptyAsChooserOpens } from '../../components/fields';
import type { Mode } from '../../core/base64/convert';
import { TEXT_ENCODINGS, type TextEncodingName } from '../../core/base64/text';
import { fileTypeLabel, formatKB } from './logic';
import { useBase64Store, type Base64View } from './store';
import { BusyButton } from '../../components/BusyButton';
import { changeThenFocus } from '../../components/focus';
import { INPUT_ID } from './Panes';

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

export function OptionsPanel({
  s,
  fileInput,
  onMode,
  onEncoding,
  onFile,
  onRemoveFile,
  onConvert,
  onClearAll,
  onCancel,
}: {
  s: Base64View;
  fileInput: Ref<HTMLInputElement>;
  onMode(mode: Mode): void;
  onEncoding(encoding: TextEncodingName): void;
  onFile(file: File): void;
  onRemoveFile(): void;
  onConvert(): void;
  onClearAll(): void;
  onCancel(): void;
}) {
  const chooseFile = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (file) onFile(file);
  };
  return (
    <section className="panel b64-controls" aria-label="Options">
      <div className="row">
        <div className="b64-toggle" role="group" aria-label="Mode">
          {(['encode', 'decode'] as Mode[]).map((m) => (
            <button
              key={m}
              type="button"
              className={s.mode === m ? 'primary' : ''}
              aria-pressed={s.mode === m}
              onClick={() => onMode(m)}
            >
              {m === 'encode' ? 'Encode' : 'Decode'}
            </button>
          ))}
        </div>
        <label className="b64-inline">
          Text encoding
          <Select<TextEncodingName> value={s.encoding} options={TEXT_ENCODINGS} onChange={onEncoding} />
        </label>
        <CheckboxField
          className="b64-inline"
          label="Auto-convert"
          checked={s.autoConvert}
          onChange={(autoConvert) => s.set({ autoConvert })}
        />
        <label className="b64-inline" title="RFC 4648 section 5: - and _ instead of + and /, padding optional">
          <input
            type="checkbox"
            checked={s.alphabet === 'url'}
            onChange={(e) => s.set({ alphabet: e.target.checked ? 'url' : 'standard' })}
          />
          URL-safe alphabet
        </label>
      </div>
      <div className="row b64-file-row">
        <label className="b64-inline">
          {s.mode === 'encode' ? 'Choose a file to encode' : 'Choose a Base64 file to decode'}
          <input ref={fileInput} type="file" onClick={emptyAsChooserOpens} onChange={chooseFile} />
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
            <button type="button" onClick={() => changeThenFocus(onRemoveFile, INPUT_ID)}>
              Remove file
            </button>
          </div>
        )}
      </div>
      <div className="row">
        {!s.autoConvert && (
          <BusyButton className="primary" onClick={onConvert} busy={s.busy}>
            Convert
          </BusyButton>
        )}
        <button type="button" onClick={onClearAll}>
          Clear All
        </button>
      </div>
      <FileProgress mode={s.mode} onCancel={onCancel} />
    </section>
  );
}
