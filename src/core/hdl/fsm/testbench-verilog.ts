/** Self-checking Verilog-2005 testbench for a generated FSM (sequence and checks in testbench.ts). */
import type { CompiledFsm } from './design';
import { fsmTestSequence, tbHeader, type FsmTestbenchOptions } from './testbench';
import { verilogValue } from './verilog';

export function generateFsmTestbenchVerilog(fsm: CompiledFsm, o: FsmTestbenchOptions = {}): string {
  const c = fsm.config;
  const seq = fsmTestSequence(fsm, o);
  const decl = [
    `    reg ${c.clkName} = 1'b0;`,
    `    reg ${c.resetName} = 1'b1;`,
    ...c.inputs.map(
      (s) => `    reg ${s.width > 1 ? `[${s.width - 1}:0] ` : ''}${s.name} = ${verilogValue(0n, s.width)};`,
    ),
    ...c.outputs.map((s) => `    wire ${s.width > 1 ? `[${s.width - 1}:0] ` : ''}${s.name};`),
  ];
  const conns = [c.clkName, c.resetName, ...c.inputs.map((s) => s.name), ...c.outputs.map((s) => s.name)].map(
    (n) => `.${n}(${n})`,
  );
  const steps = seq.flatMap((cy, i) => {
    const drive = [
      `${c.resetName} = 1'b${cy.reset ? 1 : 0};`,
      ...c.inputs.map((s, k) => `${s.name} = ${verilogValue(cy.inputs[k]!, s.width)};`),
    ];
    return [
      `        // cycle ${i}: state ${cy.state}${cy.reset ? ' (reset)' : ''}`,
      `        @(negedge ${c.clkName}); ${drive.join(' ')} #1;`,
      ...c.outputs.map(
        (s, k) =>
          `        if (${s.name} !== ${verilogValue(cy.outputs[k]!, s.width)}) begin $display("FAIL: cycle ${i} (state ${cy.state}): ${s.name} = %0d, expected ${cy.outputs[k]}", ${s.name}); tb_errors = tb_errors + 1; end`,
      ),
    ];
  });
  return `${tbHeader('verilog', fsm, seq.length)}
\`timescale 1ns / 1ps

module ${c.moduleName}_tb;
${decl.join('\n')}
    integer tb_errors = 0;

    ${c.moduleName} dut (${conns.join(', ')});

    always #5 ${c.clkName} = ~${c.clkName};

    initial begin
${steps.join('\n')}
        if (tb_errors == 0) $display("PASS: ${seq.length} cycles");
        else $display("FAIL: %0d error(s)", tb_errors);
        $finish;
    end
endmodule
`;
}
