import { useMemo } from 'react';
import { ToolPage } from '../../components/ToolPage';
import { SelectField } from '../../components/fields';
import { tool } from './tool';
import { StatusLine, invalidInputProps, isErrorStatus } from '../../components/StatusLine';
import { CopyButton } from '../../components/CopyButton';
import { trackToolUsage } from '../../telemetry';
import { useDebouncedEffect } from '../../hooks/useDebouncedEffect';
import { useUndoableReplace } from '../../hooks/useUndoableReplace';
import {
  analyzeUrl,
  COMPONENT_TYPES,
  convert,
  ENCODING_TYPES,
  EXAMPLES,
  LONG_URL_TEXT,
  preview,
  SEARCH_PARAMS_SHOWN,
  shownText,
  stats,
  type Operation,
} from './logic';
import { urlLink, useUrlStore } from './store';
import { usePermalink } from '../../browser/permalink';
import { onLongPaste } from '../../browser/long-paste';
import { changeThenFocus } from '../../components/focus';
import { count } from '../../core/count';
import './styles.css';

const ENCODING_OPTIONS = ENCODING_TYPES.map(([value, label]) => ({ value, label }));
const COMPONENT_OPTIONS = COMPONENT_TYPES.map(([value, label]) => ({ value, label }));

export default function UrlPage() {
  const s = useUrlStore();
  // Clear All and the examples replace the user's text (an example its operation too): Undo.
  const undo = useUndoableReplace(
    useUrlStore,
    (st) => [st.input, st.operation] as const,
    ([input, operation]) => s.set({ input, operation, output: '', message: '' }),
    ([input], [after]) => input !== '' && input !== after,
  );
  // A history entry replaces the text and all the options: Undo, offered beside the history.
  const historyUndo = useUndoableReplace(
    useUrlStore,
    (st) => [st.input, st.operation, st.encodingType, st.componentType] as const,
    ([input, operation, encodingType, componentType]) =>
      s.set({ input, operation, encodingType, componentType, output: '', message: '' }),
    ([input], [after]) => input !== '' && input !== after,
  );
  usePermalink(useUrlStore, urlLink);

  const run = (operation: Operation = s.operation, input = s.input, manual = true) => {
    const r = convert(input, operation, s.encodingType, s.componentType);
    if (r.ok) {
      s.set({ output: r.output, message: '', operation });
      s.record({
        input,
        output: r.output,
        operation,
        encodingType: s.encodingType,
        componentType: s.componentType,
        timestamp: new Date().toISOString(),
      });
      if (manual)
        trackToolUsage(tool.analyticsName, operation, {
          encoding_type: s.encodingType,
          component: s.componentType,
          input_length: input.length,
          output_length: r.output.length,
        });
    } else {
      // Spec: on failure the input is kept and the output emptied. A press is counted (the same
      // error is announced again); the auto-update is not (it would repeat it at each pause in typing).
      s.set({ output: '', message: r.error, operation, runs: useUrlStore.getState().runs + (manual ? 1 : 0) });
    }
  };

  // Spec: with Auto-update on, convert 500 ms after the last change.
  useDebouncedEffect(
    () => (s.input.trim() ? run(s.operation, s.input, false) : s.set({ output: '', message: '' })),
    [s.input, s.operation, s.encodingType, s.componentType],
    500,
    s.autoUpdate,
  );

  const longInput = s.input.length > LONG_URL_TEXT;
  // Both walk the whole text: once per change, not on every render (a keystroke, a copy message).
  const analysis = useMemo(() => (longInput ? null : analyzeUrl(s.input)), [s.input, longInput]);
  const st = useMemo(() => stats(s.input, s.output), [s.input, s.output]);

  return (
    <ToolPage
      tool={tool}
      infoCards={[
        {
          title: 'Which encoding?',
          text: "Component for a single query value or path segment; Full URI for a whole address; Form for HTML form bodies (spaces become +); Strict RFC 3986 also escapes !'()*.",
        },
        {
          title: 'Components',
          text: 'Pick Path segments, Query parameters or Fragment to convert only that part of a URL and keep its structure.',
        },
        {
          title: 'Errors',
          text: 'A malformed escape such as %E0%A4 or %2w is reported with its position, and your input is kept.',
        },
      ]}
    >
      <section className="panel">
        <div className="row url-controls">
          <button
            type="button"
            className={s.operation === 'encode' ? 'primary' : ''}
            aria-pressed={s.operation === 'encode'}
            onClick={() => run('encode')}
          >
            Encode
          </button>
          <button
            type="button"
            className={s.operation === 'decode' ? 'primary' : ''}
            aria-pressed={s.operation === 'decode'}
            onClick={() => run('decode')}
          >
            Decode
          </button>
          <button
            type="button"
            onClick={() => {
              const operation = s.operation === 'encode' ? 'decode' : 'encode';
              // The input is exchanged with its conversion now: the output shown can be one typed
              // text behind (Auto-update waits 500 ms), and decoding that lost what was typed since.
              // Without a conversion (it fails) there is nothing to exchange: the text stays the
              // input, or it would be cleared with the empty input's output.
              const r = convert(s.input, s.operation, s.encodingType, s.componentType);
              if (!r.ok) s.set({ operation, message: '' });
              else s.set({ operation, input: r.output, output: s.input, message: '' });
              trackToolUsage(tool.analyticsName, 'swap');
            }}
          >
            {/* The arrow is decoration: the button's name is the spec's "Swap". */}
            <span aria-hidden="true">⇅</span> Swap
          </button>
          <SelectField
            label="Encoding Type"
            value={s.encodingType}
            options={ENCODING_OPTIONS}
            onChange={(encodingType) => s.set({ encodingType })}
          />
          <SelectField
            label="URL Component"
            value={s.componentType}
            options={COMPONENT_OPTIONS}
            onChange={(componentType) => s.set({ componentType })}
          />
          <label className="auto-update">
            <input type="checkbox" checked={s.autoUpdate} onChange={(e) => s.set({ autoUpdate: e.target.checked })} />{' '}
            Auto-update
          </label>
        </div>

        <div className="grid-2">
          <div>
            <label className="field" htmlFor="url-input">
              Input ({s.operation === 'encode' ? 'text to encode' : 'text to decode'})
            </label>
            <textarea
              id="url-input"
              value={shownText(s.input)}
              readOnly={longInput}
              spellCheck={false}
              {...invalidInputProps(isErrorStatus(s.message))}
              onChange={(e) => s.set({ input: e.target.value })}
              onPaste={onLongPaste((input) => s.set({ input }), LONG_URL_TEXT)}
            />
            {longInput && (
              <p className="muted" role="note">
                The text is long ({count(s.input.length)} characters): only its start is shown, read-only; all of it is
                converted. Clear All removes it.
              </p>
            )}
            <div className="row">
              <span className="muted">{s.input.length} characters</span>
              <button
                type="button"
                onClick={() =>
                  undo.replace('Input and output cleared.', () => {
                    s.set({ input: '', output: '', message: '' });
                    trackToolUsage(tool.analyticsName, 'clear_all');
                  })
                }
              >
                Clear All
              </button>
            </div>
          </div>
          <div>
            <label className="field" htmlFor="url-output">
              Output
            </label>
            <textarea id="url-output" value={shownText(s.output)} readOnly spellCheck={false} />
            {s.output.length > LONG_URL_TEXT && (
              <p className="muted" role="note">
                Only the beginning of the output is shown ({count(shownText(s.output).length)} of{' '}
                {count(s.output.length)} characters); Copy gives all of it.
              </p>
            )}
            <div className="row">
              <span className="muted">{s.output.length} characters</span>
              <CopyButton
                text={s.output}
                disabled={!s.output}
                onCopied={() => trackToolUsage(tool.analyticsName, 'copy_to_clipboard')}
              />
            </div>
          </div>
        </div>
        <StatusLine text={s.message} attempt={s.runs} />
      </section>

      <div className="grid-2">
        <section className="panel" aria-label="URL analysis">
          <div className="row">
            <h2 className="panel-title">URL Analysis</h2>
            {analysis &&
              (analysis.valid ? (
                <span className="badge badge-ok">Valid URL</span>
              ) : (
                <span className="badge badge-bad">Invalid URL Format</span>
              ))}
          </div>
          {analysis?.valid ? (
            <dl className="url-analysis">
              {(['protocol', 'host', 'hostname', 'port', 'pathname', 'search', 'hash', 'origin'] as const).map((k) => (
                <div key={k}>
                  <dt>{k}</dt>
                  <dd className="mono">{analysis[k] || '—'}</dd>
                </div>
              ))}
              <div className="search-params">
                <dt>searchParams</dt>
                <dd>
                  {analysis.searchParams.length ? (
                    <table>
                      <tbody>
                        {analysis.searchParams.slice(0, SEARCH_PARAMS_SHOWN).map(([k, v], i) => (
                          <tr key={i}>
                            <td className="mono">{k}</td>
                            <td className="mono">{v}</td>
                          </tr>
                        ))}
                        {analysis.searchParams.length > SEARCH_PARAMS_SHOWN && (
                          <tr>
                            <td colSpan={2} className="muted">
                              … and {count(analysis.searchParams.length - SEARCH_PARAMS_SHOWN)} more
                            </td>
                          </tr>
                        )}
                      </tbody>
                    </table>
                  ) : (
                    '—'
                  )}
                </dd>
              </div>
            </dl>
          ) : (
            <p className="muted">
              {longInput
                ? `The input is too long to analyse as a URL (over ${count(LONG_URL_TEXT)} characters); it is still converted as text.`
                : analysis
                  ? 'The input is not a URL; it is still converted as text.'
                  : 'Enter a URL to see its parts.'}
            </p>
          )}
        </section>

        <section className="panel" aria-label="Statistics">
          <h2 className="panel-title">Statistics</h2>
          <dl className="url-stats">
            <div>
              <dt>Input length</dt>
              <dd>{st.inputLength}</dd>
            </div>
            <div>
              <dt>Output length</dt>
              <dd>{st.outputLength}</dd>
            </div>
            <div>
              <dt>Percent-escapes in output</dt>
              <dd>{st.encodedSequences}</dd>
            </div>
            <div>
              <dt>Size change</dt>
              <dd>
                {st.sizeChangePercent === null ? '—' : `${st.sizeChangePercent > 0 ? '+' : ''}${st.sizeChangePercent}%`}
              </dd>
            </div>
          </dl>
          <h2 className="panel-title">Examples</h2>
          <div className="row">
            {EXAMPLES.map((ex) => (
              <button
                key={ex.label}
                type="button"
                onClick={() =>
                  undo.replace(`Example “${ex.label}” loaded.`, () => {
                    s.set({ input: ex.text, operation: ex.operation, output: '', message: '' });
                    trackToolUsage(tool.analyticsName, 'load_example', { example: ex.label });
                  })
                }
              >
                {ex.label}
              </button>
            ))}
          </div>
          {undo.undoBar}
        </section>
      </div>

      <section className="panel" aria-label="History">
        <div className="row">
          {/* Focusable from script: Clear history removes itself, and the keyboard stays here. */}
          <h2 className="panel-title" id="url-history-title" tabIndex={-1}>
            History
          </h2>
          {s.history.length > 0 && (
            <button type="button" onClick={() => changeThenFocus(() => s.set({ history: [] }), 'url-history-title')}>
              Clear history
            </button>
          )}
        </div>
        {s.history.length === 0 ? (
          <p className="muted">Conversions you make appear here (the 10 most recent).</p>
        ) : (
          <ol className="url-history">
            {s.history.map((h) => (
              <li key={h.timestamp + h.input}>
                <button
                  type="button"
                  className="history-entry"
                  onClick={() =>
                    historyUndo.replace('History entry loaded.', () => {
                      s.set({
                        input: h.input,
                        output: h.output,
                        operation: h.operation,
                        encodingType: h.encodingType,
                        componentType: h.componentType,
                        message: '',
                      });
                      trackToolUsage(tool.analyticsName, 'load_history');
                    })
                  }
                >
                  <span className="badge">{h.operation}</span> <span className="mono">{preview(h.input)}</span>
                  <span className="muted"> · {new Date(h.timestamp).toLocaleTimeString()}</span>
                </button>
              </li>
            ))}
          </ol>
        )}
        {historyUndo.undoBar}
      </section>
    </ToolPage>
  );
}
