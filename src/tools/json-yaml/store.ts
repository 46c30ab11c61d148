import { create } from 'zustand';
import { draftInput, keepDraft } from '../../browser/draft';
import { tool } from './tool';
import type { JobResult } from '../../core/data/jobs';
import type { TextPosition } from '../../core/data/position';
import type { DataInput } from '../../components/DataIO';
import { FORMAT, type Direction } from './logic';

interface JsonYamlState {
  direction: Direction;
  input: DataInput;
  result: JobResult | null;
  status: string;
  /** Counts the runs that set the status: the status line announces a repeated status again. */
  runs: number;
  note?: string;
  errorPosition?: TextPosition;
  indent: 2 | 4;
  sortKeys: boolean;
  set: (patch: Partial<JsonYamlState>) => void;
  setInput: (input: DataInput) => void;
  clear: () => void;
}

const cleared = {
  input: { text: '', file: null },
  result: null,
  status: '',
  note: undefined,
  errorPosition: undefined,
};

export const useJsonYamlStore = create<JsonYamlState>((set) => ({
  direction: 'jsonToYaml',
  ...cleared,
  runs: 0,
  indent: 2,
  sortKeys: false,
  set: (patch) => set(patch),
  setInput: (input) => set({ input, errorPosition: undefined }),
  clear: () => set(cleared),
}));

// The text (when short enough, never a file) and the options survive a reload.
keepDraft(
  useJsonYamlStore,
  tool.path,
  ({ input, direction, indent, sortKeys }) => ({
    ...draftInput(input),
    direction,
    indent,
    sortKeys,
  }),
  { fileOf: ({ input }) => input.file },
);
// A hand-edited draft's direction of the right type that is not one of this tool's: the default.
if (!Object.hasOwn(FORMAT, useJsonYamlStore.getState().direction))
  useJsonYamlStore.setState({ direction: 'jsonToYaml' });
