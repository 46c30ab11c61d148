import type { HTMLAttributes } from 'react';
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

/** A labelled text input (`type` text by default, or search). */
export function TextField({
  id,
  label,
  className,
  children,
  type,
  value,
  onChange,
  invalid,
  inputClassName,
  placeholder,
  spellCheck,
  'aria-describedby': describedBy,
}: FieldProps & InputProps & { type?: 'text' | 'search'; spellCheck?: boolean }) {
  const control = (
    <input
      id={id}
      type={type}
      className={inputClassName}
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

/** A labelled number input; `onChange` gets the text, the page decides what it means. */
export function NumberField({
  id,
  label,
  className,
  children,
  min,
  max,
  step,
  inputMode,
  value,
  onChange,
  invalid,
  inputClassName,
  placeholder,
  'aria-describedby': describedBy,
}: FieldProps &
  InputProps & {
    min?: number;
    max?: number;
    step?: number;
    inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  }) {
  const control = (
    <input
      id={id}
      type="number"
      className={inputClassName}
      min={min}
      max={max}
      step={step}
      inputMode={inputMode}
      value={value}
      placeholder={placeholder}
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
