import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { quietLocalStorage, webStorage } from '../../browser/quiet-storage';
import { keepDraft } from '../../browser/draft';
import type { PermalinkSpec } from '../../browser/permalink';
import { tool } from './tool';
import {
  addToHistory,
  sameConversion,
  storedHistory,
  type ComponentType,
  type EncodingType,
  type HistoryEntry,
  type Operation,
} from './logic';

interface UrlState {
  input: string;
  output: string;
  message: string;
  /** Counts the Encode and Decode presses that set the message: the status line announces a repeated message again. */
  runs: number;
  operation: Operation;
  encodingType: EncodingType;
  componentType: ComponentType;
  autoUpdate: boolean;
  history: HistoryEntry[];
  set(p: Partial<Omit<UrlState, 'set' | 'record'>>): void;
  /** Adds a successful conversion (one already in the list moves to the top; the newest stays as it is). */
  record(e: HistoryEntry): void;
}

export const useUrlStore = create<UrlState>()(
  persist(
    (set) => ({
      input: '',
      output: '',
      message: '',
      runs: 0,
      operation: 'encode',
      encodingType: 'component',
      componentType: 'full',
      autoUpdate: true,
      history: [],
      set: (p) => set(p),
      record: (e) =>
        set((s) => {
          const top = s.history[0];
          return top && sameConversion(top, e) ? s : { history: addToHistory(s.history, e) };
        }),
    }),
    // Only the history survives a reload (its short entries: see storedHistory); the rest starts fresh.
    {
      name: 'bitsmith_url_history',
      version: 1,
      storage: createJSONStorage(() => quietLocalStorage),
      partialize: (s) => ({ history: storedHistory(s.history) }),
    },
  ),
);

// Another tab of this origin changed the history (key null: it cleared the storage): take its
// list. Every change here writes the whole list, so the other tab's conversions were erased.
globalThis.window?.addEventListener('storage', (e) => {
  if (
    e.storageArea !== webStorage('localStorage') ||
    (e.key !== null && e.key !== useUrlStore.persist.getOptions().name)
  )
    return;
  void useUrlStore.persist.rehydrate();
});

keepDraft(useUrlStore, tool.path, ({ input, operation, encodingType, componentType, autoUpdate }) => ({
  input,
  operation,
  encodingType,
  componentType,
  autoUpdate,
}));

const oneOf = (v: string | undefined, allowed: readonly string[]) => v === undefined || allowed.includes(v);

type UrlSettings = Pick<UrlState, 'operation' | 'encodingType' | 'componentType' | 'autoUpdate'>;

/** The options are in the link (the text is not). */
export const urlLink: PermalinkSpec<UrlState, UrlSettings> = {
  pick: ({ operation, encodingType, componentType, autoUpdate }) => ({
    operation,
    encodingType,
    componentType,
    autoUpdate,
  }),
  apply: (settings) => useUrlStore.getState().set(settings),
  defaults: { operation: 'encode', encodingType: 'component', componentType: 'full', autoUpdate: true },
  accept: (s) =>
    oneOf(s.operation, ['encode', 'decode']) &&
    oneOf(s.encodingType, ['component', 'uri', 'form', 'rfc3986']) &&
    oneOf(s.componentType, ['full', 'path', 'query', 'hash']),
};
