import { useEffect, useRef, useState } from 'react';
import { useGradientStore } from './store';
import type { ColorStop } from '../../core/gradient/model';
import { removeKeepingFocus } from '../../components/focus';

/** The id of a stop's swatch, its first control. */
export const swatchId = (stopId: number) => `stop-swatch-${stopId}`;

/** One colour stop: swatch (opens the picker popup), position slider + number box, remove. */
export function StopRow({ stop, index, canRemove }: { stop: ColorStop; index: number; canRemove: boolean }) {
  const open = useGradientStore((s) => s.openStopId === stop.id);
  const { toggleStopPopup, closeStopPopup, setStopPosition, removeStop } = useGradientStore.getState();
  const rowRef = useRef<HTMLLIElement>(null);
  const swatchRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    // Clicking anywhere outside this stop closes its popup, and so does the keyboard's focus moving
    // out of it (Tab): the open popup covered the next stop's controls. Escape too.
    const onOutside = (e: Event) => {
      // A modal opened over the page (the command palette) takes the focus for a while only.
      if (e.type === 'focusin' && (e.target as Element).closest?.('[aria-modal="true"]')) return;
      if (!rowRef.current?.contains(e.target as Node)) closeStopPopup();
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      // Focus was in the popup, which goes away: it returns to the swatch that opened it.
      if (rowRef.current?.contains(document.activeElement)) swatchRef.current?.focus();
      closeStopPopup();
    };
    document.addEventListener('mousedown', onOutside);
    document.addEventListener('focusin', onOutside);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onOutside);
      document.removeEventListener('focusin', onOutside);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, closeStopPopup]);

  return (
    <li className="stop-row" ref={rowRef}>
      <button
        ref={swatchRef}
        id={swatchId(stop.id)}
        type="button"
        className="swatch"
        style={{ background: stop.color }}
        aria-label={`Color of stop ${index}: ${stop.color}`}
        aria-expanded={open}
        onClick={() => toggleStopPopup(stop.id)}
      />
      {open && <ColorPopup stop={stop} index={index} />}
      <input
        type="range"
        min={0}
        max={100}
        value={stop.position}
        aria-label={`Position of stop ${index}`}
        onChange={(e) => setStopPosition(stop.id, e.target.value)}
      />
      <span className="stop-number">
        <input
          type="number"
          min={0}
          max={100}
          // A string: React leaves a number box alone while its text equals the value as a number,
          // so typing 30 after the 0 of an emptied box showed '030'; '030' differs from '30'.
          value={String(stop.position)}
          aria-label={`Position of stop ${index} in percent`}
          onChange={(e) => setStopPosition(stop.id, e.target.value)}
        />
        %
      </span>
      {canRemove && (
        <button
          type="button"
          className="remove-stop"
          aria-label={`Remove stop ${index}`}
          onClick={(e) =>
            removeKeepingFocus(e.currentTarget, () => removeStop(stop.id), {
              scope: '.editor-section',
              controls: '.remove-stop',
              fallback: (section) => section.querySelector<HTMLElement>('.add-stop'),
            })
          }
        >
          ×
        </button>
      )}
    </li>
  );
}

function ColorPopup({ stop, index }: { stop: ColorStop; index: number }) {
  const setStopColor = useGradientStore.getState().setStopColor;
  // The text box keeps what the user types; only a valid hex changes the stop.
  const [draft, setDraft] = useState(stop.color);
  // A colour set elsewhere (the picker, undo) replaces the draft: adjusted during render. The
  // draft's own spelling of the colour stays (#00AA11 was lowercased under the cursor).
  const [shownColor, setShownColor] = useState(stop.color);
  if (shownColor !== stop.color) {
    setShownColor(stop.color);
    if (draft.toLowerCase() !== stop.color) setDraft(stop.color);
  }
  return (
    <div className="color-popup" role="dialog" aria-label={`Edit color of stop ${index}`}>
      <input
        type="color"
        aria-label={`Color picker for stop ${index}`}
        value={stop.color}
        onChange={(e) => setStopColor(stop.id, e.target.value)}
      />
      <input
        type="text"
        className="hex-input"
        aria-label={`Hex color of stop ${index}`}
        value={draft}
        spellCheck={false}
        autoFocus
        onChange={(e) => {
          setDraft(e.target.value);
          setStopColor(stop.id, e.target.value);
        }}
      />
    </div>
  );
}
