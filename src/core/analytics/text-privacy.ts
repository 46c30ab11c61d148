/**
 * What a JWT (or a JWE) looks like wherever it is written: a base64url JSON header (`{"` encodes
 * as `eyJ`), then at least two more dot-separated base64url parts, not inside a longer base64url
 * run; a percent-escape before it is a separator (`Bearer%20eyJ...`, `%22eyJ...%22`), not a run,
 * and its dots may be percent-encoded (`%2E`: a URL an error message quotes).
 * Used by the URL and message redaction: a token pasted into an address or carried by an error must
 * not reach the server.
 */
export const JWT_TEXT =
  /(?:(?<![A-Za-z0-9_-])|(?<=%[0-9A-Fa-f]{2}))eyJ[A-Za-z0-9_-]*(?:(?:\.|%2[Ee])[A-Za-z0-9_-]*){2,4}/g;

/** `text` with every JWT-shaped run replaced by `REDACTED`. */
export const withoutJwts = (text: string): string => text.replace(JWT_TEXT, 'REDACTED');

/**
 * An error message with what it quotes left out (used by the browser before sending, and again by
 * the server for older pages): a tool's message quotes the user's own input
 * (Base64's '"ä" at position 2 is outside the ASCII range'), which must not reach the server; a
 * JWT written in it unquoted is left out too.
 */
export const withoutQuotedText = (message: string): string => withoutJwts(message.replace(/"[^"]*"|“[^”]*”/g, '"…"'));
