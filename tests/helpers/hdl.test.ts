import { expect, it } from 'vitest';
import { simulateVerilog, simulateVhdl } from './hdl';
import { describeWith } from './system';

describeWith(['iverilog', 'ghdl'], 'HDL simulators', () => {
  it('runs a Verilog testbench in Icarus', async () => {
    const r = await simulateVerilog(
      { 'tb.v': 'module tb; initial begin $display("sum=%0d", 2 + 3); $finish; end endmodule\n' },
      'tb',
    );
    expect(r.stdout).toContain('sum=5');
  });
  it('runs a VHDL testbench in GHDL (93c and 08)', async () => {
    const src = `entity tb is end entity;\narchitecture sim of tb is begin\n  process begin report "sum=" & integer'image(2 + 3); wait; end process;\nend architecture;\n`;
    for (const std of ['93c', '08'] as const) {
      const r = await simulateVhdl({ 'tb.vhd': src }, 'tb', std);
      expect(r.stdout + r.stderr).toContain('sum=5');
    }
  });
});
