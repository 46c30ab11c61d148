import { create } from 'zustand';
import type { DecodedJwt } from './logic';
import type { VerifyOutcome } from './verify';
import { keepDraft } from '../../browser/draft';
import { tool } from './tool';

interface JwtState {
  input: string;
  decoded: DecodedJwt | null;
  error: string;
  verifyKey: string;
  secretIsBase64Url: boolean;
  verification: VerifyOutcome | null;
  setInput(v: string): void;
  setResult(decoded: DecodedJwt | null, error: string): void;
  setVerifyKey(v: string): void;
  setSecretIsBase64Url(v: boolean): void;
  setVerification(v: VerifyOutcome | null): void;
  clear(): void;
}

export const useJwtStore = create<JwtState>((set) => ({
  input: '',
  decoded: null,
  error: '',
  verifyKey: '',
  secretIsBase64Url: false,
  verification: null,
  setInput: (input) => set({ input }),
  // A new decode invalidates any earlier verification result.
  setResult: (decoded, error) => set({ decoded, error, verification: null }),
  setVerifyKey: (verifyKey) => set({ verifyKey, verification: null }),
  setSecretIsBase64Url: (secretIsBase64Url) => set({ secretIsBase64Url, verification: null }),
  setVerification: (verification) => set({ verification }),
  clear: () => set({ input: '', decoded: null, error: '', verification: null }),
}));

// Never the token or the verification key: a token stays in the page (and in the #token= fragment
// when the visitor puts it there); only the key's format option is kept.
keepDraft(useJwtStore, tool.path, ({ secretIsBase64Url }) => ({ secretIsBase64Url }));
