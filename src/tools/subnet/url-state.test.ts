import { describe, expect, it } from 'vitest';
import { readUrlState, writeUrlState } from './url-state';

describe('subnet URL state', () => {
  it('round-trips address, prefix and tab', () => {
    const search = writeUrlState('?x=1', { ip: '2001:db8::/48', cidrText: '48', tab: 'subnets' });
    expect(readUrlState(search)).toEqual({ ip: '2001:db8::/48', cidrText: '48', tab: 'subnets' });
    expect(new URLSearchParams(search).get('x')).toBe('1');
  });

  it('ignores missing addresses, bad prefixes and unknown tabs', () => {
    expect(readUrlState('')).toBeNull();
    expect(readUrlState('?prefix=24')).toBeNull();
    expect(readUrlState('?ip=10.0.0.1&prefix=abc&tab=evil')).toEqual({ ip: '10.0.0.1' });
  });
});
