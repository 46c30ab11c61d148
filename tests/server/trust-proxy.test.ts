// TRUST_PROXY parsing: the forms Express's `trust proxy` documents, and a clear refusal otherwise.
import { describe, expect, it } from 'vitest';
import { parseTrustProxy } from '../../server/trust-proxy';

describe('parseTrustProxy', () => {
  it('reads a number as a hop count, not an address', () => {
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('3')).toBe(3);
  });

  it('reads true and false', () => {
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('FALSE')).toBe(false);
  });

  it('reads named ranges and comma-separated address and CIDR lists', () => {
    expect(parseTrustProxy('loopback')).toEqual(['loopback']);
    expect(parseTrustProxy('loopback, linklocal,uniquelocal')).toEqual(['loopback', 'linklocal', 'uniquelocal']);
    expect(parseTrustProxy('10.0.0.0/8, 192.168.1.1,::1,fd00::/8')).toEqual([
      '10.0.0.0/8',
      '192.168.1.1',
      '::1',
      'fd00::/8',
    ]);
  });

  it('refuses anything else, naming the variable and the accepted forms', () => {
    for (const bad of ['yes', '1.2.3', '10.0.0.0/33', '10.0.0.1/8/2', 'loopback,nope', ',', '-1', '1.5']) {
      expect(() => parseTrustProxy(bad), bad).toThrow(/^TRUST_PROXY: .*hop count.*loopback.*CIDR/);
    }
  });
});
