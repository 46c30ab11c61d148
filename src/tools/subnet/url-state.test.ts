import { describe, expect, it } from 'vitest';
import { readUrlState, subnetLinkDamaged, writeUrlState, type LinkInputs } from './url-state';
import { DEFAULT_CIDR, DEFAULT_IP } from './examples';

/** The page's inputs with the Subnets tab untouched (its list of subnets, no split chosen). */
const linkOf = (s: Pick<LinkInputs, 'ip' | 'cidrText' | 'tab'> & Partial<LinkInputs>): LinkInputs => ({
  listKind: 'subnets',
  split: null,
  ...s,
});

describe('subnet URL state', () => {
  it('round-trips address, prefix and tab', () => {
    const search = writeUrlState('?x=1', linkOf({ ip: '2001:db8::/48', cidrText: '48', tab: 'subnets' }));
    expect(readUrlState(search)).toEqual({ ip: '2001:db8::/48', cidrText: '48', tab: 'subnets' });
    expect(new URLSearchParams(search).get('x')).toBe('1');
  });

  it('keeps a long address whole rather than cutting it to another one', () => {
    const ip = `2001:db8::1%${'z'.repeat(300)}`;
    expect(readUrlState(writeUrlState('', linkOf({ ip, cidrText: '64', tab: 'overview' })))?.ip).toBe(ip);
  });

  it('leaves text no server would take in a link (a pasted file) out of it, keeping the tab', () => {
    const pasted = '10.0.0.1 '.repeat(100_000);
    const search = writeUrlState('?x=1', linkOf({ ip: pasted, cidrText: '24', tab: 'details' }));
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
      writeUrlState('', linkOf({ ip: 'x'.repeat(10_000), cidrText: '24', tab: 'subnets' })), // a pasted file left out
      // ... with the IPv6 split of the text left out too: no family to check it against.
      writeUrlState('', linkOf({ ip: `2001:db8::${'1'.repeat(10_000)}`, cidrText: '48', tab: 'subnets', split: 96 })),
    ])
      expect(subnetLinkDamaged(search), search).toBe(false);
  });

  it("writes nothing for an untouched calculator: a fresh page's address is bare", () => {
    // Until 2026-11-30 a fresh page's address was ?ip=192.168.1.100&prefix=24&tab=overview, and
    // Copy link promised "these settings" for the defaults.
    const untouched = linkOf({ ip: DEFAULT_IP, cidrText: String(DEFAULT_CIDR), tab: 'overview' });
    expect(writeUrlState('', untouched)).toBe('');
    expect(writeUrlState('?x=1&ip=10.0.0.1&prefix=8&tab=details', untouched)).toBe('?x=1');
    // One setting changed: the link holds all three, as before (a prefix alone is not read).
    expect(readUrlState(writeUrlState('', { ...untouched, tab: 'binary' }))).toEqual({
      ip: DEFAULT_IP,
      cidrText: String(DEFAULT_CIDR),
      tab: 'binary',
    });
  });

  it("holds the Subnets tab's split and host list, only on that tab", () => {
    // Until 2026-12-02 a link to "10.0.0.0/8 split into /24s" opened the default split (/16).
    const split = writeUrlState('', linkOf({ ip: '10.0.0.0', cidrText: '8', tab: 'subnets', split: 24 }));
    expect(split).toBe('?ip=10.0.0.0&prefix=8&tab=subnets&split=24');
    expect(readUrlState(split)).toEqual({ ip: '10.0.0.0', cidrText: '8', tab: 'subnets', split: 24 });
    const hosts = writeUrlState('', linkOf({ ip: '10.0.0.0', cidrText: '8', tab: 'subnets', listKind: 'hosts' }));
    expect(readUrlState(hosts)).toEqual({ ip: '10.0.0.0', cidrText: '8', tab: 'subnets', listKind: 'hosts' });
    const v6 = writeUrlState('', linkOf({ ip: '2001:db8::', cidrText: '48', tab: 'subnets', split: 64 }));
    expect(readUrlState(v6)).toEqual({ ip: '2001:db8::', cidrText: '48', tab: 'subnets', split: 64 });
    // Another tab's link leaves them out (and drops them from the address it had).
    const other = linkOf({ ip: '10.0.0.0', cidrText: '8', tab: 'details', listKind: 'hosts', split: 24 });
    expect(writeUrlState(hosts, other)).toBe('?ip=10.0.0.0&prefix=8&tab=details');
    for (const search of [split, hosts, v6]) expect(subnetLinkDamaged(search), search).toBe(false);
  });

  it('calls a link with a list or split it cannot read damaged', () => {
    for (const search of [
      '?ip=10.0.0.0&prefix=8&tab=subnets&list=zzz',
      '?ip=10.0.0.0&prefix=8&tab=subnets&split=',
      '?ip=10.0.0.0&prefix=8&tab=subnets&split=2x',
      '?ip=10.0.0.0&prefix=8&tab=subnets&split=33', // longer than an IPv4 address
      '?ip=2001:db8::&prefix=48&tab=subnets&split=129',
      '?ip=2001:db8::&prefix=48&tab=subnets&list=hosts', // IPv6 has no host list
      '?ip=10.0.0.0&prefix=8&tab=subnets&split=24&split=16',
    ])
      expect(subnetLinkDamaged(search), search).toBe(true);
    expect(subnetLinkDamaged('?ip=2001:db8::&prefix=48&tab=subnets&split=128')).toBe(false);
  });
});
