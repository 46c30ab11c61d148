import { afterEach, describe, expect, it, vi } from 'vitest';

/** A fresh copy of the module: a new page load. */
const load = async () => {
  vi.resetModules();
  return (await import('./session')).getSessionId;
};

afterEach(() => vi.unstubAllGlobals());

describe('getSessionId', () => {
  it('keeps one id in localStorage and moves the earlier key', async () => {
    const data = new Map([['bitsmith_session_id', 'earlier-id']]);
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => void data.set(k, v),
      removeItem: (k: string) => void data.delete(k),
    });
    const getSessionId = await load();
    expect(getSessionId()).toBe('earlier-id');
    expect(data.get('BitSmith_session_id')).toBe('earlier-id');
    expect(data.has('bitsmith_session_id')).toBe(false);
  });

  it('without storage (site data blocked), gives each page load its own id, not one shared by all such visitors', async () => {
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
    const first = await load();
    const id = first();
    expect(first()).toBe(id); // the same visitor while the page lives
    const second = await load();
    expect(second()).not.toBe(id); // another visitor (or a reload): counted apart
  });
});
