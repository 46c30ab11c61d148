/** Self-checking VHDL-93 testbench for a generated FSM (sequence and checks in testbench.ts). */
import type { CompiledFsm } from './design';
import { fsmTestSequence, tbHeader, type FsmTestbenchOptions } from './testbench';
import { vhdlType, vhdlValue } from './vhdl';

export function generateFsmTestbenchVhdl(fsm: CompiledFsm, o: FsmTestbenchOptions = {}): string {
  const c = fsm.config;
  const seq = fsmTestSequence(fsm, o);
  const zero = (w: number) => (w > 1 ? "(others => '0')" : "'0'");
  const decl = [
    `  signal ${c.clkName} : std_logic := '0';`,
    `  signal ${c.resetName} : std_logic := '1';`,
    ...c.inputs.map((s) => `  signal ${s.name} : ${vhdlType(s.width)} := ${zero(s.width)};`),
    ...c.outputs.map((s) => `  signal ${s.name} : ${vhdlType(s.width)};`),
    '  signal tb_done : boolean := false;',
  ];
  const conns = [c.clkName, c.resetName, ...c.inputs.map((s) => s.name), ...c.outputs.map((s) => s.name)].map(
    (n) => `${n} => ${n}`,
  );
  const steps = seq.flatMap((cy, i) => {
    const drive = [
      `${c.resetName} <= '${cy.reset ? 1 : 0}';`,
      ...c.inputs.map((s, k) => `${s.name} <= ${vhdlValue(cy.inputs[k]!, s.width)};`),
    ];
    return [
      `    -- cycle ${i}: state ${cy.state}${cy.reset ? ' (reset)' : ''}`,
      `    wait until falling_edge(${c.clkName}); ${drive.join(' ')} wait for 1 ns;`,
      ...c.outputs.map(
        (s, k) =>
          `    if ${s.name} /= ${vhdlValue(cy.outputs[k]!, s.width)} then report "FAIL: cycle ${i} (state ${cy.state}): ${s.name} is not ${cy.outputs[k]}" severity error; tb_errors := tb_errors + 1; end if;`,
      ),
    ];
  });
  return `${tbHeader('vhdl', fsm, seq.length)}
library ieee;
use ieee.std_logic_1164.all;

entity ${c.moduleName}_tb is
end entity ${c.moduleName}_tb;

architecture sim of ${c.moduleName}_tb is
${decl.join('\n')}
begin
  dut : entity work.${c.moduleName}
    port map (${conns.join(', ')});

  clocking : process
  begin
    while not tb_done loop
      ${c.clkName} <= '0';
      wait for 5 ns;
      ${c.clkName} <= '1';
      wait for 5 ns;
    end loop;
    wait;
  end process clocking;

  stimulus : process
    variable tb_errors : natural := 0;
  begin
${steps.join('\n')}
    if tb_errors = 0 then
      report "PASS: ${seq.length} cycles";
    else
      report "FAIL: " & integer'image(tb_errors) & " error(s)" severity failure;
    end if;
    tb_done <= true;
    wait;
  end process stimulus;
end architecture sim;
`;
}
