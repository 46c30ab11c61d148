import { describe, expect, it } from 'vitest';
import { defaultChildPrefix6, exportFileName6, TABLE_WINDOW, windowStart } from './logic6';

describe('IPv6 page logic', () => {
  it('picks a default split', () => {
    expect([0, 32, 48, 56, 64, 126, 128].map(defaultChildPrefix6)).toEqual([16, 48, 64, 64, 68, 128, 128]);
  });
  it('pages long lists in windows of 2^32 rows', () => {
    expect(windowStart(5n)).toBe(0n);
    expect(windowStart(TABLE_WINDOW * 3n + 7n)).toBe(TABLE_WINDOW * 3n);
  });
  it('names exports with the address readable: "::" as "--", and a 0 where it starts or ends the address', () => {
    // They were subnets-2001-db8-abcd---48-as-64.txt and subnets----0-as-4.txt.
    const name = (hex: bigint, prefix: number, childPrefix: number, format = 'text') =>
      exportFileName6({ network: hex, prefix, childPrefix }, format);
    expect(name(0x20010db8abcd0001n << 64n, 48, 64)).toBe('subnets-2001-db8-abcd--0-48-as-64.txt');
    expect(name(0n, 0, 4)).toBe('subnets-0--0-0-as-4.txt');
    expect(name(1n, 128, 128, 'csv')).toBe('subnets-0--1-128-as-128.csv');
    expect(name(0x20010db8000000000000000000000100n, 120, 124)).toBe('subnets-2001-db8--100-120-as-124.txt');
    expect(name(0xffff0a010000n, 112, 120)).toBe('subnets-0--ffff-10.1.0.0-112-as-120.txt');
  });
});
