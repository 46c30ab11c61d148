/** Transport of the dashboard: GET /api/analytics/stats with the admin token, errors in Russian. */
import { ADMIN_TOKEN_CHARS, MAX_TOP_LIMIT, type Stats, type StatsRange } from '../../core/analytics/contract';

type StatsErrorKind = 'auth' | 'limited' | 'unavailable' | 'bad-request' | 'network' | 'timeout' | 'server';

/**
 * How long the dashboard waits for the stats (the server answers in milliseconds, or within ~1 s
 * while it commits events): past it the request is dropped and the admin told, rather than
 * "Загрузка статистики…" forever with Обновить and Экспорт CSV unavailable.
 */
export const STATS_TIMEOUT_MS = 20_000;

export class StatsError extends Error {
  constructor(
    readonly kind: StatsErrorKind,
    message: string,
  ) {
    super(message);
  }
}

/** The stats with every ranked entry the API gives (the page shows the top ones, the CSV has all). */
const WRONG_TOKEN = 'Неверный токен администратора. Введите токен ещё раз.';

export async function fetchStats(token: string, days: StatsRange, signal?: AbortSignal): Promise<Stats> {
  // No admin token holds such a character (a Cyrillic letter: the wrong keyboard layout), and
  // fetch would throw before sending it, which read as "the server is unreachable".
  if (!ADMIN_TOKEN_CHARS.test(token)) throw new StatsError('auth', WRONG_TOKEN);
  const controller = new AbortController();
  const abort = () => controller.abort();
  signal?.addEventListener('abort', abort);
  let timedOut = false;
  const timer = setTimeout(() => ((timedOut = true), controller.abort()), STATS_TIMEOUT_MS);
  try {
    return await request(token, days, controller.signal);
  } catch (e) {
    if (timedOut && !signal?.aborted)
      throw new StatsError(
        'timeout',
        `Сервер не ответил за ${STATS_TIMEOUT_MS / 1000} секунд. Нажмите «Обновить», чтобы попробовать снова.`,
      );
    throw e;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', abort);
  }
}

async function request(token: string, days: StatsRange, signal: AbortSignal): Promise<Stats> {
  let res: Response;
  try {
    res = await fetch(`/api/analytics/stats?days=${days}&limit=${MAX_TOP_LIMIT}`, {
      headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
      signal,
    });
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    throw new StatsError(
      'network',
      'Не удалось загрузить статистику: сервер недоступен. Проверьте соединение и попробуйте снова.',
    );
  }
  if (res.ok) return (await res.json()) as Stats;
  const detail = await res
    .json()
    .then((b: { error?: string }) => b.error ?? '')
    .catch(() => '');
  if (res.status === 401) throw new StatsError('auth', WRONG_TOKEN);
  if (res.status === 503)
    throw new StatsError(
      'unavailable',
      'Хранилище аналитики временно недоступно. Попробуйте обновить страницу через минуту.',
    );
  // The server never limits the admin token's stats (server/app.ts), so from it a 429 means the
  // token is wrong; a proxy in front may still limit a right one.
  if (res.status === 429)
    throw new StatsError('limited', 'Слишком много запросов. Подождите минуту и попробуйте снова.');
  if (res.status >= 400 && res.status < 500)
    throw new StatsError('bad-request', `Не удалось загрузить статистику: ${detail || `ошибка ${res.status}`}`);
  throw new StatsError('server', `Не удалось загрузить статистику: ошибка сервера ${res.status}.`);
}
