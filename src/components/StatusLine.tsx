import { useCallback, useLayoutEffect, useRef, useState } from 'react';

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
 * The text for the live regions. A new attempt that ends with the same text as the last one leaves
 * the region empty for a frame, then puts the text back: screen readers announce a change of text,
 * so the same text set again would be silent and the user would hear nothing after a retry.
 */
export function useAnnouncedText(text: string, attempt: unknown): string {
  const [blank, setBlank] = useState(false);
  const last = useRef({ text, attempt });
  useLayoutEffect(() => {
    const repeated = text !== '' && text === last.current.text && attempt !== last.current.attempt;
    last.current = { text, attempt };
    setBlank(repeated);
    if (!repeated) return;
    const frame = requestAnimationFrame(() => setBlank(false));
    return () => cancelAnimationFrame(frame);
  }, [text, attempt]);
  return blank ? '' : text;
}

/** A status line's message and the count of times it was set (StatusLine's `text` and `attempt`). */
export interface StatusMessage {
  text: string;
  attempt: number;
}

/**
 * A status message kept in a component: each set counts as an attempt, so an action that sets the
 * same message as last time (a second Generate, a second failed try) is announced again.
 */
export function useStatusMessage(): [StatusMessage, (text: string) => void] {
  const [status, setStatus] = useState<StatusMessage>({ text: '', attempt: 0 });
  const set = useCallback((text: string) => setStatus((s) => ({ text, attempt: s.attempt + 1 })), []);
  return [status, set];
}

/**
 * Announces its text to assistive technology: a success in a status region, an error in an alert.
 * Both regions are always there, and neither changes its role: screen readers announce text that
 * changes inside a live region, not a region that appears or turns into an alert with its text.
 * `attempt` changes with each try of the user (e.g. a count of runs): a try that ends with the same
 * text as the one before is announced again.
 * `quiet`: another region announces what is wrong now (the subnet's error banner), so the line shows
 * its text without announcing it, and one mistake is not two alerts; its next text is announced.
 */
export function StatusLine({
  text,
  attempt,
  className = '',
  quiet = false,
}: {
  text: string;
  attempt?: unknown;
  className?: string;
  quiet?: boolean;
}) {
  const kind = !text ? '' : isSuccessMessage(text) ? 'status-success' : 'status-error';
  const announced = useAnnouncedText(quiet ? '' : text, attempt);
  return (
    <div id={STATUS_LINE_ID} className={`status-line ${kind} ${className}`}>
      <span role="status">{kind === 'status-success' ? announced : ''}</span>
      <span role="alert">{kind === 'status-error' ? announced : ''}</span>
      {quiet && text}
    </div>
  );
}
