/**
 * localStorage for stores whose saved copy is a convenience (a history, recents): a full quota,
 * private mode or blocked storage makes a write do nothing, never an error on the page.
 */
import type { StateStorage } from 'zustand/middleware';

/**
 * The browser's localStorage or sessionStorage, or null where there is none (Node) or where the
 * browser denies it: with a site's data blocked, merely reading `window.sessionStorage` throws.
 */
export function webStorage(name: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window[name];
  } catch {
    return null;
  }
}

export const quietLocalStorage: StateStorage = {
  getItem(key) {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  setItem(key, value) {
    try {
      localStorage.setItem(key, value);
    } catch {
      // Not kept; the page goes on with what it has in memory.
    }
  },
  removeItem(key) {
    try {
      localStorage.removeItem(key);
    } catch {
      // Nothing to do.
    }
  },
};
