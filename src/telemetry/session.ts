/**
 * Anonymous session id, kept in localStorage under `BitSmith_session_id`: the spec's
 * `{product}_session_id` with the product's name (part 1, section 3). Ids stored before under
 * `bitsmith_session_id` are moved, so a returning visitor stays one visitor.
 */
const SESSION_KEY = 'BitSmith_session_id';
const EARLIER_KEY = 'bitsmith_session_id';

function randomId(): string {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto) return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/**
 * The id of this page load when localStorage cannot be used (site data blocked): its own, so such
 * visitors are not all one visitor; a reload is then another visitor (nothing can remember it).
 */
let pageId: string | undefined;

export function getSessionId(): string {
  try {
    let id = localStorage.getItem(SESSION_KEY);
    if (!id) {
      id = localStorage.getItem(EARLIER_KEY) || randomId();
      localStorage.setItem(SESSION_KEY, id);
      localStorage.removeItem(EARLIER_KEY);
    }
    return id;
  } catch {
    return (pageId ??= randomId());
  }
}
