import { describe, expect, it } from 'vitest';
import { readUrlState, writeUrlState } from './url-state';
import { DEFAULT_CIDR, DEFAULT_IP } from './examples';

describe('subnet URL state', () => {
  it('round-trips address, prefix and tab', () => {
    const search = writeUrlState('?x=1', { ip: '2001:db8::/48', cidrText: '48', tab: 'subnets' });
    expect(readUrlState(search)).toEqual({ ip: '2001:db8::/48', cidrText: '48', tab: 'subnets' });
    expect(new URLSearchParams(search).get('x')).toBe('1');
  });

  it('keeps a long address whole rather than cutting it to another one', () => {
    const ip = `2001:db8::1%${'z'.repeat(300)}`;
    expect(readUrlState(writeUrlState('', { ip, cidrText: '64', tab: 'overview' }))?.ip).toBe(ip);
  });

  it('leaves text no server would take in a link (a pasted file) out of it, keeping the tab', () => {
    const search = writeUrlState('?x=1', { ip: '10.0.0.1 '.repeat(100_000), cidrText: '24', tab: 'details' });
    expect(search.length).toBeLessThan(100);
    expect(readUrlState(search)).toBeNull();
    expect(new URLSearchParams(search).get('tab')).toBe('details');
  });

  it('ignores missing addresses, bad prefixes and unknown tabs', () => {
    expect(readUrlState('')).toBeNull();
    expect(readUrlState('?prefix=24')).toBeNull();
    expect(readUrlState('?ip=10.0.0.1&prefix=abc&tab=evil')).toEqual({ ip: '10.0.0.1' });
  });

  it("writes nothing for an untouched calculator: a fresh page's address is bare", () => {
    // Until 2026-11-30 a fresh page's address was ?ip=192.168.1.100&prefix=24&tab=overview, and
    // Copy link promised "these settings" for the defaults.
    const untouched = { ip: DEFAULT_IP, cidrText: String(DEFAULT_CIDR), tab: 'overview' } as const;
    expect(writeUrlState('', untouched)).toBe('');
    expect(writeUrlState('?x=1&ip=10.0.0.1&prefix=8&tab=details', untouched)).toBe('?x=1');
    // One setting changed: the link holds all three, as before (a prefix alone is not read).
    expect(readUrlState(writeUrlState('', { ...untouched, tab: 'binary' }))).toEqual({ ...untouched, tab: 'binary' });
  });
});
