import { describe, expect, it } from 'vitest';
import type { HdlLanguage } from '../contract';
import {
  dataWidthProblem,
  DEFAULT_FIFO_CONFIG,
  fifoDepthProblem,
  fifoGenerator,
  validateFifoConfig,
  type FifoConfig,
} from '.';
import {
  eccCodewordWidth,
  eccDataPositions,
  eccDecode,
  eccEncode,
  eccParityBits,
  injectDoubleBits,
  INJECT_DOUBLE_BITS,
  INJECT_SINGLE_BITS,
} from './ecc';
import { bin2gray, grayToPtr, pointerScheme, ptrCount, ptrNext, ptrToGray } from './pointers';

const cfg = (over: Partial<FifoConfig>): FifoConfig => ({ ...DEFAULT_FIFO_CONFIG, ...over });
const generateFifo = (c: FifoConfig, language: HdlLanguage) => fifoGenerator.generate(c, language).text;
const generateFifoTestbench = (c: FifoConfig, language: HdlLanguage) => fifoGenerator.testbench(c, language).text;

describe('FIFO configuration validation', () => {
  const errors = (c: unknown) => {
    const r = validateFifoConfig(c);
    return r.ok ? [] : r.errors;
  };
  it('accepts the defaults and every listed option', () => {
    expect(validateFifoConfig(DEFAULT_FIFO_CONFIG).ok).toBe(true);
    for (const w of [8, 16, 32, 64, 128, 256]) expect(validateFifoConfig(cfg({ dataWidth: w })).ok).toBe(true);
    for (const d of [16, 32, 64, 128, 256, 512, 1024, 2048])
      expect(validateFifoConfig(cfg({ fifoDepth: d })).ok).toBe(true);
  });
  it('accepts any whole width 1..1024 and depth 2..131072, powers of two or not', () => {
    for (const w of [1, 2, 12, 33, 1000, 1024]) expect(errors(cfg({ dataWidth: w }))).toEqual([]);
    for (const d of [2, 3, 5, 48, 100, 1000, 4096, 100000, 131072]) expect(errors(cfg({ fifoDepth: d }))).toEqual([]);
    const all = cfg({
      dataWidth: 1024,
      fifoDepth: 131071,
      clockingMode: 'async',
      readMode: 'fwft',
      enableECC: true,
      enablePacketMode: true,
      writeMode: 'packet',
    });
    expect(errors(all)).toEqual([]);
  });
  it('says what range is allowed and what was wrong with the size', () => {
    const width = (fault: string) => [`Data width must be a whole number from 1 to 1024 bits (${fault})`];
    const depth = (fault: string) => [`FIFO depth must be a whole number from 2 to 131072 words (${fault})`];
    expect(errors(cfg({ dataWidth: 0 }))).toEqual(width('0 is too small'));
    expect(errors(cfg({ dataWidth: 1025 }))).toEqual(width('1025 is too large'));
    expect(errors(cfg({ dataWidth: 12.5 }))).toEqual(width('12.5 is not a whole number'));
    expect(errors(cfg({ dataWidth: NaN }))).toEqual(width('the field is empty or not a number'));
    // A number sent as text (a JSON body, a config file) is told the type, as the CRC's fields are.
    expect(errors({ ...DEFAULT_FIFO_CONFIG, dataWidth: '8' })).toEqual(width('"8" is text; give the number 8'));
    expect(errors({ ...DEFAULT_FIFO_CONFIG, dataWidth: '5000' })).toEqual(
      width('"5000" is text, and 5000 is too large'),
    );
    expect(errors({ ...DEFAULT_FIFO_CONFIG, dataWidth: 'eight' })).toEqual(width('"eight" is not a number'));
    expect(errors(cfg({ fifoDepth: 1 }))).toEqual(depth('1 is too small'));
    expect(errors(cfg({ fifoDepth: 131073 }))).toEqual(depth('131073 is too large'));
    expect(errors(cfg({ fifoDepth: -4 }))).toEqual(depth('-4 is too small'));
    expect(dataWidthProblem(33)).toBeNull();
    expect([fifoDepthProblem(Infinity)]).toEqual(depth('Infinity is not a whole number'));
  });
  it('tells a threshold that is no number its range, not zod\'s "expected number"', () => {
    expect(errors({ ...DEFAULT_FIFO_CONFIG, almostFullThreshold: '80' })).toEqual([
      'Almost full threshold must be between 50 and 95 percent',
    ]);
    expect(errors({ ...DEFAULT_FIFO_CONFIG, almostEmptyThreshold: undefined })).toEqual([
      'Almost empty threshold must be between 5 and 50 percent',
    ]);
  });
  it('rejects the other options with clear messages', () => {
    expect(errors(cfg({ almostFullThreshold: 49 }))).toEqual([
      'Almost full threshold must be between 50 and 95 percent',
    ]);
    expect(errors(cfg({ almostFullThreshold: 96 }))).toEqual([
      'Almost full threshold must be between 50 and 95 percent',
    ]);
    expect(errors(cfg({ almostEmptyThreshold: 4 }))).toEqual([
      'Almost empty threshold must be between 5 and 50 percent',
    ]);
    expect(errors(cfg({ almostEmptyThreshold: 51 }))).toEqual([
      'Almost empty threshold must be between 5 and 50 percent',
    ]);
    expect(errors({ ...DEFAULT_FIFO_CONFIG, memoryType: 'ultra' })).toEqual([
      'Memory type must be distributed, block_ram or registers',
    ]);
    expect(errors(cfg({ enablePacketMode: true }))).toEqual([
      'Write mode "packet" and packet mode must be chosen together',
    ]);
    expect(errors(null).length).toBeGreaterThan(0);
  });
  it('generation refuses an invalid configuration', () => {
    expect(() => generateFifo(cfg({ dataWidth: 2000 }), 'verilog')).toThrow(
      'Data width must be a whole number from 1 to 1024',
    );
    expect(fifoGenerator.validate(cfg({ fifoDepth: 1 }))).toEqual([
      'FIFO depth must be a whole number from 2 to 131072 words (1 is too small)',
    ]);
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
      const one = cw.slice();
      one[i]! ^= 1;
      expect(eccDecode(one, 16)).toEqual({ data, singleError: true, doubleError: false });
      for (let j = i + 1; j < cw.length; j++) {
        const two = one.slice();
        two[j]! ^= 1;
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
    cfg({
      clockingMode: 'async',
      readMode: 'fwft',
      enableECC: true,
      enablePacketMode: true,
      writeMode: 'packet',
      resetType: 'sync',
      memoryType: 'registers',
    }),
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
    expect(generateFifo(cfg({ memoryType: 'block_ram' }), 'verilog')).toContain(
      '(* ram_style = "block", syn_ramstyle = "block_ram" *)',
    );
    expect(generateFifo(cfg({ memoryType: 'distributed' }), 'verilog')).toContain('ram_style = "distributed"');
    expect(generateFifo(cfg({ memoryType: 'registers' }), 'vhdl')).toContain(
      'attribute ram_style of mem : signal is "registers";',
    );
  });
  it('uses no vendor primitives or libraries', () => {
    for (const c of all) {
      for (const text of [generateFifo(c, 'verilog'), generateFifo(c, 'vhdl')]) {
        expect(text).not.toMatch(
          /\b(unisim|RAMB\d|FIFO18|FIFO36|altsyncram|scfifo|dcfifo|xpm_|std_logic_arith|std_logic_unsigned)\b/i,
        );
      }
    }
  });
  it('exposes the ports of the chosen options', () => {
    const v = generateFifo(all[1]!, 'verilog');
    for (const p of [
      'wr_clk',
      'rd_clk',
      'wr_last',
      'wr_discard',
      'inject_sbit_err',
      'inject_dbit_err',
      'sbit_err',
      'dbit_err',
      'almost_full',
      'almost_empty',
      'valid',
    ]) {
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

describe('pointer scheme (the reference of the HDL pointers)', () => {
  const depths = [...Array.from({ length: 599 }, (_, i) => i + 2), 1000, 1023, 1025, 2047, 65537, 131071, 131072];
  const oneBit = (x: number) => x !== 0 && (x & (x - 1)) === 0;
  // Plain checks in the step loops: expect() per step would take minutes over ~1.6 million steps.
  const fail = (message: string) => {
    throw new Error(message);
  };

  it('the address counts 0..depth-1 and toggles the wrap bit: 2 x depth distinct pointers', () => {
    for (const depth of depths) {
      const s = pointerScheme(depth);
      const seen = new Set<number>();
      let p = 0;
      for (let i = 0; i < 2 * depth; i++) {
        seen.add(p);
        if (p % 2 ** s.addrBits !== i % depth) fail(`depth ${depth}: step ${i} has address ${p % 2 ** s.addrBits}`);
        p = ptrNext(s, p);
      }
      expect(p, `depth ${depth}`).toBe(0);
      expect(seen.size).toBe(2 * depth);
    }
  });
  it('crossing codes change one bit per step, the wrap included, and decode back', () => {
    for (const depth of depths) {
      const s = pointerScheme(depth);
      let p = 0;
      for (let i = 0; i < 2 * depth; i++) {
        const q = ptrNext(s, p);
        const g = ptrToGray(s, p);
        if (!oneBit(g ^ ptrToGray(s, q))) fail(`depth ${depth}: pointer ${p} -> ${q} changes more than one bit`);
        if (grayToPtr(s, g) !== p) fail(`depth ${depth}: code ${g} decodes to ${grayToPtr(s, g)}, not ${p}`);
        if (g >= 2 ** (s.addrBits + 1)) fail(`depth ${depth}: code ${g} is wider than the pointer`);
        p = q;
      }
    }
  });
  it('power-of-two depths are plain binary pointers with their own Gray code', () => {
    for (const depth of [2, 16, 2048, 131072]) {
      const s = pointerScheme(depth);
      expect(s.grayOffset).toBe(0);
      for (const p of [0, 1, depth - 1, depth, 2 * depth - 1]) {
        expect(ptrNext(s, p)).toBe((p + 1) % (2 * depth));
        expect(ptrToGray(s, p)).toBe(bin2gray(p));
      }
    }
  });
  it('counts the words between two pointers up to a full FIFO', () => {
    for (const depth of [2, 3, 5, 6, 7, 12, 100]) {
      const s = pointerScheme(depth);
      const walk = [0];
      for (let i = 1; i < 2 * depth; i++) walk.push(ptrNext(s, walk[i - 1]!));
      walk.forEach((b, i) => {
        for (let n = 0; n <= depth; n++) {
          const a = walk[(i + n) % (2 * depth)]!;
          if (ptrCount(s, a, b) !== n) fail(`depth ${depth}: ${ptrCount(s, a, b)} words from ${b} to ${a}, not ${n}`);
        }
      });
    }
  });
});

describe('widths and depths beyond the spec in the generated text', () => {
  it('a depth that is not a power of two uses the wrap-aware pointer functions', () => {
    const v = generateFifo(cfg({ fifoDepth: 100 }), 'verilog');
    expect(v).toContain('localparam DEPTH      = 100;');
    expect(v).toContain('localparam ADDR_WIDTH = 7;');
    expect(v).toContain('wr_ptr <= ptr_next(wr_ptr);');
    expect(v).toContain('wire [ADDR_WIDTH:0] wr_count = ptr_count(wr_ptr, rd_released);');
    expect(v).toContain('Depth 100 is not a power of two');
    expect(v).not.toContain('GRAY_OFFSET');
    const h = generateFifo(cfg({ fifoDepth: 100 }), 'vhdl');
    expect(h).toContain('function ptr_next(p : ptr_t) return ptr_t is');
    expect(h).toContain('rd_count     <= ptr_count(wr_visible, pop_ptr);');
  });
  it('async non-power-of-two FIFOs cross in the Gray window and reset to the code of pointer 0', () => {
    const c = cfg({ fifoDepth: 1000, clockingMode: 'async' });
    const s = pointerScheme(1000);
    const v = generateFifo(c, 'verilog');
    expect(v).toContain('localparam GRAY_OFFSET = 24;');
    expect(v).toContain(`localparam [ADDR_WIDTH:0] GRAY_RESET = ${ptrToGray(s, 0)};`);
    expect(v).toContain('wr_gray <= ptr2gray(wr_ptr);');
    expect(v).toContain('assign wr_visible = gray2ptr(wr_gray_s2);');
    expect(v).toContain('wr_gray_s1 <= GRAY_RESET;');
    expect(v).toContain('2000-step window of the reflected Gray');
    const h = generateFifo(c, 'vhdl');
    expect(h).toContain(`constant GRAY_RESET : ptr_t := to_unsigned(${ptrToGray(s, 0)}, ADDR_WIDTH + 1);`);
    expect(h).toContain('rd_released <= gray2ptr(rd_gray_s2);');
  });
  it('power-of-two depths keep plain binary pointers', () => {
    const v = generateFifo(cfg({ fifoDepth: 131072, clockingMode: 'async' }), 'verilog');
    expect(v).toContain('localparam ADDR_WIDTH = 17;');
    expect(v).toContain("if (wr_fire) wr_ptr <= wr_ptr + 1'b1;");
    expect(v).toContain('wr_gray <= bin2gray(wr_ptr);');
    expect(v).not.toContain('ptr_next');
  });
  it('1-bit data ports stay vectors, so both languages connect the same way', () => {
    const c = cfg({ dataWidth: 1, enableECC: true });
    expect(generateFifo(c, 'verilog')).toMatch(/input {2}wire \[0:0\] +din,/);
    expect(generateFifo(c, 'vhdl')).toMatch(/dout +: out std_logic_vector\(0 downto 0\);/);
    // A 1-bit word has a 4-bit codeword: the double-error injection flips bits 2 and 3.
    expect(generateFifo(c, 'verilog')).toContain("inject_dbit_err ? 4'd12");
    expect(injectDoubleBits(1)).toEqual([2, 3]);
    expect(injectDoubleBits(2)).toEqual(INJECT_DOUBLE_BITS);
    expect(
      eccDecode(
        eccEncode([1]).map((b, i) => (i === 2 || i === 3 ? b ^ 1 : b)),
        1,
      ).doubleError,
    ).toBe(true);
  });
  it('ECC at 1024 bits: an 1036-bit codeword', () => {
    const v = generateFifo(cfg({ dataWidth: 1024, enableECC: true }), 'verilog');
    expect(v).toContain('localparam MEM_WIDTH  = 1036;');
    expect(v).toContain('localparam PARITY_BITS = 11;');
  });
});
