/** Base64 tool state (spec part 2, section 3) plus the worker job and the last result. */
import { create } from 'zustand';
import type { ConversionResult, Mode } from '../../core/base64/convert';
import type { Alphabet } from '../../core/base64/kernel';
import type { TextEncodingName } from '../../core/base64/text';
import type { FileInfo } from './logic';
import { TEXT_ENCODINGS } from '../../core/base64/text';
import { keepDraft } from '../../browser/draft';
import type { PermalinkSpec } from '../../browser/permalink';
import { tool } from './tool';

export interface Base64State {
  mode: Mode;
  encoding: TextEncodingName;
  autoConvert: boolean;
  /** Beyond the spec: RFC 4648 section 5 alphabet. */
  alphabet: Alphabet;
  input: string;
  /** The output text shown (the whole output, or its beginning when `result.truncated`). */
  output: string;
  message: string;
  /** Counts the conversions that set the message: the status line announces a repeated message again. */
  runs: number;
  fileInfo: FileInfo | null;
  file: File | null;
  isValid: boolean;
  /** The last conversion's result, with the alphabet it was made in (Copy wraps standard Base64 only). */
  result: (Omit<ConversionResult, 'preview'> & { alphabet: Alphabet }) | null;
  progress: { done: number; total: number } | null;
  set: (patch: Partial<Base64State>) => void;
}

/** What a mode switch or Clear All resets (the spec's list, plus the file and the result); also the start. */
export const CLEARED = {
  input: '',
  output: '',
  message: '',
  fileInfo: null,
  file: null,
  isValid: false,
  result: null,
  progress: null,
} satisfies Partial<Base64State>;

export const useBase64Store = create<Base64State>((set) => ({
  mode: 'encode',
  encoding: 'UTF-8',
  autoConvert: true,
  alphabet: 'standard',
  ...CLEARED,
  runs: 0,
  set: (patch) => set(patch),
}));

// The text typed or pasted and the options; a file is never stored.
keepDraft(
  useBase64Store,
  tool.path,
  ({ mode, encoding, autoConvert, alphabet, input }) => ({
    mode,
    encoding,
    autoConvert,
    alphabet,
    input,
  }),
  { fileOf: ({ file }) => file },
);

type Base64Settings = Pick<Base64State, 'mode' | 'encoding' | 'alphabet' | 'autoConvert'>;

/** The options are in the link (the text is not: it can be large or private). */
export const base64Link: PermalinkSpec<Base64State, Base64Settings> = {
  pick: ({ mode, encoding, alphabet, autoConvert }) => ({ mode, encoding, alphabet, autoConvert }),
  apply: (settings) => useBase64Store.getState().set(settings),
  defaults: { mode: 'encode', encoding: 'UTF-8', alphabet: 'standard', autoConvert: true },
  accept: (s) =>
    (s.mode === undefined || s.mode === 'encode' || s.mode === 'decode') &&
    (s.encoding === undefined || (TEXT_ENCODINGS as readonly string[]).includes(s.encoding)) &&
    (s.alphabet === undefined || s.alphabet === 'standard' || s.alphabet === 'url'),
};

/** What the page's parts read: everything but the progress figures (FileProgress has its own). */
export type Base64View = Omit<Base64State, 'progress'> & { busy: boolean };
