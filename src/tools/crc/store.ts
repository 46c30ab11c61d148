/** CRC generator state (zustand): polynomial bits, selection, parameters, options. */
import { create } from 'zustand';
import type { PredefinedAlgorithm } from '../../core/crc/catalogue';
import type { CustomFields } from '../../core/crc/request';
import type { HdlLanguage } from '../../core/hdl/contract';
import { defaultBits, fieldsOf } from './logic';

interface CrcState {
  bits: number[];
  /** Name of the chosen predefined algorithm; '' is Custom mode. */
  selected: string;
  fields: CustomFields;
  dataWidth: string;
  language: HdlLanguage;
  search: string;
  /** data_bytes input (honoured only for data widths that are multiples of 8). */
  partialLastWord: boolean;
  pipelineStages: number;
  toggleBit(i: number): void;
  choose(a: PredefinedAlgorithm | undefined): void;
  setField<K extends keyof CustomFields>(key: K, value: CustomFields[K]): void;
  setDataWidth(v: string): void;
  setLanguage(l: HdlLanguage): void;
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
