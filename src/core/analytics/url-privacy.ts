/**
 * What of a URL may leave the browser in an analytics report, and what the server keeps: never the
 * fragment (the JWT debugger keeps the token there), never a query parameter whose name looks like
 * a credential, never the user's content that a permalink carries (the lists a user typed or
 * pasted, long values). Used by the client before sending and by the server before storing (second
 * line).
 */
import { withoutJwts } from './text-privacy';

/** Parameter names treated as secrets: the whole name, or a name ending in one of them (`api_key`). */
export const SENSITIVE_PARAM =
  /(^|[_-])(token|access_token|id_token|refresh_token|key|apikey|secret|password|passwd|pwd|jwt|code|auth|authorization|session|sig|signature|credential|credentials)$/i;

/**
 * A permalink's object settings (src/browser/permalink.ts packs them): the user's own content, such
 * as the CRC Identify tab's captured samples and the FSM's states, signals and transitions.
 * `src/browser/permalink.test.ts` checks that every tool's object setting is listed here.
 */
export const CONTENT_PARAMS: ReadonlySet<string> = new Set([
  // The subnet calculator's address box (src/tools/subnet/url-state.ts): a network the user typed.
  'ip',
  'samples',
  'fixed',
  'states',
  'inputs',
  'outputs',
  'transitions',
  // The FSM's names the user typed (src/tools/fsm/store.ts): the reset state is one of the states.
  'moduleName',
  'resetState',
  'clkName',
  'resetName',
]);

/** Longer values are content (a paste into a field), not a choice: settings are short. */
export const CONTENT_VALUE_MIN = 101;

/** The placeholder a removed parameter's value becomes, so the report still shows it was there. */
export const REDACTED = 'REDACTED';

function redactQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawName = eq < 0 ? pair : pair.slice(0, eq);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        // A malformed escape: judge the raw name.
      }
      // A bare query part (`?<pasted text>`, no =) as long as a content value is a paste too.
      if (eq < 0) return pair.length >= CONTENT_VALUE_MIN ? REDACTED : pair;
      const content = CONTENT_PARAMS.has(name) || pair.length - eq - 1 >= CONTENT_VALUE_MIN;
      return SENSITIVE_PARAM.test(name) || content ? `${rawName}=${REDACTED}` : pair;
    })
    .join('&');
}

/** An absolute URL's user name and password (`http://user:pass@host/`) are credentials: replaced. */
const USER_INFO = /^([a-z][a-z\d+.-]*:\/\/)[^/?#]*@/i;
const withoutUserInfo = (url: string) => url.replace(USER_INFO, `$1${REDACTED}@`);

/**
 * Percent-encoded unreserved characters (letters, digits, `-._~`) written as themselves: they mean
 * the same (RFC 3986, 6.2.2.2), and a JWT written `eyJ...%2E...` must be seen as one.
 */
const decodeUnreserved = (url: string) =>
  url.replace(/%([0-9A-Fa-f]{2})/g, (escape, hex: string) => {
    const char = String.fromCharCode(parseInt(hex, 16));
    return /[A-Za-z0-9._~-]/.test(char) ? char : escape;
  });

/**
 * `href` (absolute or a path) without its fragment and with credential-like and content query values
 * replaced, without the user name and password of an absolute URL, and without any JWT written
 * elsewhere in it (a path segment, a parameter of another name, percent-encoded or not), e.g.
 * `/jwt-debugger?x=1&token=abc#token=eyJ...` -> `/jwt-debugger?x=1&token=REDACTED`,
 * `/crc-generator?tab=identify&samples=TczLDY...` -> `/crc-generator?tab=identify&samples=REDACTED`.
 */
export function redactUrl(href: string): string {
  const hash = href.indexOf('#');
  const noFragment = withoutJwts(decodeUnreserved(withoutUserInfo(hash < 0 ? href : href.slice(0, hash))));
  const q = noFragment.indexOf('?');
  if (q < 0) return noFragment;
  const query = redactQuery(noFragment.slice(q + 1));
  return query === '' ? noFragment.slice(0, q) : `${noFragment.slice(0, q)}?${query}`;
}
