import type { ReactNode } from 'react';

/**
 * A checkbox inside its label (`<label><input type=checkbox> Label</label>`): the visible text is
 * the accessible name. No `field` class is added: checkboxes sit in rows styled by the page.
 */
export function CheckboxField({
  id,
  label,
  checked,
  onChange,
  className,
  'aria-describedby': describedBy,
}: {
  id?: string;
  label: ReactNode;
  checked: boolean;
  onChange(checked: boolean): void;
  className?: string;
  'aria-describedby'?: string;
}) {
  return (
    <label className={className} htmlFor={id}>
      <input
        id={id}
        type="checkbox"
        checked={checked}
        aria-describedby={describedBy}
        onChange={(e) => onChange(e.target.checked)}
      />
      {label}
    </label>
  );
}
