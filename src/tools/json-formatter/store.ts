import { create } from 'zustand';
import { draftInput, keepDraft } from '../../browser/draft';
import { tool } from './tool';
import type { JobResult } from '../../core/data/jobs';
import type { TextPosition } from '../../core/data/position';
import type { Indent } from '../../core/data/ops';
import type { DataInput } from '../../components/DataIO';

interface FormatterState {
  input: DataInput;
  result: JobResult | null;
  status: string;
  /** Counts the runs that set the status: the status line announces a repeated status again. */
  runs: number;
  errorPosition?: TextPosition;
  /** Spec: 2 or 4 spaces, or 0 meaning minify; default 2. Also a tab. */
  indent: Indent;
  sortKeys: boolean;
  /** The output's download name, set with the output (the options may change after it). */
  downloadName: string;
  set: (patch: Partial<FormatterState>) => void;
  setInput: (input: DataInput) => void;
  clear: () => void;
}

export const useFormatterStore = create<FormatterState>((set) => ({
  input: { text: '', file: null },
  result: null,
  status: '',
  runs: 0,
  errorPosition: undefined,
  indent: 2,
  sortKeys: false,
  downloadName: 'formatted.json',
  set: (patch) => set(patch),
  // New input invalidates the error mark but keeps the last output until the next action.
  setInput: (input) => set({ input, errorPosition: undefined }),
  clear: () => set({ input: { text: '', file: null }, result: null, status: '', errorPosition: undefined }),
}));

// The text (when short enough, never a file) and the options survive a reload.
keepDraft(useFormatterStore, tool.path, ({ input, indent, sortKeys }) => ({ ...draftInput(input), indent, sortKeys }), {
  fileOf: ({ input }) => input.file,
});
