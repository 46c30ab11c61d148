/** The sample rows: format, message (or codeword) as text or a file, its CRC; add and remove. */
import { Select, TextField, emptyAsChooserOpens } from '../../../components/fields';
import type { FieldError, SampleFormat } from '../../../core/crc/identify';
import { useIdentifyStore, type SampleRow } from './store';
import { changeThenFocus, removeKeepingFocus } from '../../../components/focus';

const FORMATS: { value: SampleFormat; label: string }[] = [
  { value: 'hex', label: 'Hex' },
  { value: 'ascii', label: 'ASCII' },
  { value: 'file', label: 'File' },
  { value: 'bits', label: 'Bits' },
];

const KIND: Record<Exclude<SampleFormat, 'file'>, { label: string; placeholder: string }> = {
  hex: { label: 'hex', placeholder: '01 03 00 00 00 0a' },
  ascii: { label: 'ASCII', placeholder: '123456789' },
  bits: { label: 'bits', placeholder: '0_00100000000_0_0_0_0000' },
};

function Row({ row, index, errors }: { row: SampleRow; index: number; errors: FieldError[] }) {
  const { mode, rows, updateRow, removeRow } = useIdentifyStore();
  const n = index + 1;
  const what = mode === 'codeword' ? 'Codeword' : 'Message';
  const bad = (f: string) => errors.some((e) => e.field === `samples.${index}.${f}`);
  return (
    <li className="crcid-row">
      <Select
        id={`crcid-format-${row.id}`}
        aria-label={`Sample ${n} format`}
        value={row.format}
        options={FORMATS}
        // Leaving File drops the file: its field comes back empty, and the old name and bytes came
        // back with it (shown, and searched) until 2026-12-01.
        onChange={(format) => updateRow(row.id, { format, file: undefined })}
      />
      {row.format === 'file' ? (
        <label className="field crcid-message">
          {`${what} ${n} file`}
          <input
            type="file"
            aria-invalid={bad('file')}
            onClick={emptyAsChooserOpens} // a file saved again and chosen again kept its old bytes
            onChange={(e) => {
              const f = e.target.files?.[0];
              if (f)
                void f
                  .arrayBuffer()
                  .then((b) => updateRow(row.id, { file: { name: f.name, bytes: new Uint8Array(b) } }));
            }}
          />
          {row.file && <span className="field-hint">{`${row.file.name}: ${row.file.bytes.length} bytes`}</span>}
        </label>
      ) : (
        <TextField
          id={`crcid-message-${row.id}`}
          className="crcid-message"
          inputClassName="mono"
          label={`${what} ${n} (${KIND[row.format].label})`}
          value={row.message}
          invalid={bad('message')}
          spellCheck={false}
          placeholder={KIND[row.format].placeholder}
          onChange={(message) => updateRow(row.id, { message })}
        />
      )}
      {mode === 'message' && (
        <TextField
          id={`crcid-crc-${row.id}`}
          className="crcid-crc"
          inputClassName="mono"
          label={row.format === 'bits' ? `CRC ${n} (hex, or 0b and bits as sent)` : `CRC ${n} (hex)`}
          value={row.crc}
          invalid={bad('crc')}
          spellCheck={false}
          placeholder={row.format === 'bits' ? '0b011100000001010' : '0xCBF43926'}
          onChange={(crc) => updateRow(row.id, { crc })}
        />
      )}
      <button
        type="button"
        className="crcid-remove"
        aria-label={`Remove sample ${n}`}
        disabled={rows.length <= 2}
        // The row goes with the focused button: focus goes to the next row's Remove, else (two rows
        // are the least, their Remove disabled) to Add sample, not back to the start of the page.
        onClick={(e) =>
          removeKeepingFocus(e.currentTarget, () => removeRow(row.id), {
            scope: 'section',
            controls: '.crcid-remove',
            fallback: (scope) => scope.querySelector<HTMLElement>('.crcid-add'),
          })
        }
      >
        Remove
      </button>
    </li>
  );
}

export function SampleRows({ errors }: { errors: FieldError[] }) {
  const { rows, addRow } = useIdentifyStore();
  return (
    <>
      <ol className="crcid-rows" aria-label="Samples">
        {rows.map((r, i) => (
          <Row key={r.id} row={r} index={i} errors={errors} />
        ))}
      </ol>
      {/* The new row's first field takes the focus, so the keyboard goes on there. */}
      <button
        type="button"
        className="crcid-add"
        onClick={() =>
          changeThenFocus(addRow, () =>
            document.getElementById(`crcid-format-${useIdentifyStore.getState().rows.at(-1)?.id}`),
          )
        }
      >
        Add sample
      </button>
    </>
  );
}
