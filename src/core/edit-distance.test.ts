import { describe, expect, it } from 'vitest';
import { editDistance, nearestName } from './edit-distance';

describe('editDistance', () => {
  it('counts a swap of neighbours as one edit', () => {
    expect(editDistance('gradeint', 'gradient')).toBe(1);
    expect(editDistance('abc', 'abc')).toBe(0);
    expect(editDistance('kitten', 'sitting')).toBe(3);
  });
});

describe('nearestName', () => {
  const settings = ['dataWidth', 'fifoDepth', 'readMode', 'writeMode'];

  it('finds the setting a typo meant, case ignored', () => {
    expect(nearestName('dataWidht', settings)).toBe('dataWidth');
    expect(nearestName('datawidth', settings)).toBe('dataWidth');
    expect(nearestName('writemode', settings)).toBe('writeMode');
  });

  it('suggests nothing for a name too far from every setting', () => {
    expect(nearestName('depth', settings)).toBeUndefined();
    expect(nearestName('baudRate', settings)).toBeUndefined();
  });
});
