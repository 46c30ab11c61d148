import { useEffect, useRef, useState } from 'react';

export const COPIED_MESSAGE = '✅ Copied to clipboard!';
export const COPY_CONFIRM_MS = 2000;

/** Writes text to the clipboard; resolves false when the browser refuses. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Fallback for pages without clipboard permission (e.g. insecure origins).
    const ta = document.createElement('textarea');
    ta.value = text;
    ta.style.position = 'fixed';
    ta.style.opacity = '0';
    document.body.appendChild(ta);
    ta.select();
    const ok = document.execCommand('copy');
    ta.remove();
    return ok;
  }
}

/** A message that clears itself after `ms` (copy confirmations). */
export function useTransientMessage(ms = COPY_CONFIRM_MS): [string, (m: string) => void] {
  const [message, setMessage] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const show = (m: string) => {
    clearTimeout(timer.current);
    setMessage(m);
    timer.current = setTimeout(() => setMessage(''), ms);
  };
  return [message, show];
}

/** Copy button with its own 2 s confirmation; `onCopied` lets tools report usage. */
export function CopyButton({
  text,
  label = 'Copy',
  ariaLabel,
  disabled,
  onCopied,
  confirmation = COPIED_MESSAGE,
}: {
  text: string | (() => string);
  label?: string;
  /** Accessible name when the visible label is not enough (e.g. 'Copy VHDL' beside 'Copy Verilog'). */
  ariaLabel?: string;
  disabled?: boolean;
  onCopied?: () => void;
  /** The confirmation, or a function that words it at the moment of the copy. */
  confirmation?: string | (() => string);
}) {
  const [message, show] = useTransientMessage();
  // The text the confirmation is about: once the text to copy changes (a new output), the
  // clipboard no longer holds what the button shows, so its confirmation goes at once.
  const [shownFor, setShownFor] = useState<string | undefined>();
  const current = typeof text === 'function' ? undefined : text;
  return (
    <span className="copy-button">
      <button
        type="button"
        aria-label={ariaLabel}
        disabled={disabled}
        onClick={async () => {
          const ok = await copyText(typeof text === 'function' ? text() : text);
          setShownFor(current);
          show(
            ok ? (typeof confirmation === 'function' ? confirmation() : confirmation) : 'Failed to copy to clipboard',
          );
          if (ok) onCopied?.();
        }}
      >
        {label}
      </button>
      <span className="copy-message" role="status" aria-live="polite">
        {shownFor === current ? message : ''}
      </span>
    </span>
  );
}
