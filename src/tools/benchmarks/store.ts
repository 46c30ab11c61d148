import { create } from 'zustand';
import { keepDraft } from '../../browser/draft';
import { COMPARISON_IDS, type ComparisonId } from '../../workers/bench/catalogue';
import { DEFAULT_SIZE_MB, inOrder, SIZES_MB, type SizeMb } from './logic';
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

// A hand-edited draft's size of the right type that is not one of the list (0 MB made every
// sample loop forever; 3 MB ran while the select showed another size): the default. Comparisons
// the page does not have, or named twice, are dropped.
{
  const { sizeMb, selected } = useBenchmarksStore.getState();
  if (!SIZES_MB.includes(sizeMb)) useBenchmarksStore.setState({ sizeMb: DEFAULT_SIZE_MB });
  const known = inOrder(selected);
  if (known.length !== selected.length) useBenchmarksStore.setState({ selected: known });
}
