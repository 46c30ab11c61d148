import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { ToolPage } from '../../components/ToolPage';
import { tool } from './tool';
import { StatusLine, invalidInputProps } from '../../components/StatusLine';
import { copyText, useTransientMessage } from '../../components/CopyButton';
import { trackToolUsage } from '../../telemetry';
import { useDebouncedEffect } from '../../hooks/useDebouncedEffect';
import {
  encryptedTokenNote,
  fragmentForToken,
  fragmentWithoutStaleToken,
  hasThreeParts,
  isUnsigned,
  LONG_JWT_TEXT,
  lifetimeStatus,
  MESSAGES,
  decodedViews,
  SHOWN_HEAD_CHARS,
  shownText,
  statusWord,
  timeClaims,
  tokenFromFragment,
  tokenInfo,
  type DecodedJwt,
} from './logic';
import { reportedAlg, verifySignature } from './verify';
import { useJwtStore } from './store';
import { useDecode } from './useDecode';
import { useUndoableReplace } from '../../hooks/useUndoableReplace';
import { onLongPaste } from '../../browser/long-paste';
import { count } from '../../core/count';
import './styles.css';

// The example is signed with HS256 and the secret 'your-256-bit-secret' (verifiable on the page).
const EXAMPLE_TOKEN =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaXNzIjoiaHR0cHM6Ly9iaXRzbWl0aC5kZXYiLCJhdWQiOiJiaXRzbWl0aC1kZW1vIiwiaWF0IjoxNTE2MjM5MDIyLCJleHAiOjQxMDI0NDQ4MDB9.nPLqtbvFMONcgf-Rnzbt4Q8ojl4_p-KLlkl57Eyul5c';

type Part = 'header' | 'payload' | 'signature';

/** The note under a view that shows only the beginning of `text` (see LONG_JWT_TEXT). */
const partNote = (text: string) =>
  text.length > LONG_JWT_TEXT && (
    <p className="muted" role="note">
      Only the beginning is shown ({count(shownText(text).length)} of {count(text.length)} characters); Copy gives all
      of it.
    </p>
  );

export default function JwtPage() {
  const s = useJwtStore();
  // Load Example and Clear All replace the token the user pasted: Undo brings it back (kept in
  // memory only, as the token itself).
  const undo = useUndoableReplace(
    useJwtStore,
    (st) => st.input,
    (input) => {
      s.setInput(input);
      s.setResult(null, '');
    },
    (input, after) => input !== '' && input !== after,
  );
  const [copyMessage, showCopyMessage] = useTransientMessage();

  const { decode, decoding, cancel } = useDecode();

  // Spec: decode automatically 500 ms after a change when the input has exactly 3 parts.
  useDebouncedEffect(() => decode(false), [s.input], 500, hasThreeParts(s.input));

  // The token of a #token= link: on opening, and when a link is followed while the page is open
  // (only the fragment differs, so the browser does not reload the page).
  useEffect(() => {
    const readFragment = () => {
      const fromUrl = tokenFromFragment(location.hash);
      if (fromUrl) s.setInput(fromUrl);
    };
    readFragment();
    addEventListener('hashchange', readFragment);
    return () => removeEventListener('hashchange', readFragment);
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  // A token written to the URL (#token=) leaves it when the box no longer holds that token.
  const forgetUrlToken = (input: string) => {
    const hash = fragmentWithoutStaleToken(location.hash, input);
    if (hash !== null) history.replaceState(history.state, '', location.pathname + location.search + hash);
  };
  const setInput = (input: string) => {
    s.setInput(input);
    forgetUrlToken(input);
  };

  const copyPart = async (part: Part, text: string) => {
    const ok = await copyText(text);
    showCopyMessage(ok ? MESSAGES.copied(part) : MESSAGES.copyFailed);
    if (ok) trackToolUsage(tool.analyticsName, `copy_${part}`);
  };

  const jweNote = useMemo(() => encryptedTokenNote(s.input), [s.input]);
  const t = s.decoded;
  const longInput = s.input.length > LONG_JWT_TEXT;
  // Computed once per decoded token, not on every render (a large payload is a large string), and
  // in a render of its own after the token's: re-reading a 1 MB payload digit for digit took 25 ms
  // on top of the decode's task. Until then the views of the new token are empty, never the old one's.
  const viewed = useDeferredValue(t);
  const viewedJson = useMemo(() => (viewed ? decodedViews(viewed) : null), [viewed]);
  const json = viewed === t ? viewedJson : null;
  const info = t ? tokenInfo(t) : null;
  const parts: [Part, string][] = t
    ? [
        ['header', t.parts[0]],
        ['payload', t.parts[1]],
        ['signature', t.parts[2]],
      ]
    : [];
  const isHmac = typeof t?.header.alg === 'string' && t.header.alg.startsWith('HS');

  return (
    <ToolPage
      tool={tool}
      infoCards={[
        {
          title: 'Private by design',
          text: 'Decoding and verification run in this browser with WebCrypto. The token is never sent anywhere.',
        },
        {
          title: 'Decoding is not trust',
          text: 'Anyone can read a JWT. Only a verified signature shows it was issued by the key holder.',
        },
        {
          title: 'Time claims',
          text: 'iat, nbf and exp are seconds since 1970 (UTC); they are shown here in your local time.',
        },
      ]}
    >
      {/* The padlock is a decoration: hidden, or screen readers begin the line with "locked". */}
      <p className="privacy-line">
        <span aria-hidden="true">🔒</span> Your token is decoded in this browser. Nothing leaves your device.
      </p>
      <section className="panel">
        <label className="field" htmlFor="jwt-input">
          JWT Token
        </label>
        <textarea
          id="jwt-input"
          className="jwt-input"
          value={shownText(s.input)}
          readOnly={longInput}
          spellCheck={false}
          placeholder="Paste a token: xxxxx.yyyyy.zzzzz"
          {...invalidInputProps(!!s.error)}
          onChange={(e) => setInput(e.target.value)}
          onPaste={onLongPaste(setInput, LONG_JWT_TEXT)}
        />
        {longInput && (
          <p className="muted" role="note">
            The token is long ({count(s.input.length)} characters): only its start is shown, read-only; all of it is
            decoded and verified. Clear All removes it.
          </p>
        )}
        {decoding && (
          <p className="muted" role="status">
            Decoding the token…{' '}
            <button type="button" onClick={cancel}>
              Cancel
            </button>
          </p>
        )}
        <div className="row">
          {/* Not a live region: it would announce a count on every keystroke. */}
          <span className="char-count">{s.input.length} characters</span>
          <button type="button" className="primary" onClick={() => decode(true)}>
            Decode
          </button>
          <button
            type="button"
            onClick={() =>
              undo.replace('Example token loaded.', () => {
                setInput(EXAMPLE_TOKEN);
                s.setResult(null, '');
                trackToolUsage(tool.analyticsName, 'load_example');
              })
            }
          >
            Load Example
          </button>
          <button
            type="button"
            onClick={() =>
              undo.replace('Input and output cleared.', () => {
                s.clear();
                forgetUrlToken('');
                trackToolUsage(tool.analyticsName, 'clear_all');
              })
            }
          >
            Clear All
          </button>
          <button
            type="button"
            disabled={!s.input.trim()}
            onClick={() =>
              history.replaceState(history.state, '', location.pathname + location.search + fragmentForToken(s.input))
            }
            title="Writes #token=… to the address bar; the fragment is never sent to a server"
          >
            Put token in URL
          </button>
        </div>
        {undo.undoBar}
        <StatusLine text={s.error} attempt={s.runs} />
        <p className="jwt-note" role="status">
          {jweNote}
        </p>
        <div className="copy-message" role="status" aria-live="polite">
          {copyMessage}
        </div>
      </section>

      {t && info && (
        <>
          {isUnsigned(t.header) && (
            <div className="error-banner" role="alert">
              ⚠️ This token uses <code>alg: none</code>: it has no signature, so anyone can forge it. Never accept it.
            </div>
          )}
          <section className="panel" aria-label="Token structure">
            <h2>Token structure</h2>
            <p className="jwt-structure mono">
              {parts.map(([part, text], i) => (
                <span key={part}>
                  <button
                    type="button"
                    className={`jwt-part jwt-${part}`}
                    onClick={() => copyPart(part, text)}
                    aria-label={`Copy ${part}: ${shownText(text) || '(empty)'}${text.length > LONG_JWT_TEXT ? '…' : ''}`}
                    title={`Click to copy the ${part}`}
                  >
                    {shownText(text) || '(empty)'}
                    {text.length > LONG_JWT_TEXT && '…'}
                  </button>
                  {i < 2 && <span className="jwt-dot">.</span>}
                </span>
              ))}
            </p>
            {parts.some(([, text]) => text.length > LONG_JWT_TEXT) && (
              <p className="muted" role="note">
                A long part shows only its beginning ({count(SHOWN_HEAD_CHARS)} characters, then …); clicking it copies
                all of it.
              </p>
            )}
          </section>

          <section className="panel" aria-label="Token information">
            <h2>Token information</h2>
            <dl className="jwt-info">
              <div>
                <dt>Algorithm</dt>
                <dd>{info.algorithm}</dd>
              </div>
              <div>
                <dt>Type</dt>
                <dd>{info.type}</dd>
              </div>
              <div>
                <dt>Issued At</dt>
                <dd>{info.issuedAt}</dd>
              </div>
              <div>
                <dt>Expires At</dt>
                <dd>{info.expiresAt}</dd>
              </div>
              <div>
                <dt>Subject</dt>
                <dd>{info.subject}</dd>
              </div>
              <div>
                <dt>Issuer</dt>
                <dd>{info.issuer}</dd>
              </div>
              <div>
                <dt>Audience</dt>
                <dd>{info.audience}</dd>
              </div>
              <div>
                <dt>Status</dt>
                <TokenStatus key={s.decodes} token={t} />
              </div>
            </dl>
            {timeClaims(t.payload).length > 0 && (
              <>
                <h3>Time claims</h3>
                <ul className="time-claims">
                  {timeClaims(t.payload).map((c) => (
                    <li key={c.claim}>
                      <code>{c.claim}</code>: {c.date} <span className="muted">({c.seconds})</span>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </section>

          <div className="grid-2">
            {(
              [
                ['header', 'Header', json?.header ?? ''],
                ['payload', 'Payload', json?.payload ?? ''],
              ] as const
            ).map(([part, label, json]) => (
              <section className="panel" key={part} aria-label={`Decoded ${label}`}>
                <div className="row section-head">
                  <h2>{label}</h2>
                  <button type="button" onClick={() => copyPart(part, json)}>
                    Copy {label}
                  </button>
                </div>
                {/* Focusable: a long value scrolls it sideways, and the keyboard must reach that. */}
                <pre className={`code jwt-json jwt-${part}-json`} aria-label={`Decoded ${label}`} tabIndex={0}>
                  {shownText(json)}
                </pre>
                {partNote(json)}
              </section>
            ))}
          </div>
          <section className="panel" aria-label="Signature">
            <div className="row section-head">
              <h2>Signature</h2>
              <button type="button" onClick={() => copyPart('signature', t.signature)}>
                Copy Signature
              </button>
            </div>
            <pre className="code jwt-signature-text">{shownText(t.signature) || '(empty)'}</pre>
            {partNote(t.signature)}
            <div className="verify">
              <label className="field" htmlFor="jwt-key">
                {isHmac ? 'Secret' : 'Public key (PEM, JWK or JWK set)'} for verification
              </label>
              <textarea
                id="jwt-key"
                className="jwt-key"
                value={s.verifyKey}
                spellCheck={false}
                onChange={(e) => s.setVerifyKey(e.target.value)}
              />
              <div className="row">
                {isHmac && (
                  <label>
                    <input
                      type="checkbox"
                      checked={s.secretIsBase64Url}
                      onChange={(e) => s.setSecretIsBase64Url(e.target.checked)}
                    />{' '}
                    Secret is base64url-encoded
                  </label>
                )}
                <button
                  type="button"
                  onClick={async () => {
                    const r = await verifySignature(t, s.verifyKey, { secretIsBase64Url: s.secretIsBase64Url });
                    s.setVerification(r);
                    trackToolUsage(tool.analyticsName, 'verify_signature', {
                      alg: reportedAlg(t.header.alg),
                      result: r.status,
                    });
                  }}
                >
                  Verify signature
                </button>
              </div>
              <p
                className={`verify-result verify-${s.verification?.status ?? 'none'}`}
                role="status"
                aria-live="polite"
                data-testid="verify-result"
              >
                {s.verification
                  ? `${s.verification.status === 'valid' ? '✅' : '❌'} ${s.verification.message}`
                  : 'Signature not verified. Enter the secret or public key and press Verify signature to check it.'}
              </p>
            </div>
          </section>
        </>
      )}
    </ToolPage>
  );
}

/**
 * The Status cell, said as of now: while exp or nbf is ahead it is evaluated again every second, so
 * "Not expired — valid for 29 seconds" turns into "Expired" when exp passes (it stayed until
 * something else re-rendered the page). Its own component: the tick re-renders only this cell.
 */
function TokenStatus({ token }: { token: DecodedJwt }) {
  // Mounted afresh for each decoded token (keyed by the page), so `now` starts at the decode.
  const [now, setNow] = useState(() => Date.now());
  const { exp, nbf } = token.payload;
  const ahead = [exp, nbf].some((claim) => typeof claim === 'number' && claim * 1000 > now);
  useEffect(() => {
    if (!ahead) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [ahead]);
  const life = lifetimeStatus(token.payload, now, token.text.payload);
  const word = statusWord(tokenInfo(token, now).expired, life.kind);
  return (
    <dd data-testid="jwt-status" className={word === 'Not expired' ? 'status-good' : 'status-bad'}>
      {word} — {life.text}
    </dd>
  );
}
