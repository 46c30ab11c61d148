/** Base64 tool state (spec part 2, section 3) plus the worker job and the last result. */
import { create } from 'zustand';
import type { ConversionResult, Mode } from '../../core/base64/convert';
import type { Alphabet } from '../../core/base64/kernel';
import type { TextEncodingName } from '../../core/base64/text';
import type { FileInfo } from './logic';

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
  fileInfo: FileInfo | null;
  file: File | null;
  isValid: boolean;
  result: Omit<ConversionResult, 'preview'> | null;
  progress: { done: number; total: number } | null;
  set: (patch: Partial<Base64State>) => void;
}

export const useBase64Store = create<Base64State>((set) => ({
  mode: 'encode',
  encoding: 'UTF-8',
  autoConvert: true,
  alphabet: 'standard',
  input: '',
  output: '',
  message: '',
  fileInfo: null,
  file: null,
  isValid: false,
  result: null,
  progress: null,
  set: (patch) => set(patch),
}));

/** What a mode switch or Clear All resets (the spec's list, plus the file and the result). */
export const CLEARED: Partial<Base64State> = {
  input: '',
  output: '',
  message: '',
  fileInfo: null,
  file: null,
  isValid: false,
  result: null,
  progress: null,
};
