/**
 * The admin token of the dashboard. It is kept for the browser session only (sessionStorage,
 * this tab), never in localStorage; the store mirrors it so every view sees the same token.
 */
import { create } from 'zustand';

const TOKEN_KEY = 'bitsmith_admin_token';

function readToken(): string | null {
  try {
    return sessionStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

function saveToken(token: string | null): void {
  try {
    if (token) sessionStorage.setItem(TOKEN_KEY, token);
    else sessionStorage.removeItem(TOKEN_KEY);
  } catch {
    /* storage disabled: the token lives in memory for this page only */
  }
}

interface TokenState {
  token: string | null;
  setToken(token: string | null): void;
}

export const useTokenStore = create<TokenState>()((set) => ({
  token: readToken(),
  setToken: (token) => {
    saveToken(token);
    set({ token });
  },
}));
