import { describe, expect, it } from 'vitest';
import {
  DATA_WIDTHS,
  DEFAULT_FIFO_CONFIG,
  FIFO_DEPTHS,
  FIFO_PRESETS,
  MEMORY_TYPES,
  fifoMetrics,
  fifoThresholds,
  packetModeOf,
  sizeNotes,
  type FifoConfig,
} from '../../core/hdl/fifo/config';
import { fifoGenerator } from '../../core/hdl/fifo';
import { metricRows, NO_VALUE, parseSize, presetConfig, sizeProblems, updateConfig, usageDetails } from './logic';

const cfg = (over: Partial<FifoConfig>): FifoConfig => ({ ...DEFAULT_FIFO_CONFIG, ...over });

describe('FIFO metrics (spec formulas)', () => {
  it('default 8x16 block RAM with output register', () => {
    expect(fifoMetrics(DEFAULT_FIFO_CONFIG)).toEqual({
      totalBits: 128,
      estimatedLUTs: 28,
      estimatedRegisters: 26,
      estimatedBRAM: 1,
      maxFrequency: 450,
      latency: 2,
    });
  });
  it('registers use ceil(bits/16)+5 without the output register, latency 1', () => {
    const m = fifoMetrics(cfg({ dataWidth: 32, fifoDepth: 64, memoryType: 'distributed', outputRegister: false }));
    expect(m).toEqual({
      totalBits: 2048,
      estimatedLUTs: 148,
      estimatedRegisters: 133,
      estimatedBRAM: 0,
      maxFrequency: 350,
      latency: 1,
    });
  });
  it('rounds up: 8 x 16 bits = 128 -> ceil(128/16)+20, and BRAM = ceil(bits/16384)', () => {
    const m = fifoMetrics(cfg({ dataWidth: 256, fifoDepth: 2048 }));
    expect(m.totalBits).toBe(524288);
    expect(m.estimatedBRAM).toBe(32);
    expect(fifoMetrics(cfg({ dataWidth: 128, fifoDepth: 1024 })).estimatedBRAM).toBe(8);
    expect(fifoMetrics(cfg({ dataWidth: 8, fifoDepth: 32, outputRegister: false })).estimatedRegisters).toBe(
      Math.ceil(256 / 16) + 5,
    );
  });
  it('registers memory has no block RAM and 350 MHz', () => {
    const m = fifoMetrics(cfg({ memoryType: 'registers' }));
    expect(m.estimatedBRAM).toBe(0);
    expect(m.maxFrequency).toBe(350);
  });
  it('formats the panel rows', () => {
    const rows = Object.fromEntries(metricRows(cfg({ dataWidth: 128, fifoDepth: 1024 })).map((r) => [r.id, r.value]));
    expect(rows).toMatchObject({
      'total-bits': '131,072',
      luts: '8,212',
      registers: '16,394',
      bram: '8',
      'max-frequency': '450 MHz',
      latency: '2 cycles',
    });
    expect(Object.fromEntries(metricRows(cfg({ outputRegister: false })).map((r) => [r.id, r.value])).latency).toBe(
      '1 cycle',
    );
  });
});

describe('FIFO metrics beyond the spec', () => {
  it('are the spec formulas, verbatim, for every spec width, depth, memory type and output register', () => {
    for (const dataWidth of DATA_WIDTHS) {
      for (const fifoDepth of FIFO_DEPTHS) {
        for (const memoryType of MEMORY_TYPES) {
          for (const outputRegister of [false, true]) {
            const bits = dataWidth * fifoDepth;
            expect(fifoMetrics({ dataWidth, fifoDepth, memoryType, outputRegister })).toEqual({
              totalBits: bits,
              estimatedLUTs: Math.ceil(bits / 16) + 20,
              estimatedRegisters: outputRegister ? Math.ceil(bits / 8) + 10 : Math.ceil(bits / 16) + 5,
              estimatedBRAM: memoryType === 'block_ram' ? Math.ceil(bits / 16384) : 0,
              maxFrequency: memoryType === 'block_ram' ? 450 : 350,
              latency: outputRegister ? 2 : 1,
            });
          }
        }
      }
    }
  });
  it('follow the same formulas at any size, with a block RAM per 256 bits of width at least', () => {
    expect(fifoMetrics(cfg({ dataWidth: 33, fifoDepth: 100 }))).toEqual({
      totalBits: 3300,
      estimatedLUTs: 227,
      estimatedRegisters: 423,
      estimatedBRAM: 1,
      maxFrequency: 450,
      latency: 2,
    });
    expect(fifoMetrics(cfg({ dataWidth: 1, fifoDepth: 131072 })).estimatedBRAM).toBe(8);
    expect(fifoMetrics(cfg({ dataWidth: 1024, fifoDepth: 16 })).estimatedBRAM).toBe(4);
    expect(fifoMetrics(cfg({ dataWidth: 257, fifoDepth: 2 })).estimatedBRAM).toBe(2);
    expect(fifoMetrics(cfg({ dataWidth: 1024, fifoDepth: 131072 })).estimatedBRAM).toBe(8192);
    expect(fifoMetrics(cfg({ dataWidth: 1024, fifoDepth: 16, memoryType: 'distributed' })).estimatedBRAM).toBe(0);
  });
  it('notes how a depth that is not a power of two is built, and the block RAM width rule', () => {
    expect(sizeNotes(DEFAULT_FIFO_CONFIG)).toEqual([]);
    expect(sizeNotes(cfg({ fifoDepth: 100 }))).toEqual([
      'Depth 100 is not a power of two: the pointers wrap at 100, so the FIFO stores exactly 100 words.',
    ]);
    expect(sizeNotes(cfg({ fifoDepth: 5, clockingMode: 'async' }))[1]).toBe(
      'The pointers cross the clock domains as a 10-step window of the reflected Gray code, ' +
        'so they still change one bit per step, the wrap included.',
    );
    expect(sizeNotes(cfg({ dataWidth: 1024, fifoDepth: 16 }))).toEqual([
      'Block RAMs: at least one per 256 bits of width, so 4 for 1024 bits.',
    ]);
    expect(sizeNotes(cfg({ dataWidth: 1024, fifoDepth: 64 }))).toEqual([]);
    expect(sizeNotes(cfg({ fifoDepth: NaN }))).toEqual([]);
    expect(fifoGenerator.summary(cfg({ fifoDepth: 3 })).notes).toHaveLength(1);
  });
  it('show no figures while the width or depth is unusable', () => {
    const rows = Object.fromEntries(metricRows(cfg({ fifoDepth: 1 })).map((r) => [r.id, r.value]));
    expect(rows).toMatchObject({ 'total-bits': NO_VALUE, bram: NO_VALUE, 'almost-full': NO_VALUE });
    expect(rows.latency).toBe('2 cycles');
  });
});

describe('FIFO size fields', () => {
  it('parse the typed text; empty is NaN, which validation reports', () => {
    expect(parseSize('33')).toBe(33);
    expect(parseSize(' 1e3 ')).toBe(1000);
    expect(parseSize('')).toBeNaN();
    expect(parseSize('12.5')).toBe(12.5);
  });
  it('list the width and depth problems', () => {
    expect(sizeProblems(DEFAULT_FIFO_CONFIG)).toEqual([]);
    expect(sizeProblems(cfg({ dataWidth: NaN, fifoDepth: 200000 }))).toEqual([
      'Data width must be a whole number from 1 to 1024 bits (the field is empty or not a number)',
      'FIFO depth must be a whole number from 2 to 131072 words (200000 is too large)',
    ]);
  });
});

describe('FIFO thresholds', () => {
  it('floor(depth x percent / 100)', () => {
    expect(fifoThresholds(DEFAULT_FIFO_CONFIG)).toEqual({ almostFull: 12, almostEmpty: 3 });
    expect(fifoThresholds(cfg({ fifoDepth: 16, almostFullThreshold: 95, almostEmptyThreshold: 5 }))).toEqual({
      almostFull: 15,
      almostEmpty: 0,
    });
    expect(fifoThresholds(cfg({ fifoDepth: 2048, almostFullThreshold: 77, almostEmptyThreshold: 33 }))).toEqual({
      almostFull: 1576,
      almostEmpty: 675,
    });
  });
  it('are shown in words on the panel', () => {
    const rows = Object.fromEntries(metricRows(DEFAULT_FIFO_CONFIG).map((r) => [r.id, r.value]));
    expect(rows['almost-full']).toBe('12 words');
    expect(rows['almost-empty']).toBe('3 words');
  });
});

describe('FIFO defaults and presets', () => {
  it('defaults per spec', () => {
    expect(DEFAULT_FIFO_CONFIG).toEqual({
      dataWidth: 8,
      fifoDepth: 16,
      memoryType: 'block_ram',
      clockingMode: 'sync',
      readMode: 'standard',
      writeMode: 'standard',
      almostFullThreshold: 80,
      almostEmptyThreshold: 20,
      outputRegister: true,
      resetType: 'async',
      enableECC: false,
      enablePacketMode: false,
    });
  });
  it('five presets per spec', () => {
    const p = Object.fromEntries(FIFO_PRESETS.map((x) => [x.id, x.config]));
    expect(FIFO_PRESETS).toHaveLength(5);
    expect(p.small).toMatchObject({ dataWidth: 8, fifoDepth: 16, memoryType: 'distributed' });
    expect(p.medium).toMatchObject({ dataWidth: 32, fifoDepth: 64, memoryType: 'distributed' });
    expect(p.large).toMatchObject({ dataWidth: 64, fifoDepth: 512, memoryType: 'block_ram' });
    expect(p.high_performance).toMatchObject({
      dataWidth: 128,
      fifoDepth: 1024,
      memoryType: 'block_ram',
      outputRegister: true,
    });
    expect(p.async).toMatchObject({ dataWidth: 32, fifoDepth: 128, memoryType: 'block_ram', clockingMode: 'async' });
  });
  it('a preset replaces the whole configuration', () => {
    expect(presetConfig('small')).toEqual({
      ...DEFAULT_FIFO_CONFIG,
      dataWidth: 8,
      fifoDepth: 16,
      memoryType: 'distributed',
    });
    expect(() => presetConfig('nope')).toThrow('Unknown preset: nope');
  });
});

describe('FIFO page helpers', () => {
  it('write mode and packet mode move together', () => {
    expect(updateConfig(DEFAULT_FIFO_CONFIG, 'writeMode', 'packet')).toMatchObject({
      writeMode: 'packet',
      enablePacketMode: true,
    });
    expect(updateConfig(cfg({ writeMode: 'packet', enablePacketMode: true }), 'enablePacketMode', false)).toMatchObject(
      { writeMode: 'standard', enablePacketMode: false },
    );
    expect(updateConfig(DEFAULT_FIFO_CONFIG, 'dataWidth', 64).dataWidth).toBe(64);
  });
  it("a partial configuration's packetModeOf (API, bitsmith) is the page after the same change", () => {
    expect(packetModeOf(undefined, undefined)).toEqual({ writeMode: 'standard', enablePacketMode: false });
    for (const value of ['packet', 'standard'] as const) {
      const { writeMode, enablePacketMode } = updateConfig(DEFAULT_FIFO_CONFIG, 'writeMode', value);
      expect(packetModeOf(value, undefined)).toEqual({ writeMode, enablePacketMode });
    }
    for (const value of [true, false]) {
      const { writeMode, enablePacketMode } = updateConfig(DEFAULT_FIFO_CONFIG, 'enablePacketMode', value);
      expect(packetModeOf(undefined, value)).toEqual({ writeMode, enablePacketMode });
    }
    // Both given are kept as given (validation refuses a mismatch).
    expect(packetModeOf('packet', false)).toEqual({ writeMode: 'packet', enablePacketMode: false });
  });
  it('usage details carry the configuration', () => {
    expect(usageDetails(DEFAULT_FIFO_CONFIG, 'vhdl')).toEqual({ language: 'vhdl', ...DEFAULT_FIFO_CONFIG });
  });
});
