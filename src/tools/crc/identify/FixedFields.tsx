/** Parameters the user already knows: each narrows the search; blank or "Search" means unknown. */
import { SelectField, TextField } from '../../../components/fields';
import type { FieldError, FixedInput } from '../../../core/crc/identify';
import { useIdentifyStore } from './store';

const YES_NO = [
  { value: '', label: 'Search' },
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
] as const;

export function FixedFields({ errors }: { errors: FieldError[] }) {
  const { fixed, mode, setFixed } = useIdentifyStore();
  const bad = (k: keyof FixedInput) => errors.some((e) => e.field === `fixed.${k}`);
  const text = (k: 'width' | 'poly' | 'init' | 'xorout', label: string, placeholder: string) => (
    <TextField
      id={`crcid-fixed-${k}`}
      label={label}
      inputClassName="mono"
      value={fixed[k]}
      invalid={bad(k)}
      placeholder={placeholder}
      onChange={(v) => setFixed(k, v)}
    />
  );
  return (
    <fieldset className="crcid-fixed">
      <legend>Known parameters (optional)</legend>
      {text('width', 'Width (bits)', mode === 'codeword' ? '1..64' : 'from the CRC digits')}
      {text('poly', 'Polynomial (hex)', '0x04C11DB7')}
      {text('init', 'Init (hex)', 'any')}
      {text('xorout', 'XorOut (hex)', 'any')}
      <SelectField
        id="crcid-fixed-refin"
        label="Reflect input"
        value={fixed.refin}
        options={YES_NO}
        onChange={(v) => setFixed('refin', v)}
      />
      <SelectField
        id="crcid-fixed-refout"
        label="Reflect output"
        value={fixed.refout}
        options={YES_NO}
        onChange={(v) => setFixed('refout', v)}
      />
      {mode === 'codeword' && (
        <SelectField
          id="crcid-fixed-order"
          label="CRC byte order"
          value={fixed.byteOrder}
          options={[
            { value: '', label: 'Search' },
            { value: 'big', label: 'Big-endian' },
            { value: 'little', label: 'Little-endian' },
          ]}
          onChange={(v) => setFixed('byteOrder', v)}
        />
      )}
    </fieldset>
  );
}
