import { useEffect, useRef, useState } from 'react';
import { Select } from '../../components/fields';
import { parseSize } from './logic';

const CUSTOM = 'custom';

/**
 * Data width or FIFO depth: a select of the spec's sizes plus "Custom…", which opens a number
 * field for any size in the range. A value that is not in the list keeps the number field open.
 */
export function SizeField({
  id,
  label,
  customLabel,
  unit,
  value,
  options,
  range,
  invalid,
  describedBy,
  onChange,
}: {
  id: string;
  label: string;
  /** Label of the number field; it must not contain `label`, so tests find each field by its own. */
  customLabel: string;
  unit: string;
  value: number;
  options: readonly number[];
  range: { min: number; max: number };
  invalid: boolean;
  /** The id of the message an invalid size is described by. */
  describedBy?: string;
  onChange: (v: number) => void;
}) {
  // The custom field is open for a value that is not in the list, or for the value it last sent
  // (so typing 64 does not close it). The page remounts the field on a preset, closing it.
  const [customFor, setCustomFor] = useState<number | null>(null);
  const custom = !options.includes(value) || Object.is(customFor, value);
  // The typed text ('' or '1e3' are not numbers the config can hold), shown while the config
  // still holds the value it produced.
  const [draft, setDraft] = useState({ text: String(value), value });
  const text = Object.is(draft.value, value) ? draft.text : String(value);
  const input = useRef<HTMLInputElement>(null);
  const focusInput = useRef(false);
  // A key held on the closed select: its arrows step through the sizes, and reaching Custom… that
  // way must leave the focus there (in the number box the next ArrowUp would make 256 bits 257).
  const keyOnSelect = useRef(false);

  useEffect(() => {
    if (custom && focusInput.current) input.current?.focus();
    focusInput.current = false;
  }, [custom]);

  const choose = (choice: string) => {
    if (choice === CUSTOM) {
      focusInput.current = !keyOnSelect.current;
      setCustomFor(value);
      return;
    }
    setCustomFor(null);
    onChange(Number(choice));
  };

  const type = (typed: string) => {
    const v = parseSize(typed);
    setDraft({ text: typed, value: v });
    setCustomFor(v);
    onChange(v);
  };

  return (
    <div
      className="field fifo-size"
      onKeyDown={(e) => (keyOnSelect.current = e.target instanceof HTMLSelectElement)}
      onKeyUp={() => (keyOnSelect.current = false)}
    >
      <label htmlFor={id}>{label}</label>
      <Select
        id={id}
        value={custom ? CUSTOM : String(value)}
        options={[
          ...options.map((o) => ({ value: String(o), label: `${o} ${unit}` })),
          { value: CUSTOM, label: 'Custom…' },
        ]}
        onChange={choose}
      />
      {custom && (
        <>
          <label htmlFor={`${id}-custom`}>{customLabel}</label>
          <input
            ref={input}
            id={`${id}-custom`}
            type="number"
            min={range.min}
            max={range.max}
            step={1}
            inputMode="numeric"
            value={text}
            aria-invalid={invalid}
            aria-describedby={invalid ? describedBy : undefined}
            onChange={(e) => type(e.target.value)}
          />
        </>
      )}
    </div>
  );
}
