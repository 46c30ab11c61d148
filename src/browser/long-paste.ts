/**
 * Text too long to put in a textarea. Chromium took 8-15 s to lay out 30 MB in one, and every
 * full garbage collection after that walked the layout (0.1-1.7 s each, measured with `gc()`),
 * all on the page's thread. Inputs keep such text in their state and show its beginning,
 * read-only; a paste that would make one that long never enters the textarea.
 */
import type { ClipboardEvent } from 'react';

export const LONG_TEXT_CHARS = 1_000_000;

/**
 * The text a paste into `ta` makes (the selection replaced) when it is longer than `limit`, or
 * null when the browser can paste it as usual (its undo then keeps working).
 */
export function longPaste(ta: HTMLTextAreaElement, pasted: string, limit = LONG_TEXT_CHARS): string | null {
  if (ta.readOnly || ta.value.length + pasted.length <= limit) return null;
  const text = ta.value.slice(0, ta.selectionStart) + pasted + ta.value.slice(ta.selectionEnd);
  return text.length > limit ? text : null;
}

/**
 * A textarea's paste handler: a paste longer than `limit` goes to `onText` instead of into the
 * textarea, in a task of its own: reading 1 MB from the clipboard already takes 45 ms of the
 * paste's task on a 2-core machine, and the page's render of the text comes on top.
 */
export function onLongPaste(onText: (text: string) => void, limit = LONG_TEXT_CHARS) {
  return (e: ClipboardEvent<HTMLTextAreaElement>) => {
    const text = longPaste(e.currentTarget, e.clipboardData.getData('text/plain'), limit);
    if (text === null) return;
    e.preventDefault();
    setTimeout(() => onText(text));
  };
}
