import { create } from 'zustand';
import { keepDraft } from '../../browser/draft';
import { COMPARISON_IDS, type ComparisonId } from '../../workers/bench/catalogue';
import { DEFAULT_SIZE_MB, inOrder, type SizeMb } from './logic';
import { tool } from './tool';

interface BenchmarksState {
  sizeMb: SizeMb;
  /** The comparisons ticked, in the page's order. */
  selected: ComparisonId[];
  setSize(sizeMb: SizeMb): void;
  setSelected(id: ComparisonId, on: boolean): void;
}

export const useBenchmarksStore = create<BenchmarksState>((set) => ({
  sizeMb: DEFAULT_SIZE_MB,
  selected: [...COMPARISON_IDS],
  setSize: (sizeMb) => set({ sizeMb }),
  setSelected: (id, on) =>
    set((s) => ({ selected: inOrder(on ? [...s.selected, id] : s.selected.filter((x) => x !== id)) })),
}));

keepDraft(useBenchmarksStore, tool.path, ({ sizeMb, selected }) => ({ sizeMb, selected }));
