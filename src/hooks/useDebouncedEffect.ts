import { useEffect } from 'react';

/** Runs `effect` once `ms` have passed without `deps` changing (auto-convert, auto-decode). */
export function useDebouncedEffect(effect: () => void, deps: unknown[], ms = 500, enabled = true): void {
  useEffect(() => {
    if (!enabled) return;
    const t = setTimeout(effect, ms);
    return () => clearTimeout(t);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, enabled, ms]);
}
