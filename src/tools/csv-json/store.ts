import { create } from 'zustand';
import { draftInput, keepDraft } from '../../browser/draft';
import { tool } from './tool';
import type { JobResult } from '../../core/data/jobs';
import type { TextPosition } from '../../core/data/position';
import type { Delimiter } from '../../core/data/formats/csv';
import type { DataInput } from '../../components/DataIO';
import type { CsvDirection } from './logic';

interface CsvJsonState {
  direction: CsvDirection;
  /** Spec: comma by default. */
  delimiter: Delimiter;
  /** Spec: 'First row contains headers', on by default. */
  header: boolean;
  detectTypes: boolean;
  neutraliseFormulas: boolean;
  input: DataInput;
  result: JobResult | null;
  status: string;
  /** Counts the runs that set the status: the status line announces a repeated status again. */
  runs: number;
  errorPosition?: TextPosition;
  set: (patch: Partial<CsvJsonState>) => void;
  setInput: (input: DataInput) => void;
  clear: () => void;
}

export const clearedFields = { input: { text: '', file: null }, result: null, status: '', errorPosition: undefined };

export const useCsvJsonStore = create<CsvJsonState>((set) => ({
  direction: 'csvToJson',
  delimiter: ',',
  header: true,
  detectTypes: true,
  runs: 0,
  neutraliseFormulas: false,
  ...clearedFields,
  set: (patch) => set(patch),
  setInput: (input) => set({ input, errorPosition: undefined }),
  clear: () => set(clearedFields),
}));

// The text (when short enough, never a file) and the options survive a reload.
keepDraft(
  useCsvJsonStore,
  tool.path,
  ({ input, direction, delimiter, header, detectTypes, neutraliseFormulas }) => ({
    ...draftInput(input),
    direction,
    delimiter,
    header,
    detectTypes,
    neutraliseFormulas,
  }),
  { fileOf: ({ input }) => input.file },
);
