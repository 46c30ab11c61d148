import { expect, it } from 'vitest';
import { simulateVerilog, simulateVhdl, VERILOG_STANDARDS } from './hdl';
import { describeWith } from './system';

describeWith(['iverilog', 'ghdl'], 'HDL simulators', () => {
  it('runs a Verilog testbench in Icarus', async () => {
    const r = await simulateVerilog(
      { 'tb.v': 'module tb; initial begin $display("sum=%0d", 2 + 3); $finish; end endmodule\n' },
      'tb',
    );
    expect(r.stdout).toContain('sum=5');
  });
  it('simulates Verilog-2005 and SystemVerilog, whose time 0 differs', async () => {
    // An always @* block reading only a declaration-initialised variable: Verilog-2005 makes the
    // initialiser an event at time 0, IEEE 1800 does not, so the block never runs there; a
    // continuous assignment is evaluated at time 0 under both.
    const tb = [
      'module tb;',
      "  reg [3:0] a = 4'h5;",
      '  reg [3:0] y_always;',
      '  wire [3:0] y_assign = ~a;',
      '  always @* y_always = ~a;',
      '  initial begin #1 $display("always=%h assign=%h", y_always, y_assign); $finish; end',
      'endmodule',
      '',
    ].join('\n');
    const seen = await Promise.all(VERILOG_STANDARDS.map((g) => simulateVerilog({ 'tb.v': tb }, 'tb', undefined, g)));
    expect(seen.map((r) => r.stdout.trim())).toEqual(['always=a assign=a', 'always=x assign=a']);
  });
  it('runs a VHDL testbench in GHDL (93c and 08)', async () => {
    const src = `entity tb is end entity;\narchitecture sim of tb is begin\n  process begin report "sum=" & integer'image(2 + 3); wait; end process;\nend architecture;\n`;
    for (const std of ['93c', '08'] as const) {
      const r = await simulateVhdl({ 'tb.vhd': src }, 'tb', std);
      expect(r.stdout + r.stderr).toContain('sum=5');
    }
  });
});
