import { create } from 'zustand';
import type { JobResult } from '../../core/data/job';
import type { TextPosition } from '../../core/data/position';
import type { DataInput } from '../json-formatter/DataIO';

export type Direction = 'jsonToYaml' | 'yamlToJson';

interface JsonYamlState {
  direction: Direction;
  input: DataInput;
  result: JobResult | null;
  status: string;
  note?: string;
  errorPosition?: TextPosition;
  indent: 2 | 4;
  sortKeys: boolean;
  set: (patch: Partial<JsonYamlState>) => void;
  setInput: (input: DataInput) => void;
  clear: () => void;
}

const cleared = { input: { text: '', file: null }, result: null, status: '', note: undefined, errorPosition: undefined };

export const useJsonYamlStore = create<JsonYamlState>((set) => ({
  direction: 'jsonToYaml',
  ...cleared,
  indent: 2,
  sortKeys: false,
  set: (patch) => set(patch),
  setInput: (input) => set({ input, errorPosition: undefined }),
  clear: () => set(cleared),
}));

/** Spec: Swap flips the direction and exchanges input and output. */
export function swapped(s: Pick<JsonYamlState, 'direction' | 'input' | 'result'>): Pick<JsonYamlState, 'direction' | 'input' | 'result' | 'status' | 'note' | 'errorPosition'> {
  const direction: Direction = s.direction === 'jsonToYaml' ? 'yamlToJson' : 'jsonToYaml';
  const r = s.result;
  const input = r?.outputBlob
    ? { text: '', file: new File([r.outputBlob], direction === 'yamlToJson' ? 'output.yaml' : 'output.json') }
    : { text: r?.output ?? '', file: null };
  const old = s.input;
  const result: JobResult | null = old.file
    ? { ok: true, status: '', outputBlob: old.file, preview: '', outputLength: old.file.size }
    : old.text
      ? { ok: true, status: '', output: old.text, preview: old.text, outputLength: old.text.length }
      : null;
  return { direction, input, result, status: '', note: undefined, errorPosition: undefined };
}
