/** Analytics dashboard (/admin/analytics), text in Russian (spec part 1, sections 2, 4, 9). */
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { downloadBlob } from '../../browser/download';
import { DEFAULT_STATS_RANGE, STATS_RANGES, type Stats, type StatsRange } from '../../core/analytics/contract';
import { csvFileName, rangeLabel, statsToCsv } from './logic';
import { useStats } from './useStats';
import { DailyChart, RankedTable, Totals } from './views';
import { useTokenStore } from './store';
import { tool } from './tool';
import './styles.css';
import { BusyButton } from '../../components/BusyButton';
import { useAnnouncedText, useStatusMessage } from '../../components/StatusLine';

export default function AnalyticsDashboardPage() {
  const { token, setToken } = useTokenStore();
  const [authMessage, setAuthMessage] = useState('');
  // The prompt's own complaint (an empty field); each press of Войти is an attempt, said again.
  const [formError, setFormError] = useStatusMessage();
  // The prompt that replaces the dashboard (a rejected token, Выйти) takes the keyboard: the
  // control that had it is gone, and focus would fall back to the start of the document.
  const [promptReturned, setPromptReturned] = useState(false);
  const [days, setDays] = useState<StatsRange>(DEFAULT_STATS_RANGE);

  const onAuthFailure = useCallback(
    (message: string) => {
      setToken(null);
      setAuthMessage(message);
      setPromptReturned(true);
    },
    [setToken],
  );
  const { state, reload } = useStats(token, days, onAuthFailure);

  // Signing in replaces the form that had the keyboard: it goes to the pressed range button, the
  // dashboard's first control, rather than back to the start of the document.
  const rangeGroup = useRef<HTMLDivElement>(null);
  const signingIn = useRef(false);
  useEffect(() => {
    if (!token || !signingIn.current) return;
    signingIn.current = false;
    rangeGroup.current?.querySelector<HTMLButtonElement>('[aria-pressed="true"]')?.focus();
  }, [token]);

  const signIn = (t: string) => {
    setAuthMessage('');
    setFormError('');
    signingIn.current = true;
    setToken(t);
  };
  const signOut = () => {
    setToken(null);
    setAuthMessage('');
    setPromptReturned(true);
  };

  const shown: Stats | undefined =
    state.status === 'loaded' ? state.stats : state.status !== 'idle' ? state.previous : undefined;
  // What is on screen can be exported, also after a failed refresh; not while a new range loads.
  const exportable = state.status === 'loading' ? undefined : shown;
  // One alert for the page, in it from the start whichever of the prompt and the dashboard is shown:
  // the prompt comes back with its message (a rejected token), and a region inserted with its text
  // is not reliably announced.
  const alert = token ? (state.status === 'error' ? state.error.message : '') : formError.text || authMessage;
  const announced = useAnnouncedText(alert, formError.attempt);

  return (
    <article className="tool-page analytics-dashboard" lang="ru">
      <header className="tool-header">
        <h1>Аналитика</h1>
        <p className="tool-description">{tool.description}</p>
      </header>

      <div id="analytics-alert" className={alert ? 'error-banner' : undefined} role="alert">
        {announced}
      </div>

      {!token ? (
        <TokenForm
          invalid={alert !== ''}
          onEmpty={() => setFormError('Введите токен администратора')}
          onEdit={() => formError.text && setFormError('')}
          onSubmit={signIn}
          focusField={promptReturned}
        />
      ) : (
        <div className="panel row analytics-toolbar">
          <div className="row" role="group" aria-label="Период" ref={rangeGroup}>
            {STATS_RANGES.map((r) => (
              <button
                key={r}
                type="button"
                className={r === days ? 'primary' : ''}
                aria-pressed={r === days}
                onClick={() => setDays(r)}
              >
                {rangeLabel(r)}
              </button>
            ))}
          </div>
          <div className="row analytics-actions">
            <BusyButton onClick={reload} busy={state.status === 'loading'}>
              Обновить
            </BusyButton>
            <button
              type="button"
              disabled={!exportable}
              onClick={() => {
                if (!exportable) return;
                // The byte order mark tells Excel the file is UTF-8; without it Excel reads it in
                // the system's code page (cp1251 on a Russian Windows) and garbles Cyrillic.
                downloadBlob(
                  csvFileName(exportable.range),
                  `\uFEFF${statsToCsv(exportable, exportable.range.days)}`,
                  'text/csv;charset=utf-8',
                );
              }}
            >
              Экспорт CSV
            </button>
            <button type="button" onClick={signOut}>
              Выйти
            </button>
          </div>
        </div>
      )}

      {/* On the page from the start, also before signing in: a region inserted with its text is not reliably announced. */}
      <p className={token && state.status === 'loading' ? 'analytics-loading' : 'sr-only'} role="status">
        {token ? loadingText(state) : ''}
      </p>
      {token && shown && (
        <div
          className={state.status === 'loading' ? 'analytics-body is-stale' : 'analytics-body'}
          aria-busy={state.status === 'loading'}
        >
          {/* Captioned by their own range: while another loads, the figures shown are the old range's. */}
          <Totals stats={shown} days={shown.range.days} />
          <DailyChart stats={shown} />
          <div className="grid-2">
            <RankedTable
              title="Популярные страницы"
              columns={['Страница', 'Просмотры']}
              rows={shown.popular_pages.map((p) => [p.page_path, p.view_count])}
            />
            <RankedTable
              title="Использование инструментов"
              columns={['Инструмент', 'Использований']}
              rows={shown.tool_usage.map((t) => [t.tool_name, t.usage_count])}
            />
          </div>
        </div>
      )}
    </article>
  );
}

/** What the status region says of the figures' loading. */
function loadingText(state: ReturnType<typeof useStats>['state']): string {
  if (state.status === 'loading') return 'Загрузка статистики…';
  return state.status === 'loaded' ? `Статистика за ${rangeLabel(state.stats.range.days)} загружена.` : '';
}

/** The token prompt; its messages are in the page's alert above it (`invalid` while there is one). */
function TokenForm({
  invalid,
  onEmpty,
  onEdit,
  onSubmit,
  focusField,
}: {
  invalid: boolean;
  onEmpty: () => void;
  onEdit: () => void;
  onSubmit: (token: string) => void;
  focusField: boolean;
}) {
  const [value, setValue] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const token = value.trim();
    if (!token) {
      onEmpty();
      return;
    }
    onSubmit(token);
  };
  return (
    <form className="panel analytics-login" onSubmit={submit} noValidate>
      <h2>Вход для администратора</h2>
      <p>
        Статистика доступна только с токеном администратора (переменная окружения <code>ADMIN_TOKEN</code>; если она не
        задана, сервер создаёт токен при запуске и печатает его в журнал). Токен хранится только до закрытия вкладки.
      </p>
      <label className="field">
        Токен администратора
        <input
          type="password"
          autoComplete="current-password"
          autoFocus={focusField}
          value={value}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? 'analytics-alert' : undefined}
          onChange={(e) => (setValue(e.target.value), onEdit())}
        />
      </label>
      <button type="submit" className="primary">
        Войти
      </button>
    </form>
  );
}
