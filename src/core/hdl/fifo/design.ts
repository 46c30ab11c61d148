/**
 * Facts about one FIFO configuration shared by the Verilog and VHDL emitters and testbenches:
 * sizes, names, ports and the header comment text.
 */
import { GENERATOR_LINE } from '../comment';
import { fifoThresholds, isPowerOfTwo, type FifoConfig } from './config';
import { eccCodewordWidth, eccParityBits, injectDoubleBits, INJECT_SINGLE_BITS } from './ecc';
import { pointerScheme, ptrToGray } from './pointers';

export const MODULE_NAME = 'fifo_module';

export interface FifoDesign {
  c: FifoConfig;
  width: number;
  depth: number;
  /** Address bits: the least A with 2^A >= depth. Pointers have A + 1 bits: {wrap bit, address} (pointers.ts). */
  addrBits: number;
  /**
   * Power-of-two depth: pointers are plain binary counters. Otherwise the address wraps at
   * depth - 1 and toggles the wrap bit, and counts add depth when the wrap bits differ.
   */
  pow2: boolean;
  /**
   * Async crossing of a non-power-of-two pointer: its position in the 2 x depth window of the
   * reflected Gray code is the pointer itself when the wrap bit is set, else pointer + grayOffset
   * (2^A - depth). Zero for power-of-two depths.
   */
  grayOffset: number;
  /** The crossing code of pointer 0 (reset value of the Gray registers): gray(grayOffset). */
  grayReset: number;
  /** Bits stored per word (data, or the SECDED codeword). */
  memWidth: number;
  parityBits: number;
  /** Hamming positions 1..codeBits (without the overall parity bit 0). */
  codeBits: number;
  afLevel: number;
  aeLevel: number;
  async: boolean;
  fwft: boolean;
  outReg: boolean;
  ecc: boolean;
  packet: boolean;
  wclk: string;
  rclk: string;
  singleMask: number;
  doubleMask: number;
  /** Codeword bits flipped by inject_dbit_err. */
  doubleBits: number[];
  ramStyle: string;
  synRamStyle: string;
}

const RAM_STYLE: Record<FifoConfig['memoryType'], [string, string]> = {
  block_ram: ['block', 'block_ram'],
  distributed: ['distributed', 'select_ram'],
  registers: ['registers', 'registers'],
};

export function fifoDesign(c: FifoConfig): FifoDesign {
  const t = fifoThresholds(c);
  const ecc = c.enableECC;
  const parityBits = ecc ? eccParityBits(c.dataWidth) : 0;
  const async = c.clockingMode === 'async';
  const pointers = pointerScheme(c.fifoDepth);
  const doubleBits = injectDoubleBits(c.dataWidth);
  return {
    c,
    width: c.dataWidth,
    depth: c.fifoDepth,
    addrBits: pointers.addrBits,
    pow2: isPowerOfTwo(c.fifoDepth),
    grayOffset: pointers.grayOffset,
    grayReset: ptrToGray(pointers, 0),
    memWidth: ecc ? eccCodewordWidth(c.dataWidth) : c.dataWidth,
    parityBits,
    codeBits: c.dataWidth + parityBits,
    afLevel: t.almostFull,
    aeLevel: t.almostEmpty,
    async,
    fwft: c.readMode === 'fwft',
    outReg: c.outputRegister,
    ecc,
    packet: c.enablePacketMode,
    wclk: async ? 'wr_clk' : 'clk',
    rclk: async ? 'rd_clk' : 'clk',
    singleMask: INJECT_SINGLE_BITS.reduce((m, b) => m + 2 ** b, 0),
    doubleMask: doubleBits.reduce((m, b) => m + 2 ** b, 0),
    doubleBits,
    ramStyle: RAM_STYLE[c.memoryType][0],
    synRamStyle: RAM_STYLE[c.memoryType][1],
  };
}

export interface PortInfo {
  name: string;
  dir: 'in' | 'out';
  width: number;
  doc: string;
  /** A data bus: a vector even when 1 bit wide (std_logic_vector(0 downto 0) in VHDL). */
  bus: boolean;
}

/** Ports in declaration order; the same names in both languages. */
export function fifoPorts(d: FifoDesign): PortInfo[] {
  const p: PortInfo[] = [];
  const add = (name: string, dir: 'in' | 'out', width: number, doc: string) =>
    p.push({ name, dir, width, doc, bus: name === 'din' || name === 'dout' });
  if (d.async) {
    add('wr_clk', 'in', 1, 'write clock');
    add('rd_clk', 'in', 1, 'read clock (independent of wr_clk)');
  } else {
    add('clk', 'in', 1, 'clock');
  }
  add(
    'rst',
    'in',
    1,
    `active-high ${d.c.resetType === 'async' ? 'asynchronous' : 'synchronous'} reset${d.async ? ' of both clock domains' : ''}`,
  );
  add('wr_en', 'in', 1, 'write din (ignored while full)');
  add('din', 'in', d.width, 'write data');
  if (d.packet) {
    add('wr_last', 'in', 1, 'with wr_en: last word of a packet; commits the packet');
    add('wr_discard', 'in', 1, 'drops the uncommitted words of the open packet (and any word written with it)');
  }
  if (d.ecc) {
    add(
      'inject_sbit_err',
      'in',
      1,
      `with wr_en: store the word with one flipped bit (codeword bit ${INJECT_SINGLE_BITS[0]}), for testing`,
    );
    const bits = d.doubleBits.join(' and ');
    add(
      'inject_dbit_err',
      'in',
      1,
      `with wr_en: store the word with two flipped bits (codeword bits ${bits}), for testing`,
    );
  }
  add('full', 'out', 1, 'no room for another word');
  add('almost_full', 'out', 1, `write-side count >= ${d.afLevel}`);
  add(
    'rd_en',
    'in',
    1,
    d.fwft ? 'acknowledge: pop the word shown on dout (ignored while empty)' : 'read request (ignored while empty)',
  );
  add('dout', 'out', d.width, 'read data');
  add(
    'valid',
    'out',
    1,
    d.fwft
      ? 'dout holds the head word (same as not empty)'
      : `dout holds newly read data ${d.outReg ? '2 cycles' : '1 cycle'} after rd_en`,
  );
  add('empty', 'out', 1, d.fwft ? 'no word on dout' : 'no word to read');
  add('almost_empty', 'out', 1, `read-side count <= ${d.aeLevel}${d.fwft ? ', or empty' : ''}`);
  if (d.ecc) {
    add('sbit_err', 'out', 1, 'dout was corrected (single-bit error)');
    add('dbit_err', 'out', 1, 'dout is corrupt (double-bit error detected)');
  }
  return p;
}

/** Header comment lines stating the configuration (shared by both languages). */
export function headerLines(d: FifoDesign, title = 'FIFO buffer'): string[] {
  const c = d.c;
  const lines = [
    `${MODULE_NAME}: ${title}`,
    GENERATOR_LINE,
    '',
    'Configuration:',
    `  dataWidth            ${c.dataWidth}`,
    `  fifoDepth            ${c.fifoDepth}`,
    `  memoryType           ${c.memoryType} (ram_style "${d.ramStyle}", syn_ramstyle "${d.synRamStyle}")`,
    `  clockingMode         ${c.clockingMode}${d.async ? ' (Gray-code pointers, two-flop synchronisers)' : ''}`,
    `  readMode             ${c.readMode}${d.fwft ? ' (first-word-fall-through)' : ''}`,
    `  writeMode            ${c.writeMode}`,
    `  almostFullThreshold  ${c.almostFullThreshold}% -> almost_full when count >= ${d.afLevel}`,
    `  almostEmptyThreshold ${c.almostEmptyThreshold}% -> almost_empty when count <= ${d.aeLevel}`,
    `  outputRegister       ${c.outputRegister ? 'on' : 'off'}`,
    `  resetType            ${c.resetType}`,
    `  enableECC            ${c.enableECC ? `on (Hamming SECDED, ${d.memWidth}-bit codeword)` : 'off'}`,
    `  enablePacketMode     ${c.enablePacketMode ? 'on' : 'off'}`,
    '',
    'Ports:',
    ...fifoPorts(d).map(
      (p) => `  ${p.name.padEnd(16)} ${p.dir === 'in' ? 'in ' : 'out'} ${String(p.width).padStart(3)}  ${p.doc}`,
    ),
    '',
    'Notes:',
    '  The write-side count (full, almost_full) includes words not yet read;',
    '  the read-side count (empty, almost_empty) includes only readable words.',
  ];
  if (d.async) lines.push('  Flags crossing clock domains are conservative: they update 2-3 cycles late.');
  if (c.resetType === 'async')
    lines.push('  Release rst synchronously to the clock(s) (e.g. through a reset synchroniser).');
  else lines.push(`  Hold rst for at least two cycles of ${d.async ? 'each clock' : 'clk'}.`);
  if (d.packet) {
    lines.push("  Packet mode: words are readable only after the packet's last word (wr_last)");
    lines.push('  is written; wr_discard drops an unfinished packet. A packet longer than the');
    lines.push('  depth can never commit: discard it.');
  }
  if (!d.pow2) {
    lines.push(`  Depth ${d.depth} is not a power of two: the address wraps at ${d.depth - 1} and toggles`);
    lines.push(`  the wrap bit (the pointer's top bit), so the FIFO stores exactly ${d.depth} words.`);
  }
  if (!d.pow2 && d.async) {
    lines.push(`  Pointers cross the clock domains in a ${2 * d.depth}-step window of the reflected Gray`);
    lines.push(`  code: gray(p) with the wrap bit set, else gray(p + ${d.grayOffset}); one bit changes per`);
    lines.push('  step, the wrap included.');
  }
  lines.push('  Verilog-2005 / VHDL-93, no vendor primitives.');
  return lines;
}
