import { create } from 'zustand';
import type { Generated } from '../../lib/useTimedGeneration';
import { DEFAULT_FIFO_CONFIG, type FifoConfig } from '../../core/hdl/fifo/config';
import type { HdlLanguage } from '../../core/hdl/contract';
import { updateConfig } from './logic';

export type GeneratedFifo = Generated<FifoConfig>;

interface FifoState {
  config: FifoConfig;
  language: HdlLanguage;
  generated: GeneratedFifo | null;
  setField<K extends keyof FifoConfig>(key: K, value: FifoConfig[K]): void;
  setConfig(config: FifoConfig): void;
  setLanguage(language: HdlLanguage): void;
  setGenerated(g: GeneratedFifo | null): void;
}

export const useFifoStore = create<FifoState>((set) => ({
  config: DEFAULT_FIFO_CONFIG,
  language: 'verilog',
  generated: null,
  setField: (key, value) => set((s) => ({ config: updateConfig(s.config, key, value) })),
  setConfig: (config) => set({ config }),
  setLanguage: (language) => set({ language }),
  setGenerated: (generated) => set({ generated }),
}));
