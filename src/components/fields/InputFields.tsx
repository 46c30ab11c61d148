import type { HTMLAttributes, MouseEvent } from 'react';
import { Field, type FieldProps } from './Field';

interface InputProps {
  /** What the user typed: kept as text so a half-typed value is never lost. */
  value: string | number;
  onChange(text: string): void;
  /** Sets aria-invalid (true or false) when given. */
  invalid?: boolean;
  /** Class of the input itself (e.g. `mono`). */
  inputClassName?: string;
  placeholder?: string;
  'aria-describedby'?: string;
}

interface NumberProps {
  min?: number;
  max?: number;
  step?: number;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
}

type AnyInputProps = FieldProps &
  InputProps &
  NumberProps & { type?: 'text' | 'search' | 'number'; spellCheck?: boolean };

/** The labelled input behind TextField and NumberField (attributes left out when not given). */
function InputField({
  label,
  className,
  children,
  inputClassName,
  invalid,
  onChange,
  'aria-describedby': describedBy,
  ...input
}: AnyInputProps) {
  const { id, type, min, max, step, inputMode, value, placeholder, spellCheck } = input;
  const control = (
    <input
      id={id}
      type={type}
      className={inputClassName}
      min={min}
      max={max}
      step={step}
      inputMode={inputMode}
      value={value}
      placeholder={placeholder}
      spellCheck={spellCheck}
      aria-invalid={invalid}
      aria-describedby={describedBy}
      onChange={(e) => onChange(e.target.value)}
    />
  );
  return (
    <Field id={id} label={label} className={className} control={control}>
      {children}
    </Field>
  );
}

/** A labelled text input (`type` text by default, or search). */
export function TextField(p: FieldProps & InputProps & { type?: 'text' | 'search'; spellCheck?: boolean }) {
  return <InputField {...p} />;
}

/** A labelled number input; `onChange` gets the text, the page decides what it means. */
export function NumberField(p: FieldProps & InputProps & NumberProps) {
  return <InputField {...p} type="number" />;
}

/**
 * A file input's onClick: empties it as its chooser opens. The browser fires no change for the file
 * the field already holds, so the same file chosen again (after a Cancel, or saved again on disk)
 * did nothing; emptied once taken instead, the field read "No file chosen" beside the page's file.
 */
export function emptyAsChooserOpens(e: MouseEvent<HTMLInputElement>): void {
  e.currentTarget.value = '';
}
