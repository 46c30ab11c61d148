/** Loads the stats for a range whenever the token or range changes; aborts the previous request. */
import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchStats, StatsError } from './api';
import type { Stats, StatsRange } from '../../core/analytics/contract';

type LoadState =
  | { status: 'idle' }
  | { status: 'loading'; previous?: Stats }
  | { status: 'loaded'; stats: Stats }
  | { status: 'error'; error: StatsError; previous?: Stats };

/** The stats a state shows: its own, or those it keeps from before. */
function shownStats(state: LoadState | undefined): Stats | undefined {
  if (state?.status === 'loaded') return state.stats;
  if (state?.status === 'loading' || state?.status === 'error') return state.previous;
  return undefined;
}

export function useStats(token: string | null, days: StatsRange, onAuthFailure: (message: string) => void) {
  const [reloads, setReloads] = useState(0);
  const reload = useCallback(() => setReloads((n) => n + 1), []);
  // The answer is kept with the request it answers; until the current request's arrives, the
  // state is 'loading' (showing the previous stats of the same token meanwhile: after Выйти, the
  // next token, perhaps someone else's guess, sees none of them while it is checked).
  const request = token ? `${days}:${reloads}:${token}` : null;
  const [answer, setAnswer] = useState<{ request: string; token: string; state: LoadState } | null>(null);
  const sameToken = answer?.token === token;
  // The token the server last answered stats for: a 429 before that is a wrong token being
  // limited (the admin's own stats are not), so the prompt comes back rather than an empty dashboard.
  const accepted = useRef<string | null>(null);

  useEffect(() => {
    if (!token || !request) return;
    const controller = new AbortController();
    fetchStats(token, days, controller.signal).then(
      (stats) => {
        accepted.current = token;
        setAnswer({ request, token, state: { status: 'loaded', stats } });
      },
      (e: unknown) => {
        if (controller.signal.aborted) return;
        const error =
          e instanceof StatsError
            ? e
            : new StatsError('server', `Не удалось загрузить статистику: ${(e as Error).message}`);
        if (error.kind === 'auth' || (error.kind === 'limited' && accepted.current !== token))
          onAuthFailure(error.message);
        // A failed refresh keeps the range's last figures on screen under the alert (a dropped
        // connection must not blank the dashboard); another range's figures would be mislabelled.
        setAnswer((last) => {
          const previous = last?.token === token ? shownStats(last.state) : undefined;
          return {
            request,
            token,
            state: { status: 'error', error, previous: previous?.range.days === days ? previous : undefined },
          };
        });
      },
    );
    return () => controller.abort();
  }, [token, days, request, onAuthFailure]);

  let state: LoadState;
  if (!request) state = { status: 'idle' };
  else if (answer?.request === request) state = answer.state;
  else state = { status: 'loading', previous: sameToken ? shownStats(answer?.state) : undefined };
  return { state, reload };
}
