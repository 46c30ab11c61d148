import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { addToHistory, type ComponentType, type EncodingType, type HistoryEntry, type Operation } from './logic';

interface UrlState {
  input: string;
  output: string;
  message: string;
  operation: Operation;
  encodingType: EncodingType;
  componentType: ComponentType;
  autoUpdate: boolean;
  history: HistoryEntry[];
  set(p: Partial<Omit<UrlState, 'set' | 'record'>>): void;
  /** Adds a successful conversion (an identical newest entry is not repeated). */
  record(e: HistoryEntry): void;
}

export const useUrlStore = create<UrlState>()(
  persist(
    (set) => ({
      input: '',
      output: '',
      message: '',
      operation: 'encode',
      encodingType: 'component',
      componentType: 'full',
      autoUpdate: true,
      history: [],
      set: (p) => set(p),
      record: (e) =>
        set((s) => {
          const top = s.history[0];
          const same =
            top &&
            top.input === e.input &&
            top.operation === e.operation &&
            top.encodingType === e.encodingType &&
            top.componentType === e.componentType;
          return same ? s : { history: addToHistory(s.history, e) };
        }),
    }),
    // Only the history survives a reload; the rest starts fresh.
    { name: 'bitsmith_url_history', version: 1, partialize: (s) => ({ history: s.history }) },
  ),
);
