import { describe, expect, it } from 'vitest';
import { misspeltParams, misspeltSetting, paramsDamaged, repeatedSetting } from './link-params';

const FIFO = ['dataWidth', 'fifoDepth', 'memoryType', 'language'];
const CRC = ['algorithm', 'width', 'refin', 'refout', 'tab'];

describe('link parameters', () => {
  it('names the setting a parameter misspells: other case, one typo, two from 7 letters', () => {
    expect(misspeltSetting('dataWidht', FIFO)).toBe('dataWidth');
    expect(misspeltSetting('datawidth', FIFO)).toBe('dataWidth');
    expect(misspeltSetting('fifoDepht', FIFO)).toBe('fifoDepth');
    expect(misspeltSetting('widht', CRC)).toBe('width');
    expect(misspeltSetting('TAB', CRC)).toBe('tab');
    // Exact names, far names, and short ones a typo away are not (they are other sites' as often).
    expect(misspeltSetting('dataWidth', FIFO)).toBeUndefined();
    expect(misspeltSetting('colour', FIFO)).toBeUndefined();
    expect(misspeltSetting('tag', CRC)).toBeUndefined();
    expect(misspeltSetting('dataWxxxx', FIFO)).toBeUndefined();
  });

  it("never takes another site's parameters for a setting", () => {
    for (const key of ['utm_source', 'utm_medium', 'fbclid', 'gclid', 'ref', 'source'])
      expect(misspeltSetting(key, [...CRC, 'refn', 'sources', 'gclids']), key).toBeUndefined();
    expect(misspeltParams(['utm_source', 'fbclid', 'ref', 'widht', 'widht'], CRC)).toEqual(['widht']);
  });

  it('says a link is damaged when a setting is misspelt or given twice', () => {
    expect(repeatedSetting(['width', 'width'], CRC)).toBe('width');
    expect(repeatedSetting(['width', 'utm', 'utm'], CRC)).toBeUndefined();
    expect(paramsDamaged(['width', 'refin', 'width'], CRC)).toBe(true);
    expect(paramsDamaged(['dataWidht'], FIFO)).toBe(true);
    expect(paramsDamaged(['dataWidth', 'utm_source', 'utm_source'], FIFO)).toBe(false);
    expect(paramsDamaged([], FIFO)).toBe(false);
  });
});
