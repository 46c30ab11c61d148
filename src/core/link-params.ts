/**
 * The checks every tool's link shares, on the page (src/browser/permalink.ts, the contrast and
 * subnet pages) and in `bitsmith <generator> generate --config URL`: a parameter that misspells a
 * setting, or a setting given twice, makes the link damaged rather than quietly opening the defaults.
 * `names` are the link's parameter names in order, repeats kept (`[...searchParams.keys()]`).
 */
import { nearestName } from './edit-distance';

/** Parameters other sites add to a link (campaigns, click ids, referrers): never a setting misspelt. */
const FOREIGN = /^(utm_.*|fbclid|gclid|msclkid|ref|source)$/i;

/**
 * The setting `key` misspells: another case; one typo, two from 7 letters, as the palette and the
 * 404 page forgive them (shorter names would catch other sites' parameters); undefined when none.
 */
export function misspeltSetting(key: string, settings: readonly string[]): string | undefined {
  if (settings.includes(key) || FOREIGN.test(key)) return undefined;
  return nearestName(key, settings, key.length >= 7 ? 2 : key.length >= 4 ? 1 : 0);
}

/** The parameter names that misspell one of `settings` (`dataWidht` for `dataWidth`), each once. */
export function misspeltParams(names: readonly string[], settings: readonly string[]): string[] {
  return [...new Set(names)].filter((k) => misspeltSetting(k, settings) !== undefined);
}

/** A setting given more than once: which value was meant cannot be told. */
export const repeatedSetting = (names: readonly string[], settings: readonly string[]): string | undefined =>
  settings.find((k) => names.indexOf(k) !== names.lastIndexOf(k));

/** Whether the parameters of a link damage it for a page with these settings. */
export const paramsDamaged = (names: readonly string[], settings: readonly string[]): boolean =>
  repeatedSetting(names, settings) !== undefined || misspeltParams(names, settings).length > 0;
