/** Self-checking Verilog-2005 testbench for the stream crc module (scenario in testbench.ts). */
import { headerComment } from '../../comment';
import { crcFileName, CRC_MODULE } from '../design';
import { TB_FAIL, TB_NAME, TB_PASS } from '../testbench';
import { VERILOG_VERDICT_LINES } from '../testbench-verilog';
import { streamTbHeaderLines, type StreamCycle, type StreamScenario } from './testbench';

const hexOf = (v: bigint, bits: number) => `${bits}'h${v.toString(16)}`;

function cycleLines(c: StreamCycle, s: StreamScenario): string[] {
  const w = s.params.width;
  const args = [
    hexOf(c.value, s.dataWidth),
    `1'b${c.en ? 1 : 0}`,
    `1'b${c.sop ? 1 : 0}`,
    ...(s.partial ? [`${s.countBits}'d${c.bytes}`] : []),
    `1'b${c.valid ? 1 : 0}`,
    hexOf(c.expected, w),
  ];
  return [...(c.reset ? ['    reset_pulse;'] : []), `    cyc(${args.join(', ')});`];
}

export function generateCrcStreamTestbenchVerilog(s: StreamScenario): string {
  const w = s.params.width;
  const d = s.dataWidth;
  const b = s.countBits;
  return [
    headerComment('verilog', streamTbHeaderLines(s, crcFileName('verilog'), TB_PASS, TB_FAIL)),
    '`timescale 1ns / 1ps',
    '',
    `module ${TB_NAME};`,
    "  reg clk = 1'b0, rst = 1'b0, crc_en = 1'b0, sop = 1'b0;",
    "  // Declared with the first beat's values: nothing on the data path changes before that beat.",
    `  reg [${d - 1}:0] data_in = ${hexOf(s.initial.value, d)};`,
    ...(s.partial ? [`  reg [${b - 1}:0] data_bytes = ${b}'d${s.initial.bytes};`] : []),
    `  wire [${w - 1}:0] crc_out;`,
    '  wire crc_valid;',
    '  integer checks = 0;',
    '  integer errors = 0;',
    '  integer n = 0;',
    '',
    `  ${CRC_MODULE} dut (.clk(clk), .rst(rst), .crc_en(crc_en), .sop(sop), .data_in(data_in),${s.partial ? ' .data_bytes(data_bytes),' : ''}`,
    '    .crc_out(crc_out), .crc_valid(crc_valid));',
    '',
    '  // One clock: the inputs, a rising edge, then what crc_valid (and crc_out when valid) must be.',
    `  task cyc(input [${d - 1}:0] v, input en, input s,${s.partial ? ` input [${b - 1}:0] k,` : ''} input want_valid, input [${w - 1}:0] want);`,
    '    begin',
    `      data_in = v; crc_en = en; sop = s;${s.partial ? ' data_bytes = k;' : ''}`,
    '      #1 clk = 1; #1 clk = 0; #1;',
    '      n = n + 1;',
    '      if (crc_valid !== want_valid) begin',
    `        $display("${TB_FAIL} clock %0d: crc_valid = %b, expected %b", n, crc_valid, want_valid);`,
    '        errors = errors + 1;',
    '      end else if (want_valid) begin',
    '        checks = checks + 1;',
    '        if (crc_out !== want) begin',
    `          $display("${TB_FAIL} clock %0d: crc_out = %h, expected %h", n, crc_out, want);`,
    '          errors = errors + 1;',
    '        end',
    '      end',
    '    end',
    '  endtask',
    '',
    '  // rst is asynchronous: a pulse between clock edges; then no result is pending and crc_out is the CRC of nothing.',
    '  task reset_pulse;',
    '    begin',
    '      rst = 1; #1 rst = 0; #1;',
    `      if (crc_valid !== 1'b0 || crc_out !== ${hexOf(s.afterReset, w)}) begin`,
    `        $display("${TB_FAIL} after reset (clock %0d): crc_valid = %b, crc_out = %h", n, crc_valid, crc_out);`,
    '        errors = errors + 1;',
    '      end',
    '    end',
    '  endtask',
    '',
    '  initial begin',
    '    reset_pulse;',
    ...s.cycles.flatMap((c) => cycleLines(c, s)),
    `    if (checks != ${s.checks}) begin`,
    `      $display("${TB_FAIL} %0d results seen, expected ${s.checks}", checks);`,
    '      errors = errors + 1;',
    '    end',
    ...VERILOG_VERDICT_LINES,
  ].join('\n');
}
