/** Spec: a status line is styled as success when its text contains a check mark, else as error. */
function isSuccessMessage(text: string): boolean {
  return /[✅✓✔]/u.test(text);
}

/** Announces its text to assistive technology; empty text renders an empty live region. */
export function StatusLine({ text, className = '' }: { text: string; className?: string }) {
  const kind = !text ? '' : isSuccessMessage(text) ? 'status-success' : 'status-error';
  return (
    <div
      className={`status-line ${kind} ${className}`}
      role={kind === 'status-error' ? 'alert' : 'status'}
      aria-live="polite"
    >
      {text}
    </div>
  );
}
