/** Cheap guesses (first few KB only) used for the "looks like the other format" hints. */
const HEAD = 4096;

export function looksLikeJson(text: string): boolean {
  const head = text.slice(0, HEAD).trimStart();
  return /^[[{]/.test(head) && /^[[{]\s*(?:["{[\]}\d-]|true|false|null|$)/.test(head);
}

/** YAML that is not JSON: a block mapping line (key: value), a list item, or a document marker. */
export function looksLikeYaml(text: string): boolean {
  const head = text.slice(0, HEAD).trimStart();
  if (!head || looksLikeJson(head)) return false;
  return /^(?:---|[\w"'.-][^\n:]*:(?:\s|$)|- )/m.test(head);
}

/** Several lines with the same number (> 0) of the delimiter outside quotes. */
export function looksLikeCsv(text: string, delimiter = ','): boolean {
  const lines = text
    .slice(0, HEAD)
    .split(/\r?\n/)
    .filter((l) => l.trim())
    .slice(0, 5);
  const [first] = lines;
  if (first === undefined || lines.length < 2 || looksLikeJson(text)) return false;
  const count = (l: string) => l.split(delimiter).length - 1;
  return count(first) > 0 && lines.every((l) => count(l) === count(first));
}
