/**
 * Verilog-2005 and VHDL-93 emitters for the parallel CRC register: module/entity `crc` with
 * clk, rst (active high, asynchronous, loads init), crc_en, data_in[D-1:0] and crc_out[W-1:0],
 * one flat XOR equation per register bit (no elaboration-time loops).
 */
import { GENERATOR_LINE, headerComment } from '../hdl/comment';
import { equationStats, type Equation, type EquationStats } from './equations';
import { hex, polyText, bitsFromPoly, type CrcParams, type HdlLanguage } from './params';

export interface HdlInput {
  params: CrcParams;
  dataWidth: number;
  equations: Equation[];
  /** CRC of "123456789" with these parameters, for the header. */
  check?: bigint;
}

const TERMS_PER_LINE = 8;

export const HDL_FILE_NAMES: Record<HdlLanguage, string> = { verilog: 'crc_module.v', vhdl: 'crc_entity.vhd' };

function bitOrderLines(dataWidth: number, refin: boolean): string[] {
  const d = dataWidth;
  const bytes = d % 8 === 0 && d > 8;
  if (refin) {
    return [
      `Bit order (refin): data_in[0] is the first bit in time, data_in[${d - 1}] the last.`,
      bytes ? `A ${d}-bit word carries its first byte in data_in[7:0], each byte least significant bit first.` : 'Bytes enter least significant bit first.',
    ];
  }
  return [
    `Bit order: data_in[${d - 1}] is the first bit in time, data_in[0] the last.`,
    bytes ? `A ${d}-bit word carries its first byte in data_in[${d - 1}:${d - 8}], each byte most significant bit first.` : 'Bytes enter most significant bit first.',
  ];
}

function header(language: HdlLanguage, input: HdlInput, stats: EquationStats): string {
  const p = input.params;
  const w = p.width;
  return headerComment(language, [
    GENERATOR_LINE,
    `Parallel CRC: ${w}-bit register, ${input.dataWidth} data bits per clock.`,
    '',
    `Polynomial: ${polyText(bitsFromPoly(w, p.poly))}`,
    `  (normal form ${hex(p.poly, w)}, width ${w})`,
    `Parameters: init ${hex(p.init, w)} (unreflected), refin ${p.refin}, refout ${p.refout}, xorout ${hex(p.xorout, w)}`,
    ...(input.check !== undefined ? [`Check value (CRC of the ASCII bytes "123456789"): ${hex(input.check, w)}`] : []),
    '',
    ...bitOrderLines(input.dataWidth, p.refin),
    'rst is active high and asynchronous and loads init. On a rising clk edge with crc_en high',
    'the register absorbs the data_in bits. crc_out is the finished CRC of everything absorbed',
    `since reset: the register${p.refout ? ' bit-reversed (refout)' : ''} xor xorout.`,
    '',
    `XOR count: ${stats.xorCount} two-input XORs without sharing; deepest equation: ${stats.deepestTerms} terms`,
    `  (register bit ${stats.deepestBit}, ${stats.deepestLevels} XOR levels).`,
  ]);
}

function wrapTerms(terms: string[], sep: string, indent: string): string {
  const lines: string[] = [];
  for (let i = 0; i < terms.length; i += TERMS_PER_LINE) lines.push(terms.slice(i, i + TERMS_PER_LINE).join(sep));
  return lines.join(`${sep.trimEnd()}\n${indent}`);
}

/** Output bit k comes from register bit k, or W-1-k when refout; xorout bits invert it. */
function outputSource(p: CrcParams, k: number): { bit: number; invert: boolean } {
  return { bit: p.refout ? p.width - 1 - k : k, invert: ((p.xorout >> BigInt(k)) & 1n) === 1n };
}

export function emitVerilog(input: HdlInput): string {
  const p = input.params;
  const w = p.width;
  const d = input.dataWidth;
  const stats = equationStats(input.equations);
  const out: string[] = [header('verilog', input, stats)];
  out.push(
    'module crc (',
    '  input  wire clk,',
    '  input  wire rst,',
    '  input  wire crc_en,',
    `  input  wire [${d - 1}:0] data_in,`,
    `  output wire [${w - 1}:0] crc_out`,
    ');',
    '',
    `  reg  [${w - 1}:0] lfsr_q;`,
    `  wire [${w - 1}:0] lfsr_c;`,
    '',
    '  // Next state: one flat XOR equation per register bit.',
  );
  input.equations.forEach((e, r) => {
    const terms = [...e.state.map((i) => `lfsr_q[${i}]`), ...e.data.map((j) => `data_in[${j}]`)];
    const lhs = `  assign lfsr_c[${r}] = `;
    out.push(`${lhs}${terms.length ? wrapTerms(terms, ' ^ ', ' '.repeat(lhs.length)) : "1'b0"};`);
  });
  out.push('', `  // Output: register${p.refout ? ' reversed' : ''} xor xorout.`);
  for (let k = 0; k < w; k++) {
    const { bit, invert } = outputSource(p, k);
    out.push(`  assign crc_out[${k}] = ${invert ? '~' : ''}lfsr_q[${bit}];`);
  }
  out.push(
    '',
    '  always @(posedge clk or posedge rst) begin',
    '    if (rst)',
    `      lfsr_q <= ${w}'h${p.init.toString(16)};`,
    '    else if (crc_en)',
    '      lfsr_q <= lfsr_c;',
    '  end',
    '',
    'endmodule',
    '',
  );
  return out.join('\n');
}

export function emitVhdl(input: HdlInput): string {
  const p = input.params;
  const w = p.width;
  const d = input.dataWidth;
  const stats = equationStats(input.equations);
  const initBits = p.init.toString(2).padStart(w, '0');
  const out: string[] = [header('vhdl', input, stats)];
  out.push(
    'library ieee;',
    'use ieee.std_logic_1164.all;',
    '',
    'entity crc is',
    '  port (',
    '    clk     : in  std_logic;',
    '    rst     : in  std_logic;',
    '    crc_en  : in  std_logic;',
    `    data_in : in  std_logic_vector(${d - 1} downto 0);`,
    `    crc_out : out std_logic_vector(${w - 1} downto 0)`,
    '  );',
    'end entity crc;',
    '',
    'architecture rtl of crc is',
    `  signal lfsr_q : std_logic_vector(${w - 1} downto 0);`,
    `  signal lfsr_c : std_logic_vector(${w - 1} downto 0);`,
    'begin',
    '  -- Next state: one flat XOR equation per register bit.',
  );
  input.equations.forEach((e, r) => {
    const terms = [...e.state.map((i) => `lfsr_q(${i})`), ...e.data.map((j) => `data_in(${j})`)];
    const lhs = `  lfsr_c(${r}) <= `;
    out.push(`${lhs}${terms.length ? wrapTerms(terms, ' xor ', ' '.repeat(lhs.length)) : "'0'"};`);
  });
  out.push('', `  -- Output: register${p.refout ? ' reversed' : ''} xor xorout.`);
  for (let k = 0; k < w; k++) {
    const { bit, invert } = outputSource(p, k);
    out.push(`  crc_out(${k}) <= ${invert ? 'not ' : ''}lfsr_q(${bit});`);
  }
  out.push(
    '',
    '  process (clk, rst)',
    '  begin',
    "    if rst = '1' then",
    `      lfsr_q <= "${initBits}";`,
    '    elsif rising_edge(clk) then',
    "      if crc_en = '1' then",
    '        lfsr_q <= lfsr_c;',
    '      end if;',
    '    end if;',
    '  end process;',
    '',
    'end architecture rtl;',
    '',
  );
  return out.join('\n');
}

export function emitHdl(language: HdlLanguage, input: HdlInput): string {
  return language === 'verilog' ? emitVerilog(input) : emitVhdl(input);
}
