import { describe, expect, it } from 'vitest';
import { formatBytes } from './bytes';

describe('formatBytes', () => {
  it('picks the largest unit that fits by default (1024-based)', () => {
    expect([0, 512, 1023, 1024, 2048, 1024 * 1024 - 1, 3 * 1024 * 1024].map((n) => formatBytes(n))).toEqual([
      '0 B',
      '512 B',
      '1023 B',
      '1.0 KB',
      '2.0 KB',
      '1024.0 KB',
      '3.00 MB',
    ]);
  });

  it('keeps one unit with two decimals when asked (the Base64 file size)', () => {
    expect(formatBytes(1536, { unit: 'KB' })).toBe('1.50 KB');
    expect(formatBytes(0, { unit: 'KB' })).toBe('0.00 KB');
    expect(formatBytes(5 * 1024 * 1024, { unit: 'KB' })).toBe('5120.00 KB');
  });

  it('gives decimal megabytes with two decimals below 10 MB and none above (subnet exports)', () => {
    const mb = (n: number | bigint) => formatBytes(n, { unit: 'MB', base: 1000 });
    expect([mb(0), mb(4_194_304), mb(9_999_999), mb(10_000_000), mb(419_430_400)]).toEqual([
      '0.00 MB',
      '4.19 MB',
      '10.00 MB',
      '10 MB',
      '419 MB',
    ]);
    expect(mb(123_456_789_012n)).toBe('123457 MB');
  });
});
