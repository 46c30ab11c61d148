import type { ReactNode } from 'react';
import { Field, type FieldProps } from './Field';

/** An option with its own text. */
export interface SelectOption<T> {
  value: T;
  label: ReactNode;
}

/** Plain values (shown through `format`) or value/label pairs. */
export type SelectOptions<T> = readonly T[] | readonly SelectOption<T>[];

/** A labelled group of options (`<optgroup>`), shown after the plain options. */
export interface SelectGroup<T> {
  label: string;
  options: SelectOptions<T>;
}

export type SelectValue = string | number;

export interface SelectProps<T extends SelectValue> {
  id?: string;
  value: T;
  options: SelectOptions<T>;
  groups?: readonly SelectGroup<T>[];
  /** Text of a plain option (default String). */
  format?: (value: T) => ReactNode;
  onChange(value: T): void;
  className?: string;
  /** Only for a select without a visible label (a row of a table): its accessible name. */
  'aria-label'?: string;
  'aria-describedby'?: string;
  /** Sets aria-invalid (true or false) when given: the value is one the form refuses. */
  invalid?: boolean;
  disabled?: boolean;
}

const isOption = <T,>(o: T | SelectOption<T>): o is SelectOption<T> => typeof o === 'object' && o !== null;

function normalise<T extends SelectValue>(options: SelectOptions<T>, format: (v: T) => ReactNode): SelectOption<T>[] {
  return (options as readonly (T | SelectOption<T>)[]).map((o) => (isOption(o) ? o : { value: o, label: format(o) }));
}

function renderOptions<T extends SelectValue>(options: SelectOption<T>[]) {
  // Keys by position: lists the user edits (state names) may hold the same value twice.
  return options.map((o, i) => (
    <option key={i} value={String(o.value)}>
      {o.label}
    </option>
  ));
}

/**
 * A `<select>` with typed values: `onChange` gets the option's value as given (a number stays a
 * number), never the DOM's string.
 */
export function Select<T extends SelectValue>({
  id,
  value,
  options,
  groups = [],
  format = String,
  onChange,
  className,
  'aria-label': ariaLabel,
  'aria-describedby': describedBy,
  invalid,
  disabled,
}: SelectProps<T>) {
  const listed = normalise(options, format);
  const grouped = groups.map((g) => ({ label: g.label, options: normalise(g.options, format) }));
  const offList = ![...listed, ...grouped.flatMap((g) => g.options)].some((o) => String(o.value) === String(value));
  // A value from a link or draft that no option has is shown as itself: the browser would show the
  // first option instead, and choosing that option would then change nothing.
  const plain = offList ? [...listed, { value, label: String(value) }] : listed;
  const all = [...plain, ...grouped.flatMap((g) => g.options)];
  return (
    <select
      id={id}
      className={className}
      aria-label={ariaLabel}
      aria-describedby={describedBy}
      aria-invalid={invalid}
      disabled={disabled}
      value={String(value)}
      onChange={(e) => {
        const chosen = all.find((o) => String(o.value) === e.target.value);
        if (chosen) onChange(chosen.value);
      }}
    >
      {renderOptions(plain)}
      {grouped.map((g) => (
        <optgroup key={g.label} label={g.label}>
          {renderOptions(g.options)}
        </optgroup>
      ))}
    </select>
  );
}

/** A labelled select: the label is the select's accessible name. */
export function SelectField<T extends SelectValue>({
  id,
  label,
  className,
  children,
  ...select
}: FieldProps & Omit<SelectProps<T>, 'className' | 'aria-label'>) {
  return (
    <Field id={id} label={label} className={className} control={<Select id={id} {...select} />}>
      {children}
    </Field>
  );
}
