import { describe, expect, it } from 'vitest';
import { readUrlState, subnetLinkDamaged, writeUrlState } from './url-state';
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

  it('ignores a link without an address', () => {
    expect(readUrlState('')).toBeNull();
    expect(readUrlState('?prefix=24')).toBeNull();
  });

  it('calls a link with a prefix or tab it cannot read damaged, not its own links', () => {
    // They opened the address alone, without a word: not the network the link named.
    for (const search of ['?ip=10.0.0.1&prefix=abc', '?ip=10.0.0.1&prefix=24&tab=evil', '?ip=10.0.0.1&prefix=-1'])
      expect(subnetLinkDamaged(search), search).toBe(true);
    for (const search of [
      '',
      '?ip=10.0.0.1&prefix=24&tab=binary',
      '?ip=10.0.0.1&prefix=99&tab=overview', // read: the page says the prefix is out of range
      writeUrlState('', { ip: 'x'.repeat(10_000), cidrText: '24', tab: 'subnets' }), // a pasted file left out
    ])
      expect(subnetLinkDamaged(search), search).toBe(false);
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
