/**
 * The command palette's shortcut as this device writes it: ⌘ K on Apple keyboards (Cmd+K opens
 * it, as Ctrl+K does), Ctrl K elsewhere, and none on a touch screen with no keyboard to press it.
 */
export function paletteShortcut(): string | null {
  if (matchMedia('(hover: none) and (pointer: coarse)').matches) return null;
  return /Mac|iPhone|iPad|iPod/.test(navigator.userAgent) ? '⌘ K' : 'Ctrl K';
}
