import { useLayoutEffect, useRef } from 'react';

/**
 * Gives the focus back, when the group goes away with the focus inside it (its Cancel pressed from
 * the keyboard, or the job ending while Cancel had the focus), to what had it when the group
 * appeared (the button that started the job): the browser would move it to <body>, sending a
 * keyboard or screen-reader user back to the top of the page (WCAG 2.4.3).
 */
export function useReturnFocusOnUnmount<T extends HTMLElement = HTMLDivElement>() {
  const group = useRef<T>(null);
  useLayoutEffect(() => {
    const before = document.activeElement;
    const node = group.current;
    return () => {
      // Layout cleanups run before React removes the group's nodes: the focus is still inside.
      if (node?.contains(document.activeElement) && before instanceof HTMLElement && before.isConnected) before.focus();
    };
  }, []);
  return group;
}

/** Progress of a worker job with a Cancel button; `done`/`total` in any unit (bytes, rows). */
export function Progress({
  label,
  done,
  total,
  onCancel,
}: {
  label: string;
  done: number;
  total: number;
  onCancel?: () => void;
}) {
  const group = useReturnFocusOnUnmount();
  const pct = total > 0 ? Math.min(100, (done / total) * 100) : 0;
  return (
    <div ref={group} className="progress" role="group" aria-label={label}>
      <progress max={100} value={pct} aria-label={`${label} progress`} />
      <span className="progress-text">
        {label}: {pct.toFixed(0)}%
      </span>
      {onCancel && (
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      )}
    </div>
  );
}
