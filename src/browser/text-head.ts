/**
 * The start of a text that a textarea can show without a long task: Chromium lays out every
 * line of a textarea's value (about 8 µs a line plus 0.1 µs a character here, so 1,000 lines
 * take about 10 ms and 64 KB of formatted JSON about 70 ms), so long outputs show their head:
 * at most `maxLines` lines and `maxChars` UTF-16 units, one fewer where the last would be half of
 * a surrogate pair.
 */
export function textHead(text: string, maxLines: number, maxChars = Infinity): string {
  let end = Math.min(text.length, maxChars);
  // Never half an emoji: a lone surrogate at the end is drawn as "�".
  const last = text.charCodeAt(end - 1);
  if (end < text.length && last >= 0xd800 && last <= 0xdbff) end--;
  let at = -1;
  for (let lines = 1; lines <= maxLines; lines++) {
    at = text.indexOf('\n', at + 1);
    if (at < 0 || at >= end) return end === text.length ? text : text.slice(0, end);
  }
  return text.slice(0, at);
}
