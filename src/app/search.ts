/**
 * Tool search for the command palette and the filter boxes: ranks the declared pages by how well
 * a query matches their title, keywords and description, tolerating typos ("gradeint") and
 * abbreviations ("b64" is a keyword). Pure, so it is tested without a browser.
 */
import { editDistance } from '../core/edit-distance';
import { excerpt } from '../core/excerpt';
import type { PageDeclaration } from './tool';

/** How much a match in each field counts: a title hit beats a keyword hit beats a description hit. */
const FIELD_WEIGHT = { title: 3, keywords: 2, description: 1 } as const;

/** Match quality of one query token against one word. */
const EXACT = 100;
const PREFIX = 80;
const STEM = 60;
const INSIDE = 50;
const ONE_TYPO = 40;
const TWO_TYPOS = 20;

const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/**
 * A word without its ending (-ing, -er, -or, -ion, -e, -s) and a doubled last letter, so that forms
 * of one word meet: "subnetting" and "subnet", "formatting" and "formatter", "decoding" and "decode".
 */
const stem = (word: string) => word.replace(/(?:ing|ers?|ors?|ions?|e|s)$/, '').replace(/(.)\1$/, '$1');

/** How well `token` matches `word`: exact, prefix, another form of it, inside, or within one or two typos. */
function wordScore(token: string, word: string): number {
  if (word === token) return EXACT;
  if (word.startsWith(token)) return PREFIX;
  const tokenStem = stem(token);
  if (tokenStem.length >= 4 && tokenStem === stem(word)) return STEM;
  if (token.length >= 3 && word.includes(token)) return INSIDE;
  if (token.length < 3) return 0;
  // Compare with the word's start too, so a typo in a prefix ("gradi" -> "grad") still counts.
  const distance = Math.min(editDistance(token, word), editDistance(token, word.slice(0, token.length)));
  if (distance === 1) return ONE_TYPO;
  if (distance === 2 && token.length >= 6) return TWO_TYPOS;
  return 0;
}

/** Best match of `token` in a field (its words, and the whole text for multi-word keywords). */
function fieldScore(token: string, text: string): number {
  let best = 0;
  for (const w of words(text)) best = Math.max(best, wordScore(token, w));
  // "base64" in "Base64 Converter", "json to yaml": a token may span what words() splits.
  const joined = text.toLowerCase().replace(/[^a-z0-9]+/g, '');
  if (best < INSIDE && token.length >= 3 && joined.includes(token)) best = INSIDE;
  return best;
}

/**
 * A little more for the title's first word (as VS Code ranks a match at a label's start): "json"
 * lists "JSON Formatter" before "CSV and JSON Converter", which declaration order put first. Less
 * than any step between match qualities, so it only orders titles that match as well.
 */
const LEADING_WORD = 5;

function titleScore(token: string, title: string): number {
  const first = words(title)[0] ?? '';
  return FIELD_WEIGHT.title * fieldScore(token, title) + (first.startsWith(token) ? LEADING_WORD : 0);
}

function tokenScore(token: string, page: PageDeclaration): number {
  return Math.max(
    titleScore(token, page.title),
    FIELD_WEIGHT.keywords * Math.max(0, ...page.keywords.map((k) => fieldScore(token, k))),
    FIELD_WEIGHT.description * fieldScore(token, page.description),
  );
}

/** A page's score for `query`: every token must match somewhere; 0 means no match. */
export function pageScore(query: string, page: PageDeclaration): number {
  const tokens = words(query);
  if (tokens.length === 0) return 0;
  let total = 0;
  for (const t of tokens) {
    const s = tokenScore(t, page);
    if (s === 0) return 0;
    total += s;
  }
  // Built tools come before announced ones when both match as well.
  return page.kind === 'placeholder' ? total * 0.5 : total;
}

/** The pages matching `query`, best first (declaration order breaks ties); all pages for an empty query. */
export function searchPages<P extends PageDeclaration>(query: string, from: readonly P[]): P[] {
  if (!query.trim()) return [...from];
  return from
    .map((page, order) => ({ page, order, score: pageScore(query, page) }))
    .filter((h) => h.score > 0)
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .map((h) => h.page);
}

/** What the filter boxes list for `query` (null when empty): every match but the admin pages. */
export function filterPages(query: string, pages: readonly PageDeclaration[]): PageDeclaration[] | null {
  return query.trim() ? searchPages(query, pages).filter((p) => p.kind !== 'admin') : null;
}

/**
 * What a "Filter tools" box's live region says of `matches` (filterPages of `filter`): the count,
 * "No tool matches “…”.", or nothing for an empty box. The home page's and the sidebar's.
 */
export function filterStatus(filter: string, matches: readonly PageDeclaration[] | null): string {
  if (matches === null) return '';
  if (matches.length) return `${matches.length} ${matches.length === 1 ? 'tool' : 'tools'}`;
  return `No tool matches “${excerpt(filter)}”.`;
}
