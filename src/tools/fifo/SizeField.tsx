import { useEffect, useRef, useState } from 'react';
import { parseSize } from './logic';

const CUSTOM = 'custom';

/**
 * Data width or FIFO depth: a select of the spec's sizes plus "Custom…", which opens a number
 * field for any size in the range. A value that is not in the list keeps the number field open.
 */
export function SizeField({ id, label, customLabel, unit, value, options, range, invalid, onChange }: {
  id: string;
  label: string;
  /** Label of the number field; it must not contain `label`, so tests find each field by its own. */
  customLabel: string;
  unit: string;
  value: number;
  options: readonly number[];
  range: { min: number; max: number };
  invalid: boolean;
  onChange: (v: number) => void;
}) {
  const listed = options.includes(value);
  const [customChosen, setCustomChosen] = useState(!listed);
  const custom = customChosen || !listed;
  // The number field keeps the typed text ('' or '1e3' are not numbers the config can hold).
  const [text, setText] = useState(String(value));
  const sent = useRef(value);
  const input = useRef<HTMLInputElement>(null);
  const focusInput = useRef(false);

  const send = (v: number) => {
    sent.current = v;
    onChange(v);
  };

  // A value set elsewhere (a preset) replaces the text; a listed one closes the number field.
  useEffect(() => {
    if (Object.is(value, sent.current)) return;
    sent.current = value;
    setText(String(value));
    if (options.includes(value)) setCustomChosen(false);
  }, [value, options]);

  useEffect(() => {
    if (custom && focusInput.current) input.current?.focus();
    focusInput.current = false;
  }, [custom]);

  const choose = (choice: string) => {
    if (choice === CUSTOM) {
      focusInput.current = true;
      setCustomChosen(true);
      return;
    }
    setCustomChosen(false);
    setText(choice);
    send(Number(choice));
  };

  return (
    <div className="field fifo-size">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={custom ? CUSTOM : String(value)} onChange={(e) => choose(e.target.value)}>
        {options.map((o) => <option key={o} value={String(o)}>{`${o} ${unit}`}</option>)}
        <option value={CUSTOM}>Custom…</option>
      </select>
      {custom && (
        <>
          <label htmlFor={`${id}-custom`}>{customLabel}</label>
          <input ref={input} id={`${id}-custom`} type="number" min={range.min} max={range.max} step={1}
            inputMode="numeric" value={text} aria-invalid={invalid}
            onChange={(e) => {
              setText(e.target.value);
              send(parseSize(e.target.value));
            }} />
        </>
      )}
    </div>
  );
}
