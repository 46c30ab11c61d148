import { describe, expect, it } from 'vitest';
import { count } from './count';

describe('count', () => {
  it('groups thousands as toLocaleString("en-US") does, for numbers and bigints of any sign', () => {
    const values = [0, 7, 999, 1000, -1000, 65_536, 1_048_576, -123_456_789, Number.MAX_SAFE_INTEGER];
    for (const v of values) expect(count(v)).toBe(v.toLocaleString('en-US'));
    for (const v of [0n, 1000n, -4096n, 2n ** 128n]) expect(count(v)).toBe(v.toLocaleString('en-US'));
  });
  it('leaves fractions and huge numbers to toLocaleString', () => {
    expect(count(1234.5678)).toBe('1,234.568');
    expect(count(1e21)).toBe((1e21).toLocaleString('en-US'));
  });
});
