import { describe, expect, it } from 'vitest';
import { DEFAULT_FORM, parseForm } from './logic';

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
});
