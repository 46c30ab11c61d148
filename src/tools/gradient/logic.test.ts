import { describe, expect, it } from 'vitest';
import { exportFileName, exportSize } from './logic';

describe('gradient page logic', () => {
  it('reads the export size, falling back to 1920 x 1080 and capping at 8192', () => {
    expect(exportSize('800', '600')).toEqual({ width: 800, height: 600 });
    expect(exportSize('abc', '')).toEqual({ width: 1920, height: 1080 });
    expect(exportSize('100000', '1080')).toEqual({ width: 8192, height: 1080 });
  });

  it('names exports gradient-{timestamp}.png / .svg', () => {
    expect(exportFileName('png', 1700000000000)).toBe('gradient-1700000000000.png');
    expect(exportFileName('svg', 42)).toBe('gradient-42.svg');
    expect(exportFileName('png')).toMatch(/^gradient-\d{13}\.png$/);
  });
});
