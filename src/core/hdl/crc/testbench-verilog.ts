/** Self-checking Verilog-2005 testbench for the generated crc module (scenario in testbench.ts). */
import { headerComment } from '../comment';
import { crcFileName, CRC_MODULE } from './design';
import { TB_FAIL, TB_NAME, TB_PASS, tbHeaderLines, type CrcScenario, type CrcStep } from './testbench';

/** The testbench's last lines: the verdict the simulation suites read, then $finish (both design families). */
export const VERILOG_VERDICT_LINES = [
  `    if (errors == 0) $display("${TB_PASS} checks=%0d", checks);`,
  `    else $display("${TB_FAIL} errors=%0d", errors);`,
  '    $finish;',
  '  end',
  'endmodule',
  '',
];

function stepLine(st: CrcStep, s: CrcScenario): string {
  const { width: w, dataWidth: d } = s;
  switch (st.kind) {
    case 'reset':
      return '    reset_pulse;';
    case 'word':
      return `    word(${d}'h${st.value.toString(16)}, 1'b${st.enable ? 1 : 0});`;
    case 'check': {
      const want = st.expected.toString(16).padStart(Math.ceil(w / 4), '0');
      return [
        `    checks = checks + 1;`,
        `    if (crc_out !== ${w}'h${want}) begin`,
        `      $display("${TB_FAIL} ${st.what}: crc_out = %h, expected ${want}", crc_out);`,
        '      errors = errors + 1;',
        '    end',
      ].join('\n');
    }
  }
}

export function generateCrcTestbenchVerilog(s: CrcScenario): string {
  const { width: w, dataWidth: d } = s;
  return [
    headerComment('verilog', tbHeaderLines(s, crcFileName('verilog'))),
    '`timescale 1ns / 1ps',
    '',
    `module ${TB_NAME};`,
    "  reg clk = 1'b0, rst = 1'b0, crc_en = 1'b0;",
    `  reg [${d - 1}:0] data_in = 0;`,
    `  wire [${w - 1}:0] crc_out;`,
    '  integer checks = 0;',
    '  integer errors = 0;',
    '',
    `  ${CRC_MODULE} dut (.clk(clk), .rst(rst), .crc_en(crc_en), .data_in(data_in), .crc_out(crc_out));`,
    '',
    '  // One rising clock edge with data_in = v and crc_en = en.',
    `  task word(input [${d - 1}:0] v, input en);`,
    '    begin data_in = v; crc_en = en; #1 clk = 1; #1 clk = 0; #1; end',
    '  endtask',
    '',
    '  // rst is asynchronous: a pulse with no clock edge.',
    '  task reset_pulse;',
    '    begin rst = 1; #1 rst = 0; #1; end',
    '  endtask',
    '',
    '  initial begin',
    ...s.steps.map((st) => stepLine(st, s)),
    ...VERILOG_VERDICT_LINES,
  ].join('\n');
}
