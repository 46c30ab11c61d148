import { create } from 'zustand';
import { hasThreeParts, type DecodedJwt } from './logic';
import type { VerifyOutcome } from './verify';
import { keepDraft } from '../../browser/draft';
import { tool } from './tool';

interface JwtState {
  input: string;
  decoded: DecodedJwt | null;
  error: string;
  /** Counts the Decode presses: the status line announces a repeated error again. */
  runs: number;
  /** Counts the results set: a new decode of the token starts the page's status clock afresh. */
  decodes: number;
  verifyKey: string;
  secretIsBase64Url: boolean;
  verification: VerifyOutcome | null;
  setInput(v: string): void;
  /** `pressed`: set by a press of Decode (counted in `runs`), not by the auto-decode or a reset. */
  setResult(decoded: DecodedJwt | null, error: string, pressed?: boolean): void;
  setVerifyKey(v: string): void;
  setSecretIsBase64Url(v: boolean): void;
  setVerification(v: VerifyOutcome | null): void;
  clear(): void;
}

export const useJwtStore = create<JwtState>((set) => ({
  input: '',
  decoded: null,
  error: '',
  runs: 0,
  decodes: 0,
  verifyKey: '',
  secretIsBase64Url: false,
  verification: null,
  // Text that is no token cannot be the decoded one (the auto-decode skips it): the old result
  // would be shown, and verified, for a token no longer in the box.
  setInput: (input) => set(hasThreeParts(input) ? { input } : { input, decoded: null, verification: null }),
  // A new decode invalidates any earlier verification result.
  setResult: (decoded, error, pressed = false) =>
    set((s) => ({ decoded, error, verification: null, runs: s.runs + (pressed ? 1 : 0), decodes: s.decodes + 1 })),
  setVerifyKey: (verifyKey) => set({ verifyKey, verification: null }),
  setSecretIsBase64Url: (secretIsBase64Url) => set({ secretIsBase64Url, verification: null }),
  setVerification: (verification) => set({ verification }),
  clear: () => set({ input: '', decoded: null, error: '', verification: null }),
}));

// Never the token or the verification key: a token stays in the page (and in the #token= fragment
// when the visitor puts it there); only the key's format option is kept. While the page holds
// either, a new deploy does not reload the tab (it emptied the page).
keepDraft(useJwtStore, tool.path, ({ secretIsBase64Url }) => ({ secretIsBase64Url }), {
  inMemoryOnly: ({ input, verifyKey }) => input !== '' || verifyKey !== '',
});
