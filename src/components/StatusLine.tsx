/** Spec: a status line is styled as success when its text contains a check mark, else as error. */
function isSuccessMessage(text: string): boolean {
  return /[✅✓✔]/u.test(text);
}

/** The status line's id: a field whose input the line reports an error on points at it (aria-describedby). */
export const STATUS_LINE_ID = 'status-line';

/** Whether a status line's text is an error (spec: no check mark). */
export const isErrorStatus = (text: string) => text !== '' && !isSuccessMessage(text);

/** The attributes of an input the status line reports an error on (WCAG 3.3.1): invalid, described by the line. */
export const invalidInputProps = (invalid: boolean) => ({
  'aria-invalid': invalid || undefined,
  'aria-describedby': invalid ? STATUS_LINE_ID : undefined,
});

/**
 * Announces its text to assistive technology: a success in a status region, an error in an alert.
 * Both regions are always there, and neither changes its role: screen readers announce text that
 * changes inside a live region, not a region that appears or turns into an alert with its text.
 */
export function StatusLine({ text, className = '' }: { text: string; className?: string }) {
  const kind = !text ? '' : isSuccessMessage(text) ? 'status-success' : 'status-error';
  return (
    <div id={STATUS_LINE_ID} className={`status-line ${kind} ${className}`}>
      <span role="status">{kind === 'status-success' ? text : ''}</span>
      <span role="alert">{kind === 'status-error' ? text : ''}</span>
    </div>
  );
}
