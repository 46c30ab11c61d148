import { describe, expect, it } from 'vitest';
import type { HdlLanguage } from '../contract';
import { DEFAULT_FIFO_CONFIG, fifoGenerator, validateFifoConfig, type FifoConfig } from '.';
import { eccCodewordWidth, eccDataPositions, eccDecode, eccEncode, eccParityBits, INJECT_DOUBLE_BITS, INJECT_SINGLE_BITS } from './ecc';

const cfg = (over: Partial<FifoConfig>): FifoConfig => ({ ...DEFAULT_FIFO_CONFIG, ...over });
const generateFifo = (c: FifoConfig, language: HdlLanguage) => fifoGenerator.generate(c, language).text;
const generateFifoTestbench = (c: FifoConfig, language: HdlLanguage) => fifoGenerator.testbench(c, language).text;

describe('FIFO configuration validation', () => {
  it('accepts the defaults and every listed option', () => {
    expect(validateFifoConfig(DEFAULT_FIFO_CONFIG).ok).toBe(true);
    for (const w of [8, 16, 32, 64, 128, 256]) expect(validateFifoConfig(cfg({ dataWidth: w })).ok).toBe(true);
    for (const d of [16, 32, 64, 128, 256, 512, 1024, 2048]) expect(validateFifoConfig(cfg({ fifoDepth: d })).ok).toBe(true);
  });
  it('rejects values outside the spec with clear messages', () => {
    const errors = (c: unknown) => { const r = validateFifoConfig(c); return r.ok ? [] : r.errors; };
    expect(errors(cfg({ dataWidth: 12 }))).toEqual(['Data width must be one of 8, 16, 32, 64, 128, 256']);
    expect(errors(cfg({ fifoDepth: 8 }))).toEqual(['FIFO depth must be a power of two from 16 to 2048']);
    expect(errors(cfg({ fifoDepth: 4096 }))).toEqual(['FIFO depth must be a power of two from 16 to 2048']);
    expect(errors(cfg({ fifoDepth: 48 }))).toEqual(['FIFO depth must be a power of two from 16 to 2048']);
    expect(errors(cfg({ almostFullThreshold: 49 }))).toEqual(['Almost full threshold must be between 50 and 95 percent']);
    expect(errors(cfg({ almostFullThreshold: 96 }))).toEqual(['Almost full threshold must be between 50 and 95 percent']);
    expect(errors(cfg({ almostEmptyThreshold: 4 }))).toEqual(['Almost empty threshold must be between 5 and 50 percent']);
    expect(errors(cfg({ almostEmptyThreshold: 51 }))).toEqual(['Almost empty threshold must be between 5 and 50 percent']);
    expect(errors({ ...DEFAULT_FIFO_CONFIG, memoryType: 'ultra' })).toEqual(['Memory type must be distributed, block_ram or registers']);
    expect(errors(cfg({ enablePacketMode: true }))).toEqual(['Write mode "packet" and packet mode must be chosen together']);
    expect(errors(null).length).toBeGreaterThan(0);
  });
  it('generation refuses an invalid configuration', () => {
    expect(() => generateFifo(cfg({ dataWidth: 7 }), 'verilog')).toThrow('Data width must be one of');
    expect(fifoGenerator.validate(cfg({ dataWidth: 7 }))).toEqual(['Data width must be one of 8, 16, 32, 64, 128, 256']);
  });
  it('names the files fifo_module.v / .vhd and fifo_module_tb.v / .vhd', () => {
    expect(fifoGenerator.generate(DEFAULT_FIFO_CONFIG, 'verilog').name).toBe('fifo_module.v');
    expect(fifoGenerator.generate(DEFAULT_FIFO_CONFIG, 'vhdl').name).toBe('fifo_module.vhd');
    expect(fifoGenerator.testbench(DEFAULT_FIFO_CONFIG, 'verilog').name).toBe('fifo_module_tb.v');
    expect(fifoGenerator.testbench(DEFAULT_FIFO_CONFIG, 'vhdl').name).toBe('fifo_module_tb.vhd');
  });
});

describe('Hamming SECDED reference', () => {
  it('sizes: 8 -> 4+1 parity, 64 -> 7+1, 256 -> 9+1', () => {
    expect([8, 16, 32, 64, 128, 256].map(eccParityBits)).toEqual([4, 5, 6, 7, 8, 9]);
    expect(eccCodewordWidth(8)).toBe(13);
    expect(eccDataPositions(8)).toEqual([3, 5, 6, 7, 9, 10, 11, 12]);
  });
  it('corrects every single flipped bit and detects every double flip', () => {
    const data = [1, 0, 1, 1, 0, 0, 1, 0, 1, 1, 1, 0, 0, 1, 0, 1];
    const cw = eccEncode(data);
    expect(eccDecode(cw, 16)).toEqual({ data, singleError: false, doubleError: false });
    for (let i = 0; i < cw.length; i++) {
      const one = cw.slice(); one[i]! ^= 1;
      expect(eccDecode(one, 16)).toEqual({ data, singleError: true, doubleError: false });
      for (let j = i + 1; j < cw.length; j++) {
        const two = one.slice(); two[j]! ^= 1;
        expect(eccDecode(two, 16).doubleError).toBe(true);
      }
    }
  });
  it('injection bits are data bits of the codeword', () => {
    for (const b of [...INJECT_SINGLE_BITS, ...INJECT_DOUBLE_BITS]) expect(eccDataPositions(8)).toContain(b);
  });
});

describe('generated FIFO text', () => {
  const all: FifoConfig[] = [
    DEFAULT_FIFO_CONFIG,
    cfg({ clockingMode: 'async', readMode: 'fwft', enableECC: true, enablePacketMode: true, writeMode: 'packet', resetType: 'sync', memoryType: 'registers' }),
    cfg({ memoryType: 'distributed', outputRegister: false }),
  ];
  it('starts with a header comment stating the configuration', () => {
    for (const c of all) {
      const v = generateFifo(c, 'verilog');
      const h = generateFifo(c, 'vhdl');
      expect(v.startsWith('// fifo_module: FIFO buffer')).toBe(true);
      expect(h.startsWith('-- fifo_module: FIFO buffer')).toBe(true);
      for (const text of [v, h]) {
        expect(text).toContain(`dataWidth            ${c.dataWidth}`);
        expect(text).toContain(`memoryType           ${c.memoryType}`);
        expect(text).toContain(`clockingMode         ${c.clockingMode}`);
        expect(text).toContain(`readMode             ${c.readMode}`);
        expect(text).toContain(`resetType            ${c.resetType}`);
      }
    }
  });
  it('shows the memory type as inference attributes', () => {
    expect(generateFifo(cfg({ memoryType: 'block_ram' }), 'verilog')).toContain('(* ram_style = "block", syn_ramstyle = "block_ram" *)');
    expect(generateFifo(cfg({ memoryType: 'distributed' }), 'verilog')).toContain('ram_style = "distributed"');
    expect(generateFifo(cfg({ memoryType: 'registers' }), 'vhdl')).toContain('attribute ram_style of mem : signal is "registers";');
  });
  it('uses no vendor primitives or libraries', () => {
    for (const c of all) {
      for (const text of [generateFifo(c, 'verilog'), generateFifo(c, 'vhdl')]) {
        expect(text).not.toMatch(/\b(unisim|RAMB\d|FIFO18|FIFO36|altsyncram|scfifo|dcfifo|xpm_|std_logic_arith|std_logic_unsigned)\b/i);
      }
    }
  });
  it('exposes the ports of the chosen options', () => {
    const v = generateFifo(all[1]!, 'verilog');
    for (const p of ['wr_clk', 'rd_clk', 'wr_last', 'wr_discard', 'inject_sbit_err', 'inject_dbit_err', 'sbit_err', 'dbit_err', 'almost_full', 'almost_empty', 'valid']) {
      expect(v).toMatch(new RegExp(`wire\\s+(\\[\\d+:0\\]\\s+)?${p}\\b`));
    }
    const plain = generateFifo(DEFAULT_FIFO_CONFIG, 'vhdl');
    expect(plain).toMatch(/clk\s+: in {2}std_logic/);
    expect(plain).not.toContain('wr_last');
    expect(plain).not.toContain('sbit_err');
  });
  it('asynchronous FIFOs use Gray-code pointers and two-flop synchronisers', () => {
    const v = generateFifo(all[1]!, 'verilog');
    expect(v).toContain('wr_gray <= bin2gray(publish_ptr);');
    expect(v).toContain('rd_gray_s2 <= rd_gray_s1;');
    expect(v).toContain('wr_gray_s2 <= wr_gray_s1;');
  });
  it('offers a testbench in both languages', () => {
    expect(generateFifoTestbench(DEFAULT_FIFO_CONFIG, 'verilog')).toContain('module fifo_module_tb;');
    expect(generateFifoTestbench(DEFAULT_FIFO_CONFIG, 'vhdl')).toContain('entity fifo_module_tb is');
  });
});
