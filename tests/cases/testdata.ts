/** Generators of awkward data for the round-trip tests (test-only helper), driven by a seeded `r`. */

const PIECES = [
  'a',
  'Zürich',
  '日本語',
  '👋🏽',
  '"',
  '""',
  ',',
  ';',
  '\t',
  '|',
  '\n',
  '\r\n',
  ' ',
  'x y',
  '=SUM(A1)',
  '-',
  'null',
  'true',
  '0',
  '007',
  '1.50',
  '#',
  ':',
  '- ',
  '{',
  '[',
  '\\',
  '\u00e9',
  'yes',
  '~',
  '&a',
  '*b',
  '!t',
  '%',
  '@',
  "'",
];

export function randomText(r: () => number, maxPieces = 5): string {
  const n = Math.floor(r() * maxPieces);
  let s = '';
  for (let i = 0; i < n; i++) s += PIECES[Math.floor(r() * PIECES.length)];
  return s;
}

const NUMBERS = [
  '0',
  '-1',
  '42',
  '3.14',
  '1.50',
  '1e10',
  '2.5E-3',
  '-0',
  '12345678901234567890',
  '0.10000000000000000001',
  '9007199254740993',
  '1e400',
  '-98765432109876543210.5',
];

export function randomNumberLiteral(r: () => number): string {
  return NUMBERS[Math.floor(r() * NUMBERS.length)]!; // r() < 1: always an index
}

/** JSON text of a random document (numbers written as literal text, some beyond double precision). */
export function randomJsonText(r: () => number, depth = 3): string {
  const pick = r();
  if (depth > 0 && pick < 0.25) {
    const n = Math.floor(r() * 4);
    return `[${Array.from({ length: n }, () => randomJsonText(r, depth - 1)).join(',')}]`;
  }
  if (depth > 0 && pick < 0.5) {
    const n = Math.floor(r() * 4);
    const keys = new Set(Array.from({ length: n }, () => randomText(r, 3)));
    return `{${[...keys].map((k) => `${JSON.stringify(k)}:${randomJsonText(r, depth - 1)}`).join(',')}}`;
  }
  if (pick < 0.65) return randomNumberLiteral(r);
  if (pick < 0.7) return ['true', 'false', 'null'][Math.floor(r() * 3)]!;
  return JSON.stringify(randomText(r));
}
