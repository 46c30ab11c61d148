/**
 * The tools a visitor opened last, newest first, for the command palette. Only paths are
 * stored (never a tool's input), in localStorage so they survive the sidebar's full-page loads.
 */
const KEY = 'bitsmith:recent-tools';
const MAX = 5;

export function recentPaths(): string[] {
  try {
    const list: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(list) ? list.filter((p): p is string => typeof p === 'string').slice(0, MAX) : [];
  } catch {
    return []; // storage blocked or a damaged value: no recents, never an error
  }
}

export function rememberVisit(path: string): void {
  try {
    localStorage.setItem(KEY, JSON.stringify([path, ...recentPaths().filter((p) => p !== path)].slice(0, MAX)));
  } catch {
    // Private mode or a full quota: recents are a convenience, the page works without them.
  }
}
