import { create } from 'zustand';
import { INITIAL_BACKGROUND, INITIAL_TEXT } from './logic';
import { keepDraft } from '../../browser/draft';
import { tool } from './tool';

interface ContrastState {
  background: string;
  text: string;
  /** Text opacity 0..1 (beyond the spec; 1 = the spec's opaque colours). */
  alpha: number;
  setBackground(v: string): void;
  setText(v: string): void;
  setAlpha(v: number): void;
  swap(): void;
}

export const useContrastStore = create<ContrastState>((set) => ({
  background: INITIAL_BACKGROUND,
  text: INITIAL_TEXT,
  alpha: 1,
  setBackground: (background) => set({ background }),
  setText: (text) => set({ text }),
  setAlpha: (alpha) => set({ alpha }),
  swap: () => set((s) => ({ background: s.text, text: s.background })),
}));

keepDraft(useContrastStore, tool.path, ({ background, text, alpha }) => ({ background, text, alpha }));
