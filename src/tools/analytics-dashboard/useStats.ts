/** Loads the stats for a range whenever the token or range changes; aborts the previous request. */
import { useCallback, useEffect, useState } from 'react';
import { fetchStats, StatsError } from './api';
import type { Stats, StatsRange } from '../../core/analytics/contract';

type LoadState =
  | { status: 'idle' }
  | { status: 'loading'; previous?: Stats }
  | { status: 'loaded'; stats: Stats }
  | { status: 'error'; error: StatsError; previous?: Stats };

export function useStats(token: string | null, days: StatsRange, onAuthFailure: (message: string) => void) {
  const [state, setState] = useState<LoadState>({ status: 'idle' });
  const [reloads, setReloads] = useState(0);
  const reload = useCallback(() => setReloads((n) => n + 1), []);

  useEffect(() => {
    if (!token) {
      setState({ status: 'idle' });
      return;
    }
    const controller = new AbortController();
    setState((s) => ({ status: 'loading', previous: s.status === 'loaded' ? s.stats : undefined }));
    fetchStats(token, days, controller.signal).then(
      (stats) => setState({ status: 'loaded', stats }),
      (e: unknown) => {
        if (controller.signal.aborted) return;
        const error = e instanceof StatsError ? e : new StatsError('server', `Не удалось загрузить статистику: ${(e as Error).message}`);
        if (error.kind === 'auth') onAuthFailure(error.message);
        setState({ status: 'error', error });
      },
    );
    return () => controller.abort();
  }, [token, days, reloads, onAuthFailure]);

  return { state, reload };
}
