/**
 * Verilog-2005 FIFO emitter. One architecture for every option:
 * - a memory written at wr_ptr and read through a registered port (ram_q) at rd_ptr;
 * - the write side counts wr_ptr - released read pointer (full, almost_full);
 * - the read side counts the visible write pointer - popped pointer (empty, almost_empty);
 * - async: pointers cross as registered Gray codes through two-flop synchronisers;
 * - packet mode: the visible write pointer is the commit pointer (stepped one word per cycle
 *   in async mode so its Gray code changes one bit at a time);
 * - FWFT: ram_q (and the output register) form a prefetch pipeline in front of dout;
 * - a depth that is not a power of two: pointers are {wrap bit, address} with the address
 *   wrapping at DEPTH - 1 (ptr_next, ptr_count), crossing domains in a window of the Gray code.
 */
import { headerComment } from '../comment';
import { fifoPorts, headerLines, MODULE_NAME, type FifoDesign } from './design';

const range = (w: number, bus = false) => (w === 1 && !bus ? '' : `[${w - 1}:0] `);

/** Pointer arithmetic: plain binary for power-of-two depths, the wrap-aware functions otherwise. */
const next = (d: FifoDesign, p: string) => (d.pow2 ? `${p} + 1'b1` : `ptr_next(${p})`);
const count = (d: FifoDesign, a: string, b: string) => (d.pow2 ? `${a} - ${b}` : `ptr_count(${a}, ${b})`);
const toGray = (d: FifoDesign, p: string) => (d.pow2 ? `bin2gray(${p})` : `ptr2gray(${p})`);
const fromGray = (d: FifoDesign, g: string) => (d.pow2 ? `gray2bin(${g})` : `gray2ptr(${g})`);
/** Reset value of the Gray registers: the crossing code of pointer 0. */
const grayReset = (d: FifoDesign) => (d.pow2 ? "{(ADDR_WIDTH+1){1'b0}}" : 'GRAY_RESET');

/** An always block clocked by `clk` with the configured reset style. */
function clocked(d: FifoDesign, clk: string, reset: string[], body: string[]): string[] {
  const head =
    d.c.resetType === 'async' ? `always @(posedge ${clk} or posedge rst) begin` : `always @(posedge ${clk}) begin`;
  return [
    head,
    '  if (rst) begin',
    ...reset.map((l) => `    ${l}`),
    '  end else begin',
    ...body.map((l) => `    ${l}`),
    '  end',
    'end',
  ];
}

function ports(d: FifoDesign): string[] {
  const list = fifoPorts(d);
  return list.map((p, i) => {
    const dir = p.dir === 'in' ? 'input  wire' : 'output wire';
    return `  ${dir} ${range(p.width, p.bus).padEnd(9)}${p.name}${i === list.length - 1 ? '' : ','}`;
  });
}

/** Pointers of a depth that is not a power of two: {wrap bit, address 0..DEPTH-1}. */
function pointerFunctions(d: FifoDesign): string[] {
  if (d.pow2) return [];
  const out = [
    '// The address wraps at DEPTH - 1 and toggles the wrap bit (the top bit).',
    'function [ADDR_WIDTH:0] ptr_next;',
    '  input [ADDR_WIDTH:0] p;',
    "  ptr_next = (p[ADDR_WIDTH-1:0] == DEPTH - 1) ? {~p[ADDR_WIDTH], {ADDR_WIDTH{1'b0}}} : p + 1'b1;",
    'endfunction',
    '',
    '// Words from pointer b up to pointer a (0..DEPTH): one lap more when the wrap bits differ.',
    'function [ADDR_WIDTH:0] ptr_count;',
    '  input [ADDR_WIDTH:0] a, b;',
    "  ptr_count = {1'b0, a[ADDR_WIDTH-1:0]} - {1'b0, b[ADDR_WIDTH-1:0]}",
    '              + ((a[ADDR_WIDTH] ^ b[ADDR_WIDTH]) ? DEPTH : 0);',
    'endfunction',
    '',
  ];
  if (d.async) {
    out.push(
      '// Crossing code: the 2 x DEPTH pointer values map onto a window of the reflected Gray code',
      '// centred on its midpoint, so consecutive pointers (the wrap included) differ in one bit.',
      'function [ADDR_WIDTH:0] ptr2gray;',
      '  input [ADDR_WIDTH:0] p;',
      '  ptr2gray = bin2gray(p[ADDR_WIDTH] ? p : p + GRAY_OFFSET);',
      'endfunction',
      '',
      'function [ADDR_WIDTH:0] gray2ptr;',
      '  input [ADDR_WIDTH:0] g;',
      '  reg [ADDR_WIDTH:0] b;',
      '  begin',
      '    b = gray2bin(g);',
      '    gray2ptr = b[ADDR_WIDTH] ? b : b - GRAY_OFFSET;',
      '  end',
      'endfunction',
      '',
    );
  }
  return out;
}

function functions(d: FifoDesign): string[] {
  const out: string[] = [];
  if (d.async) {
    out.push(
      'function [ADDR_WIDTH:0] bin2gray;',
      '  input [ADDR_WIDTH:0] b;',
      '  bin2gray = b ^ (b >> 1);',
      'endfunction',
      '',
      'function [ADDR_WIDTH:0] gray2bin;',
      '  input [ADDR_WIDTH:0] g;',
      '  integer i;',
      '  begin',
      '    gray2bin[ADDR_WIDTH] = g[ADDR_WIDTH];',
      '    for (i = ADDR_WIDTH - 1; i >= 0; i = i - 1)',
      '      gray2bin[i] = gray2bin[i + 1] ^ g[i];',
      '  end',
      'endfunction',
      '',
    );
  }
  out.push(...pointerFunctions(d));
  if (d.ecc) {
    out.push(
      '// Hamming SECDED: codeword bit 0 = overall parity, bits 1..CODE_BITS at Hamming positions',
      '// (powers of two = parity bits, the others carry data bits LSB first).',
      '// The data bit at a position that is not a power of two: a constant for each unrolled',
      '// position, where a running counter would be a variable index (a shifter per data bit).',
      'function integer data_index;',
      '  input integer pos;',
      '  integer k;',
      '  begin',
      '    data_index = pos - 1;',
      '    for (k = 1; k <= pos; k = k * 2) data_index = data_index - 1;',
      '  end',
      'endfunction',
      '',
      'function [MEM_WIDTH-1:0] ecc_encode;',
      '  input [DATA_WIDTH-1:0] d;',
      '  integer pos, i;',
      '  reg [MEM_WIDTH-1:0] cw;',
      '  reg p;',
      '  begin',
      "    cw = {MEM_WIDTH{1'b0}};",
      '    for (pos = 1; pos <= CODE_BITS; pos = pos + 1)',
      '      if ((pos & (pos - 1)) != 0) cw[pos] = d[data_index(pos)];',
      '    for (i = 0; i < PARITY_BITS; i = i + 1) begin',
      "      p = 1'b0;",
      '      for (pos = 1; pos <= CODE_BITS; pos = pos + 1)',
      '        if (((pos >> i) & 1) == 1) p = p ^ cw[pos];',
      '      cw[1 << i] = p;',
      '    end',
      '    cw[0] = ^cw[MEM_WIDTH-1:1];',
      '    ecc_encode = cw;',
      '  end',
      'endfunction',
      '',
      '// Returns {double_error, single_error, corrected data}.',
      'function [DATA_WIDTH+1:0] ecc_decode;',
      '  input [MEM_WIDTH-1:0] c;',
      '  integer pos, i;',
      '  reg [PARITY_BITS-1:0] syn;',
      '  reg [MEM_WIDTH-1:0] cw;',
      '  reg [DATA_WIDTH-1:0] d;',
      '  reg p, sbit, dbit;',
      '  begin',
      '    cw = c;',
      '    syn = 0;',
      '    for (i = 0; i < PARITY_BITS; i = i + 1) begin',
      "      p = 1'b0;",
      '      for (pos = 1; pos <= CODE_BITS; pos = pos + 1)',
      '        if (((pos >> i) & 1) == 1) p = p ^ cw[pos];',
      '      syn[i] = p;',
      '    end',
      "    sbit = 1'b0;",
      "    dbit = 1'b0;",
      '    if (^cw) begin',
      "      sbit = 1'b1;",
      '      // One comparison per position, not cw[syn]: a variable index is a shifter in synthesis.',
      '      for (pos = 1; pos <= CODE_BITS; pos = pos + 1)',
      '        if (syn == pos) cw[pos] = ~cw[pos];',
      '    end else if (syn != 0) begin',
      "      dbit = 1'b1;",
      '    end',
      '    for (pos = 1; pos <= CODE_BITS; pos = pos + 1)',
      '      if ((pos & (pos - 1)) != 0) d[data_index(pos)] = cw[pos];',
      '    ecc_decode = {dbit, sbit, d};',
      '  end',
      'endfunction',
      '',
    );
  }
  return out;
}

function writeSide(d: FifoDesign): string[] {
  const W = d.wclk;
  const out: string[] = ['// ---------------- write clock domain ----------------'];
  out.push('reg  [ADDR_WIDTH:0] wr_ptr;         // next address to write');
  if (d.packet) out.push('reg  [ADDR_WIDTH:0] commit_ptr;     // end of the last committed packet');
  if (d.async && d.packet)
    out.push('reg  [ADDR_WIDTH:0] publish_ptr;    // steps towards commit_ptr one word per cycle');
  out.push('wire [ADDR_WIDTH:0] rd_released;    // read pointer as seen by the write side');
  out.push(`wire [ADDR_WIDTH:0] wr_count = ${count(d, 'wr_ptr', 'rd_released')};`);
  out.push('assign full        = (wr_count == DEPTH);');
  out.push('assign almost_full = (wr_count >= AF_LEVEL);');
  out.push(`wire wr_fire = wr_en & ~full${d.packet ? ' & ~wr_discard' : ''};`);
  if (d.ecc) {
    out.push(
      `wire [MEM_WIDTH-1:0] inject_mask = inject_dbit_err ? ${d.memWidth}'d${d.doubleMask} : (inject_sbit_err ? ${d.memWidth}'d${d.singleMask} : {MEM_WIDTH{1'b0}});`,
    );
    out.push('wire [MEM_WIDTH-1:0] wr_word = ecc_encode(din) ^ inject_mask;');
  } else {
    out.push('wire [MEM_WIDTH-1:0] wr_word = din;');
  }
  out.push('', `always @(posedge ${W}) begin`, '  if (wr_fire) mem[wr_ptr[ADDR_WIDTH-1:0]] <= wr_word;', 'end', '');
  const reset = ["wr_ptr <= {(ADDR_WIDTH+1){1'b0}};"];
  let body: string[];
  if (d.packet) {
    reset.push("commit_ptr <= {(ADDR_WIDTH+1){1'b0}};");
    body = [
      'if (wr_discard) begin',
      '  wr_ptr <= commit_ptr;',
      'end else if (wr_fire) begin',
      `  wr_ptr <= ${next(d, 'wr_ptr')};`,
      `  if (wr_last) commit_ptr <= ${next(d, 'wr_ptr')};`,
      'end',
    ];
    if (d.async) {
      reset.push("publish_ptr <= {(ADDR_WIDTH+1){1'b0}};");
      body.push(`if (publish_ptr != commit_ptr) publish_ptr <= ${next(d, 'publish_ptr')};`);
    }
  } else {
    body = [`if (wr_fire) wr_ptr <= ${next(d, 'wr_ptr')};`];
  }
  out.push(...clocked(d, W, reset, body));
  const visible = d.packet ? (d.async ? 'publish_ptr' : 'commit_ptr') : 'wr_ptr';
  if (d.async) {
    out.push(
      '',
      '// Gray-coded write pointer (registered) for the read domain',
      ...clocked(d, W, [`wr_gray <= ${grayReset(d)};`], [`wr_gray <= ${toGray(d, visible)};`]),
      '',
      '// two-flop synchroniser: read pointer into the write domain',
      '(* ASYNC_REG = "TRUE" *) reg [ADDR_WIDTH:0] rd_gray_s1;',
      '(* ASYNC_REG = "TRUE" *) reg [ADDR_WIDTH:0] rd_gray_s2;',
      ...clocked(
        d,
        W,
        [`rd_gray_s1 <= ${grayReset(d)};`, `rd_gray_s2 <= ${grayReset(d)};`],
        ['rd_gray_s1 <= rd_gray;', 'rd_gray_s2 <= rd_gray_s1;'],
      ),
      `assign rd_released = ${fromGray(d, 'rd_gray_s2')};`,
    );
  }
  return out;
}

function readSide(d: FifoDesign): string[] {
  const R = d.rclk;
  const zeroPtr = "{(ADDR_WIDTH+1){1'b0}}";
  const out: string[] = ['// ---------------- read clock domain ----------------'];
  out.push('reg  [ADDR_WIDTH:0] rd_ptr;         // next address to fetch from memory');
  out.push(
    d.fwft
      ? 'reg  [ADDR_WIDTH:0] pop_ptr;        // words handed to the reader'
      : 'wire [ADDR_WIDTH:0] pop_ptr = rd_ptr;',
  );
  out.push('wire [ADDR_WIDTH:0] wr_visible;     // committed write pointer as seen by the read side');
  out.push(`wire [ADDR_WIDTH:0] rd_count = ${count(d, 'wr_visible', 'pop_ptr')};`);
  out.push(`wire [ADDR_WIDTH:0] rd_avail = ${count(d, 'wr_visible', 'rd_ptr')};`);
  // rd_count includes the words still in the FWFT prefetch pipeline: empty must still mean almost empty.
  out.push(`assign almost_empty = ${d.fwft ? 'empty | ' : ''}(rd_count <= AE_LEVEL);`);
  out.push('reg  [MEM_WIDTH-1:0] ram_q;         // registered memory read port');
  out.push('reg  ram_valid;');
  if (d.ecc) {
    out.push('wire [DATA_WIDTH+1:0] decoded = ecc_decode(ram_q);');
    out.push('wire [DATA_WIDTH-1:0] ram_data = decoded[DATA_WIDTH-1:0];');
    out.push('wire ram_sbit = decoded[DATA_WIDTH];');
    out.push('wire ram_dbit = decoded[DATA_WIDTH+1];');
  } else {
    out.push('wire [DATA_WIDTH-1:0] ram_data = ram_q;');
  }
  if (d.outReg) {
    out.push('reg  [DATA_WIDTH-1:0] dout_r;       // output register');
    out.push('reg  out_valid;');
    if (d.ecc) out.push('reg  sbit_r, dbit_r;');
  }
  const validOut = d.outReg ? 'out_valid' : 'ram_valid';
  if (d.fwft) {
    out.push(
      `wire take = ${d.outReg ? 'ram_valid & (~out_valid | rd_en)' : 'ram_valid & rd_en'};   // stage 1 moves on`,
    );
    out.push('wire fetch = (rd_avail != 0) & (~ram_valid | take);');
    out.push(`assign empty = ~${validOut};`);
    out.push(`wire pop = rd_en & ${validOut};`);
  } else {
    out.push('assign empty = (rd_count == 0);');
    out.push('wire fetch = rd_en & ~empty;');
  }
  out.push('');
  const reset = [`rd_ptr <= ${zeroPtr};`, "ram_valid <= 1'b0;"];
  const body = [`if (fetch) rd_ptr <= ${next(d, 'rd_ptr')};`];
  if (d.fwft) {
    reset.push(`pop_ptr <= ${zeroPtr};`);
    body.push("if (fetch) ram_valid <= 1'b1;", "else if (take) ram_valid <= 1'b0;");
    body.push(`if (pop) pop_ptr <= ${next(d, 'pop_ptr')};`);
  } else {
    body.push('ram_valid <= fetch;');
  }
  if (d.outReg) {
    reset.push("dout_r <= {DATA_WIDTH{1'b0}};", "out_valid <= 1'b0;");
    if (d.ecc) reset.push("sbit_r <= 1'b0;", "dbit_r <= 1'b0;");
    const load = d.fwft ? 'take' : 'ram_valid';
    body.push(`if (${load}) begin`, '  dout_r <= ram_data;');
    if (d.ecc) body.push('  sbit_r <= ram_sbit;', '  dbit_r <= ram_dbit;');
    body.push('end');
    body.push(d.fwft ? "if (take) out_valid <= 1'b1;\nelse if (rd_en) out_valid <= 1'b0;" : 'out_valid <= ram_valid;');
  }
  out.push('// ram_q is reset too, so dout and the status outputs are defined before the first read');
  out.push(`always @(posedge ${R}${d.c.resetType === 'async' ? ' or posedge rst' : ''}) begin`);
  out.push(
    '  if (rst) begin',
    "    ram_q <= {MEM_WIDTH{1'b0}};",
    '  end else begin',
    '    if (fetch) ram_q <= mem[rd_ptr[ADDR_WIDTH-1:0]];',
    '  end',
    'end',
  );
  out.push(
    '',
    ...clocked(
      d,
      R,
      reset,
      body.flatMap((l) => l.split('\n')),
    ),
  );
  out.push('', `assign dout  = ${d.outReg ? 'dout_r' : 'ram_data'};`, `assign valid = ${validOut};`);
  if (d.ecc)
    out.push(
      `assign sbit_err = ${d.outReg ? 'sbit_r' : 'ram_sbit'};`,
      `assign dbit_err = ${d.outReg ? 'dbit_r' : 'ram_dbit'};`,
    );
  if (d.async) {
    out.push(
      '',
      '// Gray-coded popped pointer (registered) for the write domain',
      ...clocked(d, R, [`rd_gray <= ${grayReset(d)};`], [`rd_gray <= ${toGray(d, 'pop_ptr')};`]),
      '',
      '// two-flop synchroniser: write pointer into the read domain',
      '(* ASYNC_REG = "TRUE" *) reg [ADDR_WIDTH:0] wr_gray_s1;',
      '(* ASYNC_REG = "TRUE" *) reg [ADDR_WIDTH:0] wr_gray_s2;',
      ...clocked(
        d,
        R,
        [`wr_gray_s1 <= ${grayReset(d)};`, `wr_gray_s2 <= ${grayReset(d)};`],
        ['wr_gray_s1 <= wr_gray;', 'wr_gray_s2 <= wr_gray_s1;'],
      ),
      `assign wr_visible = ${fromGray(d, 'wr_gray_s2')};`,
    );
  } else {
    out.push(`assign wr_visible = ${d.packet ? 'commit_ptr' : 'wr_ptr'};`, 'assign rd_released = pop_ptr;');
  }
  return out;
}

/** The FIFO as a Verilog-2005 module named fifo_module. */
export function generateFifoVerilog(d: FifoDesign): string {
  const config = d.c;
  const body = [
    `localparam DATA_WIDTH = ${d.width};`,
    `localparam DEPTH      = ${d.depth};`,
    `localparam ADDR_WIDTH = ${d.addrBits};`,
    `localparam MEM_WIDTH  = ${d.memWidth};${d.ecc ? '   // data + Hamming parity + overall parity' : ''}`,
    `localparam AF_LEVEL   = ${d.afLevel};   // floor(${d.depth} x ${config.almostFullThreshold} / 100)`,
    `localparam AE_LEVEL   = ${d.aeLevel};   // floor(${d.depth} x ${config.almostEmptyThreshold} / 100)`,
    ...(d.ecc ? [`localparam PARITY_BITS = ${d.parityBits};`, `localparam CODE_BITS   = ${d.codeBits};`] : []),
    ...(d.async && !d.pow2
      ? [
          `localparam GRAY_OFFSET = ${d.grayOffset};   // 2^ADDR_WIDTH - DEPTH`,
          `localparam [ADDR_WIDTH:0] GRAY_RESET = ${d.grayReset};   // crossing code of pointer 0: bin2gray(GRAY_OFFSET)`,
        ]
      : []),
    '',
    ...functions(d),
    `// Storage: ${config.memoryType} memory`,
    `(* ram_style = "${d.ramStyle}", syn_ramstyle = "${d.synRamStyle}" *)`,
    'reg [MEM_WIDTH-1:0] mem [0:DEPTH-1];',
    ...(d.async
      ? [
          '',
          '// Gray-coded pointers crossing the clock domains',
          'reg [ADDR_WIDTH:0] wr_gray;   // write domain',
          'reg [ADDR_WIDTH:0] rd_gray;   // read domain',
        ]
      : []),
    '',
    ...writeSide(d),
    '',
    ...readSide(d),
  ];
  return [
    headerComment('verilog', headerLines(d)),
    '`timescale 1ns / 1ps',
    '',
    `module ${MODULE_NAME} (`,
    ...ports(d),
    ');',
    '',
    ...body.map((l) => (l ? `  ${l}` : '')),
    '',
    'endmodule',
    '',
  ].join('\n');
}
