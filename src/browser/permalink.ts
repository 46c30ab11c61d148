/**
 * Permalinks: a tool's settings (never large data, never secrets) live in the query string, so a
 * copied link restores them in a fresh browser. Only settings that differ from the defaults are
 * written; primitives as themselves, objects packed (packJson). Reading coerces each value to its
 * default's type and drops what does not fit, so a hand-edited link cannot put garbage into a tool.
 */
import { useEffect, useLayoutEffect } from 'react';
import type { StoreApi } from 'zustand';
import { packJson, unpackJson } from '../core/packed-json';
import { misspeltParams, paramsDamaged } from '../core/link-params';
import {
  TOO_LONG_FOR_LINK,
  claimLinkKeys,
  paramNames,
  setLinkDamaged,
  setSettingsLeftOutOfLink,
  type LeftOut,
} from './link-left-out';

type Settings = object;

/**
 * The longest link we write. Servers and proxies refuse longer request lines (Node's, and so our
 * server's, limit is 16 KB of headers: a reload of a longer link got HTTP 431 and no page), so the
 * longest settings are left out of a link until it fits; the tool's draft still keeps them.
 */
export const MAX_LINK_CHARS = 8_000;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Query parameters for the settings that differ from `defaults`. */
export function settingsToParams(settings: Settings, defaults: Settings): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(settings)) {
    // A pasted megabyte in a field must not be compared or encoded on every keystroke.
    if (typeof v === 'string' && v.length > MAX_LINK_CHARS) continue;
    if (!(k in defaults) || same(v, (defaults as Record<string, unknown>)[k])) continue;
    out[k] = typeof v === 'object' ? packJson(v) : String(v);
  }
  return out;
}

/** The settings a query string holds, each of its default's type; anything else is dropped. */
export function settingsFromParams<S extends Settings>(search: string, defaults: S): Partial<S> {
  const q = new URLSearchParams(search);
  const out: Record<string, unknown> = {};
  for (const [k, d] of Object.entries(defaults)) {
    const raw = q.get(k);
    if (raw === null) continue;
    if (typeof d === 'number') {
      const n = Number(raw);
      if (raw.trim() !== '' && Number.isFinite(n)) out[k] = n;
    } else if (typeof d === 'boolean') {
      if (raw === 'true' || raw === 'false') out[k] = raw === 'true';
    } else if (typeof d === 'string') {
      out[k] = raw;
    } else {
      try {
        const v = unpackJson(raw);
        if (typeof v === 'object' && v !== null && Array.isArray(v) === Array.isArray(d)) out[k] = v;
      } catch {
        // not a packed setting nor JSON: dropped
      }
    }
  }
  return out as Partial<S>;
}

/**
 * Whether the query string has a setting of the tool that could not be read (so was dropped).
 * NaN or Infinity is not damage: it is what the page itself writes for an emptied (or 1e999)
 * number field, and it is dropped as before (the default).
 */
function unreadParams(search: string, defaults: Settings, read: Settings): boolean {
  const q = new URLSearchParams(search);
  return Object.keys(defaults).some((k) => q.has(k) && !(k in read) && !/^-?(NaN|Infinity)$/.test(q.get(k)!));
}

export interface PermalinkSpec<T, S extends Settings> {
  /** The shareable settings of the state. */
  pick: (state: T) => S;
  /**
   * Puts the settings of a link (the defaults for those it omits) into the store, after `accept`;
   * `given` holds only those the link itself states.
   */
  apply: (settings: Partial<S>, given: Partial<S>) => void;
  defaults: S;
  /** Shape checks for settings from a link: false drops them all. */
  accept?: (settings: Partial<S>) => boolean;
  /** What `pick` left out of the state's settings, and why (Copy link says it). */
  leftOut?: (state: T) => LeftOut[];
}

/**
 * `href` with the given keys of its query string replaced (other parameters and the fragment
 * kept), leaving out the longest of `params` until it is at most MAX_LINK_CHARS long.
 */
export function linkWith(href: string, keys: string[], params: Record<string, string>): string {
  const url = new URL(href);
  for (const k of keys) url.searchParams.delete(k);
  for (const [k, v] of Object.entries(params)) if (v.length <= MAX_LINK_CHARS) url.searchParams.set(k, v);
  const ours = Object.keys(params).sort((a, b) => params[b]!.length - params[a]!.length);
  while (url.href.length > MAX_LINK_CHARS && ours.length) url.searchParams.delete(ours.shift()!);
  return url.href;
}

function writeParams(part: object, keys: string[], params: Record<string, string>, leftOut: LeftOut[]): void {
  const href = linkWith(location.href, keys, params);
  const written = new URL(href).searchParams;
  const dropped = Object.keys(params).filter((k) => written.get(k) !== params[k]);
  setSettingsLeftOutOfLink(part, [...leftOut, ...dropped.map((name) => ({ name, why: TOO_LONG_FOR_LINK }))]);
  if (href !== location.href) history.replaceState(history.state, '', href);
}

/**
 * Whether a link (its query string) is damaged for the tool: a setting of it does not read, or
 * fails the tool's shape checks (`accept`). A damaged link is not opened at all.
 */
export function isLinkDamaged<S extends Settings>(
  search: string,
  spec: Pick<PermalinkSpec<unknown, S>, 'defaults' | 'accept'>,
): boolean {
  const fromLink = settingsFromParams(search, spec.defaults);
  const given = Object.keys(fromLink).length > 0;
  return unreadParams(search, spec.defaults, fromLink) || (given && !(spec.accept?.(fromLink) ?? true));
}

/** The link checks of another part of the same page's link (`usePermalink`'s `samePage`). */
export interface LinkPart {
  defaults: Settings;
  accept?: (settings: never) => boolean;
}

/**
 * Reads the tool's settings from the link once (they win over a draft), then keeps the link in step.
 * `samePage`: the specs of the other parts of the page's link (the CRC page's Generate and Identify
 * stores): a link damaged in any part opens in none, and every part reports the same damage (each
 * used to report its own, and the last one's "not damaged" hid the first one's notice).
 */
export function usePermalink<T, S extends Settings>(
  store: Pick<StoreApi<T>, 'getState' | 'subscribe'>,
  spec: PermalinkSpec<T, S>,
  samePage: readonly LinkPart[] = [],
) {
  // Every setting of the page's link, of all its parts: a misspelt one is damage, and leaves the address.
  const pageKeys = [spec as LinkPart, ...samePage].flatMap((part) => Object.keys(part.defaults));
  useLayoutEffect(() => {
    const fromLink = settingsFromParams(location.search, spec.defaults);
    const given = Object.keys(fromLink).length > 0;
    // A link cut short or edited would put a mix of its settings and the defaults over the draft:
    // it is not opened at all, and the page says so.
    const damaged =
      paramsDamaged(paramNames(location.search), pageKeys) ||
      [spec as LinkPart, ...samePage].some((part) =>
        isLinkDamaged(location.search, part as Pick<PermalinkSpec<unknown, Settings>, 'defaults' | 'accept'>),
      );
    setLinkDamaged(damaged);
    // A link states every setting (absent ones are the defaults), so a draft does not leak into it.
    if (given && !damaged) spec.apply({ ...spec.defaults, ...fromLink }, fromLink);
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- once, on arrival
  useEffect(() => {
    const keys = Object.keys(spec.defaults);
    const sync = (state: T) => {
      const settings = spec.pick(state);
      const tooLong = Object.entries(settings).filter(([, v]) => typeof v === 'string' && v.length > MAX_LINK_CHARS);
      // An emptied number field is NaN in the store: a link reads it back as the default.
      const notNumbers = Object.entries(settings).filter(([, v]) => typeof v === 'number' && !Number.isFinite(v));
      writeParams(
        spec,
        [...keys, ...misspeltParams(paramNames(location.search), pageKeys)],
        settingsToParams(settings, spec.defaults),
        [
          ...tooLong.map(([name]) => ({ name, why: TOO_LONG_FOR_LINK })),
          ...notNumbers.map(([name]) => ({ name, why: 'empty or not a number' })),
          ...(spec.leftOut?.(state) ?? []),
        ],
      );
    };
    sync(store.getState());
    const unsubscribe = store.subscribe(sync);
    const release = claimLinkKeys(keys);
    return () => {
      release();
      unsubscribe();
      setSettingsLeftOutOfLink(spec, []);
      setLinkDamaged(false);
    };
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- the spec is static per tool
}
