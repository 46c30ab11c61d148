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
  it('names exports', () => {
    expect(exportFileName6({ network: 0x20010db8abcd0001n << 64n, prefix: 48, childPrefix: 64 }, 'text')).toBe(
      'subnets-2001-db8-abcd---48-as-64.txt',
    );
  });
});
