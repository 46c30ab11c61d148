import { describe, expect, it } from 'vitest';
import { linkWith, MAX_LINK_CHARS, settingsFromParams, settingsToParams } from './permalink';

describe('permalinks', () => {
  const defaults = { width: 32, init: '0x0', refIn: false, rows: [] as string[] };

  it('writes only the settings that differ from the defaults, and reads them back typed', () => {
    const params = settingsToParams({ width: 16, init: '0xFFFF', refIn: false, rows: ['a'] }, defaults);
    expect(params).toEqual({ width: '16', init: '0xFFFF', rows: '["a"]' });
    const href = linkWith('https://x.test/crc?other=1#frag', Object.keys(defaults), params);
    expect(href).toBe('https://x.test/crc?other=1&width=16&init=0xFFFF&rows=%5B%22a%22%5D#frag');
    expect(settingsFromParams(new URL(href).search, defaults)).toEqual({ width: 16, init: '0xFFFF', rows: ['a'] });
  });

  it('leaves a pasted megabyte out of the link, and keeps every link short enough for a server', () => {
    const huge = 'x'.repeat(2_000_000);
    expect(settingsToParams({ ...defaults, init: huge, width: 8 }, defaults)).toEqual({ width: '8' });
    // Each value fits alone, together they do not: the longest go first, the short ones stay.
    const params = { init: 'a'.repeat(5_000), rows: 'b'.repeat(4_000), width: '8' };
    const href = linkWith('https://x.test/crc?init=old', Object.keys(defaults), params);
    expect(href.length).toBeLessThanOrEqual(MAX_LINK_CHARS);
    expect(new URL(href).searchParams.get('init')).toBeNull(); // not the stale value either
    expect(new URL(href).searchParams.get('rows')).toBe('b'.repeat(4_000));
    expect(new URL(href).searchParams.get('width')).toBe('8');
  });
});
