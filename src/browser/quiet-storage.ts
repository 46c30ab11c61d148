/**
 * localStorage for stores whose saved copy is a convenience (a history, recents): a full quota,
 * private mode or blocked storage makes a write do nothing, never an error on the page.
 */
import type { StateStorage } from 'zustand/middleware';

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
