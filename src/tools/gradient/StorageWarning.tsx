import { useGradientStore } from './store';

/**
 * Said where gradients are saved and listed when the browser would not store the list (storage
 * full, or blocked): they are kept for this visit only, and a reload would lose them silently.
 */
export function StorageWarning() {
  const notStored = useGradientStore((s) => s.savedNotStored);
  return notStored ? (
    <p className="confirm-bar" role="status">
      ⚠️ Saved for this visit only: the browser&apos;s storage is full or blocked, so the saved gradients will be gone
      after a reload.
    </p>
  ) : null;
}
