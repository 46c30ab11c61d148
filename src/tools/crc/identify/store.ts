/**
 * The CRC page's tab and the Identify form (zustand), with their permalink: the tab, the mode, the
 * fixed parameters and the samples when they are short text (never a file's bytes); and its draft:
 * the mode, the fixed parameters and every sample's text (a file row comes back without its file).
 */
import { create } from 'zustand';
import { keepDraft } from '../../../browser/draft';
import { tool } from '../tool';
import type { PermalinkSpec } from '../../../browser/permalink';
import { TOO_LONG_FOR_LINK, type LeftOut } from '../../../browser/link-left-out';
import { NO_FIXED, type FixedInput, type IdentifyMode, type SampleFormat } from '../../../core/crc/identify';

export type CrcTab = 'generate' | 'identify';

export interface SampleRow {
  id: number;
  format: SampleFormat;
  message: string;
  crc: string;
  /** A chosen file (format 'file'): its name and bytes, kept out of links. */
  file?: { name: string; bytes: Uint8Array };
}

interface IdentifyState {
  tab: CrcTab;
  mode: IdentifyMode;
  rows: SampleRow[];
  fixed: FixedInput;
  setTab(tab: CrcTab): void;
  setMode(mode: IdentifyMode): void;
  addRow(): void;
  removeRow(id: number): void;
  updateRow(id: number, patch: Partial<Omit<SampleRow, 'id'>>): void;
  setFixed<K extends keyof FixedInput>(key: K, value: FixedInput[K]): void;
  setRows(rows: Omit<SampleRow, 'id'>[]): void;
}

let nextId = 1;
const row = (r: Omit<SampleRow, 'id'> = { format: 'hex', message: '', crc: '' }): SampleRow => ({ id: nextId++, ...r });

export const useIdentifyStore = create<IdentifyState>((set) => ({
  tab: 'generate',
  mode: 'message',
  rows: [row(), row()],
  fixed: NO_FIXED,
  setTab: (tab) => set({ tab }),
  setMode: (mode) => set({ mode }),
  addRow: () => set((s) => ({ rows: [...s.rows, row()] })),
  removeRow: (id) => set((s) => ({ rows: s.rows.filter((r) => r.id !== id) })),
  updateRow: (id, patch) => set((s) => ({ rows: s.rows.map((r) => (r.id === id ? { ...r, ...patch } : r)) })),
  setFixed: (key, value) => set((s) => ({ fixed: { ...s.fixed, [key]: value } })),
  setRows: (rows) => set({ rows: rows.map((r) => row(r)) }),
}));

/** Samples go into a link only while the link stays short. */
const LINK_SAMPLES_MAX = 1500;
type LinkFormat = Exclude<SampleFormat, 'file'>;
type LinkSample = [format: LinkFormat, message: string, crc: string];
const LINK_FORMATS: readonly unknown[] = ['hex', 'ascii', 'bits'] satisfies LinkFormat[];

interface IdentifySettings {
  tab: string;
  mode: string;
  samples: LinkSample[];
  fixed: FixedInput;
}

/**
 * The samples a link holds (in order, while they stay short) and those it leaves out, with why:
 * one file or long sample left every sample out without a word until 2026-12-01.
 */
function linkSamples(rows: SampleRow[]): { samples: LinkSample[]; leftOut: LeftOut[] } {
  const samples: LinkSample[] = [];
  const leftOut: LeftOut[] = [];
  // Nothing typed yet (the fresh form's empty rows): nothing to share, and the address stays bare.
  if (rows.every((r) => !r.message && !r.crc && !r.file)) return { samples, leftOut };
  let chars = 2; // the JSON array's brackets
  rows.forEach((r, i) => {
    const name = `sample ${i + 1}`;
    if (r.format === 'file') return void leftOut.push({ name, why: 'a file is never put in a link' });
    const sample: LinkSample = [r.format, r.message, r.crc];
    const n = r.message.length + r.crc.length > LINK_SAMPLES_MAX ? Infinity : JSON.stringify(sample).length + 1;
    if (chars + n > LINK_SAMPLES_MAX) return void leftOut.push({ name, why: TOO_LONG_FOR_LINK });
    chars += n;
    samples.push(sample);
  });
  return { samples, leftOut };
}

const isLinkSample = (s: unknown): s is LinkSample =>
  Array.isArray(s) && s.length === 3 && LINK_FORMATS.includes(s[0]) && s.every((x) => typeof x === 'string');

/** Values each known-parameter field can hold: text, or one of its select's options. */
const FIXED_OPTIONS: Partial<Record<keyof FixedInput, readonly string[]>> = {
  refin: ['', 'true', 'false'],
  refout: ['', 'true', 'false'],
  byteOrder: ['', 'big', 'little'],
};

/**
 * The known parameters of a link, as the fields hold them (unknown keys are dropped on apply). A
 * refin of "yes" fixed refin false, a width as a number made Identify throw, and a byte order
 * "middle" was searched as little-endian, all without a word, until 2026-11-30.
 */
const isLinkFixed = (f: unknown): boolean =>
  typeof f === 'object' &&
  f !== null &&
  !Array.isArray(f) &&
  Object.entries(f).every(
    ([k, v]) =>
      !(k in NO_FIXED) || (typeof v === 'string' && (FIXED_OPTIONS[k as keyof FixedInput]?.includes(v) ?? true)),
  );

export const identifyLink: PermalinkSpec<IdentifyState, IdentifySettings> = {
  pick: (s) => ({ tab: s.tab, mode: s.mode, samples: linkSamples(s.rows).samples, fixed: s.fixed }),
  leftOut: (s) => linkSamples(s.rows).leftOut,
  apply: ({ tab, mode, samples, fixed }) =>
    useIdentifyStore.setState((s) => ({
      tab: tab === 'identify' ? 'identify' : 'generate',
      mode: mode === 'codeword' ? 'codeword' : 'message',
      fixed: { ...NO_FIXED, ...Object.fromEntries(Object.entries(fixed ?? {}).filter(([k]) => k in NO_FIXED)) },
      // The link of the draft's own samples (a reload: the address is kept in step) keeps the
      // draft's rows, the samples the link left out with them.
      rows:
        samples && samples.length > 0 && JSON.stringify(samples) !== JSON.stringify(linkSamples(s.rows).samples)
          ? samples.filter(isLinkSample).map(([format, message, crc]) => row({ format, message, crc }))
          : s.rows,
    })),
  defaults: { tab: 'generate', mode: 'message', samples: [], fixed: NO_FIXED },
  accept: (s) =>
    (s.tab === undefined || s.tab === 'generate' || s.tab === 'identify') &&
    (s.mode === undefined || s.mode === 'message' || s.mode === 'codeword') &&
    (s.samples === undefined || (Array.isArray(s.samples) && s.samples.every(isLinkSample))) &&
    (s.fixed === undefined || isLinkFixed(s.fixed)),
};

// The form's draft, beside the Generate tab's (its own key): a reload lost every sample the link
// could not hold (a long one, a file row) until 2026-12-01.
keepDraft(
  useIdentifyStore,
  tool.path,
  ({ tab, mode, rows, fixed }) => ({
    tab,
    mode,
    rows: rows.map(({ id, format, message, crc }) => ({ id, format, message, crc })),
    fixed,
  }),
  { part: 'identify', fileOf: ({ rows }) => rows.some((r) => r.file) },
);

// A hand-edited draft's tab, mode, formats or parameters the form does not offer: the defaults. Ids
// go on from the draft's, so a new row never shares one. The draft's tab is for the bare route (the
// sidebar's link, until 2026-12-02 always the Generate tab): a link opens on the tab it states.
{
  const { tab, mode, rows, fixed } = useIdentifyStore.getState();
  const linked = typeof location !== 'undefined' && location.search !== '';
  if ((tab !== 'generate' && tab !== 'identify') || linked) useIdentifyStore.setState({ tab: 'generate' });
  const formats: readonly string[] = ['hex', 'ascii', 'file', 'bits'] satisfies SampleFormat[];
  if (mode !== 'message' && mode !== 'codeword') useIdentifyStore.setState({ mode: 'message' });
  if (!isLinkFixed(fixed)) useIdentifyStore.setState({ fixed: NO_FIXED });
  const ids = new Set(rows.map((r) => r.id));
  const bad = (r: SampleRow) => !formats.includes(r.format) || !Number.isSafeInteger(r.id) || r.id < 1;
  if (rows.length < 2 || ids.size < rows.length || rows.some(bad)) useIdentifyStore.setState({ rows: [row(), row()] });
  else nextId = Math.max(nextId, ...ids) + 1;
}
