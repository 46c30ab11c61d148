/**
 * Drafts: a tool's inputs and options survive the sidebar's full-page navigation and a reload.
 * Kept in sessionStorage (this tab only, gone when it closes), versioned, and capped: a text
 * longer than DRAFT_MAX_CHARS (a 50 MB paste) is not written, so storage never fills and a
 * keystroke never serialises megabytes. Files are never stored; secrets are left out by `pick`.
 * A draft is always the latest state, or the part of it that fits: a draft that could not be
 * written whole never leaves an older one behind for a reload to bring back.
 */
import type { StoreApi } from 'zustand';
import { webStorage } from './quiet-storage';
import { setDraftNotKept, setHeldInMemory } from './draft-kept';

const PREFIX = 'bitsmith:draft:';
export const DRAFT_MAX_CHARS = 200_000;
/** The longest draft written: a text at the cap grows when serialised (every quote escaped). */
const DRAFT_MAX_STORED = 2 * DRAFT_MAX_CHARS + 10_000;

/** The draft of the tool at `path`, or of a second store on its page (`part`: the CRC's Identify tab). */
export const draftKey = (path: string, part?: string) => PREFIX + path + (part ? `#${part}` : '');

/** The storage keys of every draft of the tool at `path` (its own and its parts'). */
export function draftKeysOf(storage: Storage, path: string): string[] {
  const own = draftKey(path);
  return Array.from({ length: storage.length }, (_, i) => storage.key(i) ?? '').filter(
    (k) => k === own || k.startsWith(`${own}#`),
  );
}

/** The picked fields minus strings too long to keep (checked before any serialisation). */
function capped(fields: object): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(fields).filter(([, v]) => !(typeof v === 'string' && v.length > DRAFT_MAX_CHARS)),
  );
}

/**
 * The draft's JSON: the fields, leaving out the longest (by their JSON) until it is at most
 * DRAFT_MAX_STORED characters, so the options still come back when a text escapes to too long.
 */
export function draftText(version: number, fields: object): string {
  return draftWithin(version, fields).text;
}

/** The draft's JSON and whether a field had to be left out of it (one undefined counts: draftInput's). */
function draftWithin(version: number, fields: object): { text: string; leftOut: boolean } {
  const kept = capped(fields);
  const members = Object.entries(kept).flatMap(([k, v]) => {
    const json = JSON.stringify(v);
    return json === undefined ? [] : [`${JSON.stringify(k)}:${json}`];
  });
  const text = () => `{"v":${version},"state":{${members.join(',')}}}`;
  let length = text().length;
  while (length > DRAFT_MAX_STORED) {
    const longest = members.reduce((at, m, i) => (m.length > members[at]!.length ? i : at), 0);
    length -= members[longest]!.length + (members.length > 1 ? 1 : 0);
    members.splice(longest, 1);
  }
  return { text: text(), leftOut: members.length < Object.keys(fields).length };
}

/**
 * The fields of a saved draft that have the shape of the tool's own (`current`: its defaults, as
 * picked), so a hand-edited, damaged or older draft can never put a value of another type into a
 * tool (its page used to crash blank on every reload of the tab). A field of another type is left
 * out (the tool's default stays); fields the draft lacks keep theirs.
 */
export function draftFields(saved: unknown, current: object): Record<string, unknown> {
  if (!isRecord(saved)) return {};
  const out: Record<string, unknown> = {};
  for (const [k, d] of Object.entries(current)) {
    const v = k in saved ? shaped(saved[k], d, true) : undefined;
    if (v !== undefined) out[k] = v;
  }
  return out;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * `value` when it has the shape of `like` (same types, recursively; an array's items that of its
 * first), undefined when not. With `fill`, an object's members of another type or missing (a field
 * an older version did not have) take `like`'s; inside lists, whose items are the user's own (an
 * FSM state is not given another's name or outputs), an item with a member of another type makes
 * the list not fit.
 */
function shaped(value: unknown, like: unknown, fill: boolean): unknown {
  // A `number | null` setting (the subnet's child prefix); a null `file` is never a file.
  if (like === null || like === undefined) return value === null || typeof value === 'number' ? value : undefined;
  if (Array.isArray(like)) {
    if (!Array.isArray(value)) return undefined;
    if (like.length === 0) return value;
    const items = value.map((item) => shaped(item, like[0], false));
    return items.includes(undefined) ? undefined : items;
  }
  if (isRecord(like)) {
    if (!isRecord(value)) return undefined;
    const out: Record<string, unknown> = { ...value };
    for (const [k, d] of Object.entries(like)) {
      const v = k in value && k !== 'file' ? shaped(value[k], d, fill) : undefined;
      if (v !== undefined) out[k] = v;
      else if (fill) out[k] = d;
      else if (k in value) return undefined;
    }
    return out;
  }
  // A list item's number field the user emptied (NaN, null in JSON: an FSM signal's width) comes
  // back empty: refused, it made the whole list (every input the user named) the default's.
  if (!fill && typeof like === 'number' && value === null) return NaN;
  if (typeof value !== typeof like) return undefined;
  return typeof value === 'number' && !Number.isFinite(value) ? undefined : value;
}

/**
 * Restores `store` from the draft saved for the tool at `path` (if its version matches) and keeps
 * the draft up to date with what `pick` returns. Call once, next to the store's creation. `fileOf`
 * says whether the user has a file chosen: a draft never holds one, and the page says so.
 * `inMemoryOnly` says whether the page holds input left out of the draft on purpose (a secret): no
 * notice for it, but a new deploy's reload waits (draft-kept.ts). `part` names a second store of
 * the same page: it keeps a draft of its own (draftKey), and the page's notice covers both.
 */
export function keepDraft<T extends object>(
  store: Pick<StoreApi<T>, 'getState' | 'setState' | 'subscribe'>,
  path: string,
  pick: (state: T) => Partial<T>,
  {
    version = 1,
    fileOf,
    inMemoryOnly,
    part,
  }: {
    version?: number;
    fileOf?: (state: T) => unknown;
    inMemoryOnly?: (state: T) => boolean;
    part?: string;
  } = {},
): void {
  if (inMemoryOnly && typeof window !== 'undefined') {
    store.subscribe((state) => setHeldInMemory(path, inMemoryOnly(state)));
  }
  const storage = webStorage('sessionStorage'); // none in Node's unit tests, nor where denied
  if (!storage) {
    if (typeof window !== 'undefined') setDraftNotKept(path, 'refused', part);
    return;
  }
  const key = draftKey(path, part);
  try {
    const saved = JSON.parse(storage.getItem(key) ?? 'null') as { v?: number; state?: unknown } | null;
    if (saved?.v === version) store.setState(draftFields(saved.state, pick(store.getState())) as Partial<T>);
  } catch {
    storage.removeItem(key); // a damaged draft is dropped, never an error
  }
  let last = '';
  let lastPicked: Partial<T> = {};
  let lastFile = false;
  store.subscribe((state) => {
    // Progress and status updates change nothing picked: no need to serialise a long text again.
    const picked = pick(state);
    const file = !!fileOf?.(state);
    if (samePicked(picked, lastPicked) && file === lastFile) return;
    lastPicked = picked;
    lastFile = file;
    const { text, leftOut } = draftWithin(version, picked);
    const why = file ? 'file' : leftOut ? 'too long' : '';
    if (text === last) return setDraftNotKept(path, why, part);
    try {
      storage.setItem(key, text);
      last = text;
      setDraftNotKept(path, why, part);
    } catch {
      setDraftNotKept(path, 'refused', part);
      // Quota or privacy mode: the tool works, the draft just is not kept, and the older one
      // must not come back on a reload in place of what the user has now.
      try {
        storage.removeItem(key);
      } catch {
        // storage blocked altogether: nothing was kept
      }
      last = '';
    }
  });
}

/** Whether two picks hold the same values (by identity, a level deep: pick builds new objects). */
function samePicked(a: object, b: object): boolean {
  const ea = Object.entries(a);
  if (ea.length !== Object.keys(b).length) return false;
  return ea.every(([k, v]) => {
    const w = (b as Record<string, unknown>)[k];
    if (Object.is(v, w)) return true;
    if (!v || !w || typeof v !== 'object' || typeof w !== 'object') return false;
    const ev = Object.entries(v);
    return ev.length === Object.keys(w).length && ev.every(([j, x]) => Object.is(x, (w as Record<string, unknown>)[j]));
  });
}

/** A data tool's input as a draft: its text when short enough, never its file. */
export function draftInput(input: { text: string }): { input: { text: string; file: null } | undefined } {
  return { input: input.text.length <= DRAFT_MAX_CHARS ? { text: input.text, file: null } : undefined };
}
