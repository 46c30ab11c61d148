import { create } from 'zustand';
import type { Generated } from '../../hooks/useTimedGeneration';
import { DEFAULT_FIFO_CONFIG, packetModeOf, type FifoConfig } from '../../core/hdl/fifo/config';
import type { HdlLanguage } from '../../core/hdl/contract';
import { updateConfig } from './logic';
import { keepDraft } from '../../browser/draft';
import type { PermalinkSpec } from '../../browser/permalink';
import { tool } from './tool';

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

keepDraft(useFifoStore, tool.path, ({ config, language }) => ({ config, language }));

type FifoSettings = FifoConfig & { language: HdlLanguage };

/** The whole configuration and the language are in the link. */
export const fifoLink: PermalinkSpec<FifoState, FifoSettings> = {
  pick: ({ config, language }) => ({ ...config, language }),
  apply: ({ language, ...config }, given) => {
    const s = useFifoStore.getState();
    // writeMode and enablePacketMode are one choice: a link stating one of them sets both, as
    // bitsmith and the API read it (the other's default is not a second, contrary choice).
    const packet = packetModeOf(given.writeMode, given.enablePacketMode);
    s.setConfig({ ...s.config, ...config, ...packet });
    if (language === 'verilog' || language === 'vhdl') s.setLanguage(language);
  },
  defaults: { ...DEFAULT_FIFO_CONFIG, language: 'verilog' },
  accept: (s) => s.language === undefined || s.language === 'verilog' || s.language === 'vhdl',
};
