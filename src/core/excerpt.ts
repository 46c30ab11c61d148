/**
 * Messages quote what the user typed, but never all of it: a 100,000-character input must not give
 * a 100,000-character message. Every tool quotes user text through `quoteExcerpt`.
 */

/** Characters of the input a message quotes at most. */
export const EXCERPT_CHARS = 40;

/**
 * The start of `text`, at most `max` characters (never splitting a surrogate pair), with "…" when
 * it was cut.
 */
export function excerpt(text: string, max = EXCERPT_CHARS): string {
  return text.length <= max ? text : `${head(text, max)}…`;
}

/** The start of `text`, at most `max` UTF-16 units, never ending in half a surrogate pair. */
export function head(text: string, max: number): string {
  if (text.length <= max) return text;
  const last = text.charCodeAt(max - 1);
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? max - 1 : max);
}

/**
 * `text` in double quotes; longer than `max`, its start and its length:
 * `"ffffffffffffffffffffffffffffffffffffffff…" (10,000 characters)`.
 */
export function quoteExcerpt(text: string, max = EXCERPT_CHARS): string {
  if (text.length <= max) return `"${text}"`;
  return `"${excerpt(text, max)}" (${text.length.toLocaleString('en-US')} characters)`;
}
