/**
 * The command palette's shortcut as this device writes it: ⌘ K on Apple keyboards (Cmd+K opens
 * it, as Ctrl+K does), Ctrl K elsewhere, and none on a touch screen with no keyboard to press it.
 */
export function paletteShortcut(): string | null {
  if (matchMedia('(hover: none) and (pointer: coarse)').matches) return null;
  return isApple() ? '⌘ K' : 'Ctrl K';
}

/** An Apple device, whose keyboards have ⌘ and whose text fields take Ctrl+K (delete to end of line). */
export const isApple = (): boolean => /Mac|iPhone|iPad|iPod/.test(navigator.userAgent);

/**
 * Whether a key press belongs to an input method's composition (Japanese, Chinese, Korean): its
 * Enter commits the text, its Escape cancels it and its arrows pick a candidate, so a box must not
 * act on them. Safari sends the committing Enter after compositionend, with keyCode 229.
 */
export const composing = (e: { nativeEvent: KeyboardEvent }): boolean =>
  e.nativeEvent.isComposing || e.nativeEvent.keyCode === 229;
