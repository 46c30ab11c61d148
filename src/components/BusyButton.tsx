import type { ButtonHTMLAttributes } from 'react';

type Props = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> & {
  /** The button's work is running: presses are ignored and assistive technology hears "unavailable". */
  busy: boolean;
};

/**
 * A button that keeps keyboard focus while its work runs. `disabled` would blur it: the browser
 * moves focus to <body>, and a keyboard or screen-reader user is sent back to the top of the page
 * (WCAG 2.4.3). `aria-disabled` says the same to assistive technology and keeps the focus.
 */
export function BusyButton({ busy, onClick, ...rest }: Props) {
  return (
    <button
      type="button"
      {...rest}
      aria-disabled={busy || undefined}
      aria-busy={busy || undefined}
      onClick={busy ? undefined : onClick}
    />
  );
}
