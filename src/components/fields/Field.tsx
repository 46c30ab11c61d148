import type { ReactNode } from 'react';

/** What every labelled field takes. */
export interface FieldProps {
  /**
   * The control's id. With an id the field is `<div class="field"><label for=id>…</label>control</div>`;
   * without one the label wraps the control (`<label class="field">Label control</label>`). Either
   * way the accessible name is the visible label.
   */
  id?: string;
  /** The visible label, which is also the accessible name: keep the spec's wording. */
  label: ReactNode;
  /** Classes added after `field` on the wrapper. */
  className?: string;
  /** Rendered after the control inside the field (hints, counts, a second control). */
  children?: ReactNode;
}

export const fieldClass = (className?: string) => (className ? `field ${className}` : 'field');

/** The labelled wrapper the fields share: label and control, then `children`. */
export function Field({ id, label, className, control, children }: FieldProps & { control: ReactNode }) {
  if (id === undefined) {
    return (
      <label className={fieldClass(className)}>
        {label}
        {control}
        {children}
      </label>
    );
  }
  return (
    <div className={fieldClass(className)}>
      <label htmlFor={id}>{label}</label>
      {control}
      {children}
    </div>
  );
}
