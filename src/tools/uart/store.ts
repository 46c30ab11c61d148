import { create } from 'zustand';
import type { Generated } from '../../hooks/useTimedGeneration';
import type { UartConfig } from '../../core/hdl/uart/config';
import type { HdlLanguage } from '../../core/hdl/contract';
import { DEFAULT_FORM, numberBoxText, type UartForm } from './logic';
import { keepDraft } from '../../browser/draft';
import type { PermalinkSpec } from '../../browser/permalink';
import { tool } from './tool';

export type GeneratedUart = Generated<UartConfig>;

interface UartState {
  form: UartForm;
  language: HdlLanguage;
  generated: GeneratedUart | null;
  setField<K extends keyof UartForm>(key: K, value: UartForm[K]): void;
  setForm(form: UartForm): void;
  setLanguage(language: HdlLanguage): void;
  setGenerated(g: GeneratedUart | null): void;
}

export const useUartStore = create<UartState>((set) => ({
  form: DEFAULT_FORM,
  language: 'verilog',
  generated: null,
  setField: (key, value) => set((s) => ({ form: { ...s.form, [key]: value } })),
  setForm: (form) => set({ form }),
  setLanguage: (language) => set({ language }),
  setGenerated: (generated) => set({ generated }),
}));

keepDraft(useUartStore, tool.path, ({ form, language }) => ({ form, language }));

type UartSettings = UartForm & { language: HdlLanguage };

/** The whole configuration and the language are in the link. */
export const uartLink: PermalinkSpec<UartState, UartSettings> = {
  pick: ({ form, language }) => ({ ...form, language }),
  apply: ({ language, ...form }) => {
    const s = useUartStore.getState();
    const typed = { ...s.form, ...form };
    s.setForm({ ...typed, clockFreq: numberBoxText(typed.clockFreq), fifoDepth: numberBoxText(typed.fifoDepth) });
    if (language === 'verilog' || language === 'vhdl') s.setLanguage(language);
  },
  defaults: { ...DEFAULT_FORM, language: 'verilog' },
  accept: (s) => s.language === undefined || s.language === 'verilog' || s.language === 'vhdl',
};
