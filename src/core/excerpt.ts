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
  if (text.length <= max) return text;
  let end = max;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return `${text.slice(0, end)}…`;
}

/**
 * `text` in double quotes; longer than `max`, its start and its length:
 * `"ffffffffffffffffffffffffffffffffffffffff…" (10,000 characters)`.
 */
export function quoteExcerpt(text: string, max = EXCERPT_CHARS): string {
  if (text.length <= max) return `"${text}"`;
  return `"${excerpt(text, max)}" (${text.length.toLocaleString('en-US')} characters)`;
}
