/**
 * Verilog-2005 parallel CRC register: module `crc` with clk, rst (active high, asynchronous,
 * loads init), crc_en, data_in[D-1:0] and crc_out[W-1:0], one flat XOR equation per register bit
 * (no elaboration-time loops).
 */
import { headerComment } from '../comment';
import type { CrcParams } from '../../crc/params';
import { CRC_MODULE, headerLines, outputSource, wrapTerms, type CrcDesign } from './design';

/** crc_out from the register lfsr_q: reversed for refout, inverted where xorout has a 1 (both design families). */
export function verilogOutputLines(p: CrcParams): string[] {
  return [
    '',
    `  // Output: register${p.refout ? ' reversed' : ''} xor xorout.`,
    ...Array.from({ length: p.width }, (_, k) => {
      const { bit, invert } = outputSource(p, k);
      return `  assign crc_out[${k}] = ${invert ? '~' : ''}lfsr_q[${bit}];`;
    }),
  ];
}

export function generateCrcVerilog(design: CrcDesign): string {
  const p = design.params;
  const w = p.width;
  const d = design.dataWidth;
  const out: string[] = [headerComment('verilog', headerLines(design))];
  out.push(
    '`timescale 1ns / 1ps',
    '',
    `module ${CRC_MODULE} (`,
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
  design.equations.forEach((e, r) => {
    const terms = [...e.state.map((i) => `lfsr_q[${i}]`), ...e.data.map((j) => `data_in[${j}]`)];
    const lhs = `  assign lfsr_c[${r}] = `;
    out.push(`${lhs}${terms.length ? wrapTerms(terms, ' ^ ', ' '.repeat(lhs.length)) : "1'b0"};`);
  });
  out.push(
    ...verilogOutputLines(p),
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
