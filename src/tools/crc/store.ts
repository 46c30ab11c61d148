/** CRC generator state (zustand): polynomial bits, selection, parameters, options. */
import { create } from 'zustand';
import type { PredefinedAlgorithm } from '../../core/crc/catalogue';
import type { CustomFields } from '../../core/crc/request';
import { defaultBits, fieldsOf } from './logic';
import { POLY_BITS } from '../../core/crc/params';
import { keepDraft } from '../../browser/draft';
import type { PermalinkSpec } from '../../browser/permalink';
import { tool } from './tool';
import { isCrcLanguage, type CrcLanguage } from './languages';
import { MAX_PIPELINE_STAGES } from '../../core/hdl/crc';
import { predefinedAlgorithms } from '../../core/crc/catalogue';
import { FALLBACK_ALGORITHMS } from '../../core/crc/fallback';

const isPipelineStages = (n: number | undefined): n is number =>
  Number.isInteger(n) && n! >= 0 && n! <= MAX_PIPELINE_STAGES;

interface CrcState {
  bits: number[];
  /** Name of the chosen predefined algorithm; '' is Custom mode. */
  selected: string;
  fields: CustomFields;
  dataWidth: string;
  /** Verilog, VHDL, or a software language (C, Rust, Python, TypeScript). */
  language: CrcLanguage;
  search: string;
  /** data_bytes input (honoured only for data widths that are multiples of 8). */
  partialLastWord: boolean;
  pipelineStages: number;
  toggleBit(i: number): void;
  choose(a: PredefinedAlgorithm | undefined): void;
  setField<K extends keyof CustomFields>(key: K, value: CustomFields[K]): void;
  setDataWidth(v: string): void;
  setLanguage(l: CrcLanguage): void;
  setSearch(s: string): void;
  setPartialLastWord(on: boolean): void;
  setPipelineStages(n: number): void;
}

const CUSTOM_FIELDS: CustomFields = { init: '0x0', xorout: '0x0', refin: false, refout: false };

export const useCrcStore = create<CrcState>((set) => ({
  bits: defaultBits(),
  selected: '',
  fields: CUSTOM_FIELDS,
  dataWidth: '8',
  language: 'verilog',
  search: '',
  partialLastWord: false,
  pipelineStages: 0,
  // Spec: toggling any bit returns the selection to Custom (the parameters are kept).
  toggleBit: (i) => set((s) => ({ bits: s.bits.map((b, k) => (k === i ? 1 - b : b)), selected: '' })),
  choose: (a) => set(() => (a ? { bits: [...a.poly], selected: a.name, fields: fieldsOf(a) } : { selected: '' })),
  setField: (key, value) => set((s) => ({ fields: { ...s.fields, [key]: value }, selected: '' })),
  setDataWidth: (dataWidth) => set({ dataWidth }),
  setLanguage: (language) => set({ language }),
  setSearch: (search) => set({ search }),
  setPartialLastWord: (partialLastWord) => set({ partialLastWord }),
  setPipelineStages: (pipelineStages) => set({ pipelineStages }),
}));

keepDraft(useCrcStore, tool.path, (s) => ({
  bits: s.bits,
  selected: s.selected,
  fields: s.fields,
  dataWidth: s.dataWidth,
  language: s.language,
  partialLastWord: s.partialLastWord,
  pipelineStages: s.pipelineStages,
}));

// A hand-edited draft's pipeline depth or language the page does not offer (9 stages showed their
// figures while Generate failed validation; 'cobol' showed no language): the default.
{
  const { pipelineStages, language } = useCrcStore.getState();
  if (!isPipelineStages(pipelineStages)) useCrcStore.setState({ pipelineStages: 0 });
  if (!isCrcLanguage(language)) useCrcStore.setState({ language: 'verilog' });
}

/** The x^0..x^67 toggles as one hex number (bit i = x^i), e.g. 0x104c11db7 for CRC-32. */
export const bitsToHex = (bits: readonly number[]) =>
  `0x${bits.reduceRight((n, b) => (n << 1n) | BigInt(b ? 1 : 0), 0n).toString(16)}`;

export function bitsFromHex(hex: string): number[] | null {
  if (!/^0x[0-9a-f]{1,17}$/i.test(hex)) return null;
  const n = BigInt(hex);
  if (n >> BigInt(POLY_BITS) !== 0n) return null;
  return Array.from({ length: POLY_BITS }, (_, i) => Number((n >> BigInt(i)) & 1n));
}

interface CrcSettings {
  algorithm: string;
  poly: string;
  init: string;
  xorout: string;
  refin: boolean;
  refout: boolean;
  dataWidth: string;
  language: string;
  partialLastWord: boolean;
  pipelineStages: number;
}

/**
 * The names a link may give the algorithm: the catalogue's (names and aliases, as the server lists
 * them) and the offline list's. Another name (a typo, `?algorithm=NOPE`) is a damaged link.
 */
let algorithmNames: Set<string> | undefined;
const isAlgorithmName = (name: string) =>
  (algorithmNames ??= new Set(
    [...predefinedAlgorithms(), ...FALLBACK_ALGORITHMS].flatMap((a) => [a.name, ...a.aliases]),
  )).has(name);

/** Algorithm name, polynomial, parameters, data width, language and stream options are in the link. */
export const crcLink: PermalinkSpec<CrcState, CrcSettings> = {
  pick: (s) => ({
    algorithm: s.selected,
    poly: bitsToHex(s.bits),
    ...s.fields,
    dataWidth: s.dataWidth,
    language: s.language,
    partialLastWord: s.partialLastWord,
    pipelineStages: s.pipelineStages,
  }),
  apply: ({ algorithm, poly, init, xorout, refin, refout, language, pipelineStages, ...rest }) =>
    useCrcStore.setState((s) => ({
      ...rest,
      pipelineStages: pipelineStages ?? 0,
      ...(poly ? { bits: bitsFromHex(poly)! } : {}),
      fields: {
        init: init ?? s.fields.init,
        xorout: xorout ?? s.fields.xorout,
        refin: refin ?? s.fields.refin,
        refout: refout ?? s.fields.refout,
      },
      ...(isCrcLanguage(language) ? { language } : {}),
      selected: algorithm ?? '',
    })),
  defaults: {
    algorithm: '',
    poly: bitsToHex(defaultBits()),
    ...CUSTOM_FIELDS,
    dataWidth: '8',
    language: 'verilog',
    partialLastWord: false,
    pipelineStages: 0,
  },
  accept: (s) =>
    (s.poly === undefined || bitsFromHex(s.poly) !== null) &&
    (s.language === undefined || isCrcLanguage(s.language)) &&
    (!s.algorithm || isAlgorithmName(s.algorithm)) &&
    // Only a depth the select offers: another (a hand-edited ?pipelineStages=9) showed 0 in the
    // select while the figures used it and Generate failed with a validation error.
    (s.pipelineStages === undefined || isPipelineStages(s.pipelineStages)),
};
