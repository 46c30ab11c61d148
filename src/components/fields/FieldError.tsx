/**
 * A field's error message, which the field points at (aria-describedby). Always in the DOM, empty
 * while the field is valid: an alert announces text that appears in it, not an alert that appears
 * together with its text.
 */
export function FieldError({ id, error, className }: { id: string; error: string; className: string }) {
  return (
    <div id={id} role="alert" className={error ? className : undefined}>
      {error}
    </div>
  );
}

/** The attributes of a field that `FieldError` with this id reports on. */
export const describedByError = (id: string, invalid: boolean) => ({
  invalid,
  'aria-describedby': invalid ? id : undefined,
});
