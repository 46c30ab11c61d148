import { describe, expect, it } from 'vitest';
import { DEFAULT_FORM, formatErrorPercent, formatHz, parseForm } from './logic';

describe('UART page logic', () => {
  it('parses the default form into the spec defaults', () => {
    const { config, problems } = parseForm(DEFAULT_FORM);
    expect(problems).toEqual([]);
    expect(config.clockFreq).toBe(100_000_000);
    expect(config.fifoDepth).toBe(16);
  });

  it('reports typed garbage without throwing', () => {
    expect(parseForm({ ...DEFAULT_FORM, clockFreq: '12abc' }).problems[0]).toMatch(/Clock frequency/);
    expect(parseForm({ ...DEFAULT_FORM, fifoDepth: '2.5' }).problems[0]).toMatch(/FIFO depth/);
    expect(parseForm({ ...DEFAULT_FORM, clockFreq: '50,000,000' }).config.clockFreq).toBe(50_000_000);
    // Exponent notation, as engineers write clocks (1e8 was refused as "not a whole number").
    expect(parseForm({ ...DEFAULT_FORM, clockFreq: '1e8' })).toMatchObject({
      config: { clockFreq: 1e8 },
      problems: [],
    });
    expect(parseForm({ ...DEFAULT_FORM, clockFreq: '1.8432E6' }).config.clockFreq).toBe(1_843_200);
    expect(parseForm({ ...DEFAULT_FORM, clockFreq: '1.84325e3' }).problems[0]).toMatch(/Clock frequency/);
    expect(parseForm({ ...DEFAULT_FORM, fifoDepth: '1e-1' }).problems[0]).toMatch(/FIFO depth/);
  });

  it('takes a whole number written with a decimal point (16.0 was "must be a whole number between 1 and 256")', () => {
    expect(parseForm({ ...DEFAULT_FORM, clockFreq: '50000000.0', fifoDepth: '16.0' })).toMatchObject({
      config: { clockFreq: 50_000_000, fifoDepth: 16 },
      problems: [],
    });
    expect(parseForm({ ...DEFAULT_FORM, clockFreq: '1843200.00' }).config.clockFreq).toBe(1_843_200);
    expect(parseForm({ ...DEFAULT_FORM, fifoDepth: '16.' }).config.fifoDepth).toBe(16);
    // Not whole: still refused.
    expect(parseForm({ ...DEFAULT_FORM, fifoDepth: '16.5' }).problems[0]).toMatch(/FIFO depth/);
    expect(parseForm({ ...DEFAULT_FORM, clockFreq: '50000000.01' }).problems[0]).toMatch(/Clock frequency/);
  });

  it('shows the clock to the hertz (a 1.8432 MHz UART crystal was "1.843 MHz")', () => {
    expect(formatHz(1_843_200)).toBe('1.8432 MHz');
    expect(formatHz(14_745_600)).toBe('14.7456 MHz');
    expect(formatHz(100_000_001)).toBe('100.000001 MHz');
    expect(formatHz(100_000_000)).toBe('100 MHz');
    expect(formatHz(999_999)).toBe('999,999 Hz');
  });

  it('never shows a flagged baud error as 2.00% (4.387 MHz, 9600 baud, 16x is 2.0043%)', () => {
    expect(formatErrorPercent(2.0042782738095184)).toBe('2.01%');
    expect(formatErrorPercent(2)).toBe('2.00%');
    expect([0.469, 2.124, 1.996, 62.76].map(formatErrorPercent)).toEqual(['0.47%', '2.12%', '2.00%', '62.76%']);
  });
});
