/**
 * Self-checking FSM testbenches: a random input sequence (biased towards the constants the
 * conditions compare with, with resets at the start and in the middle) is run through the
 * TypeScript reference model (compile.ts `step`); the testbench applies each cycle's inputs after
 * the falling clock edge and checks every output 1 ns later against the model, in both languages.
 */
import { GENERATOR_LINE, headerComment } from '../comment';
import { randomInt, seededRandom } from '../random';
import { comparedConstants } from './condition';
import { step, type CompiledFsm } from './compile';
import { verilogValue } from './verilog';
import { vhdlType, vhdlValue } from './vhdl';

export interface FsmCycle {
  reset: boolean;
  /** One value per input of the config, in its order. */
  inputs: bigint[];
  /** Expected outputs during the cycle (after the inputs settle), one per output of the config. */
  outputs: bigint[];
  /** State during the cycle. */
  state: string;
}

export interface FsmTestOptions {
  cycles?: number;
  seed?: number;
}

function randomBits(rand: () => number, width: number): bigint {
  let v = 0n;
  for (let b = 0; b < width; b += 16) v = (v << 16n) | BigInt(randomInt(rand, 1 << 16));
  return v & ((1n << BigInt(width)) - 1n);
}

/** Interesting values per input: compared constants and their neighbours. */
function hints(fsm: CompiledFsm): Map<string, bigint[]> {
  const map = new Map<string, bigint[]>();
  for (const list of fsm.transitionsFrom.values()) {
    for (const t of list) {
      for (const { signal, value } of comparedConstants(t.cond)) {
        if (signal.bit !== undefined) continue;
        const width = fsm.inputWidths[signal.name];
        if (width === undefined) continue; // compile() reports conditions on unknown inputs
        const max = (1n << BigInt(width)) - 1n;
        const values = [value - 1n, value, value + 1n].filter((v) => v >= 0n && v <= max);
        map.set(signal.name, [...(map.get(signal.name) ?? []), ...values]);
      }
    }
  }
  return map;
}

/** The stimulus and the model's expected outputs, cycle by cycle. */
export function fsmTestSequence(fsm: CompiledFsm, o: FsmTestOptions = {}): FsmCycle[] {
  const rand = seededRandom(o.seed ?? 1);
  const cycles = o.cycles ?? 120;
  const special = hints(fsm);
  const midReset = 2 + randomInt(rand, Math.max(1, cycles - 4));
  const c = fsm.config;
  const seq: FsmCycle[] = [];
  let state = c.resetState;
  for (let i = 0; i < cycles; i++) {
    const reset = i < 2 || i === midReset;
    const inputs = c.inputs.map((s) => {
      const options = special.get(s.name);
      if (options && rand() < 0.5) {
        const hint = options[randomInt(rand, options.length)];
        if (hint !== undefined) return hint;
      }
      return s.width === 1 ? BigInt(rand() < 0.5 ? 0 : 1) : randomBits(rand, s.width);
    });
    const values = Object.fromEntries(c.inputs.map((s, k) => [s.name, inputs[k]!]));
    if (reset) state = c.resetState; // asynchronous reset: the state changes at once
    const r = step(fsm, state, values);
    seq.push({ reset, inputs, outputs: r.outputs, state });
    state = reset ? c.resetState : r.next;
  }
  return seq;
}

function tbHeader(language: 'verilog' | 'vhdl', fsm: CompiledFsm, cycles: number): string {
  return headerComment(language, [
    `Self-checking testbench for ${fsm.config.moduleName}: ${cycles} cycles of inputs checked against a reference model`,
    GENERATOR_LINE,
    'Each cycle: inputs change after the falling clock edge, outputs are checked 1 ns later. Prints PASS or FAIL.',
  ]);
}

export function generateFsmTestbenchVerilog(fsm: CompiledFsm, o: FsmTestOptions = {}): string {
  const c = fsm.config;
  const seq = fsmTestSequence(fsm, o);
  const decl = [
    `    reg ${c.clkName} = 1'b0;`,
    `    reg ${c.resetName} = 1'b1;`,
    ...c.inputs.map((s) => `    reg ${s.width > 1 ? `[${s.width - 1}:0] ` : ''}${s.name} = ${verilogValue(0n, s.width)};`),
    ...c.outputs.map((s) => `    wire ${s.width > 1 ? `[${s.width - 1}:0] ` : ''}${s.name};`),
  ];
  const conns = [c.clkName, c.resetName, ...c.inputs.map((s) => s.name), ...c.outputs.map((s) => s.name)].map((n) => `.${n}(${n})`);
  const steps = seq.flatMap((cy, i) => {
    const drive = [`${c.resetName} = 1'b${cy.reset ? 1 : 0};`, ...c.inputs.map((s, k) => `${s.name} = ${verilogValue(cy.inputs[k]!, s.width)};`)];
    return [
      `        // cycle ${i}: state ${cy.state}${cy.reset ? ' (reset)' : ''}`,
      `        @(negedge ${c.clkName}); ${drive.join(' ')} #1;`,
      ...c.outputs.map((s, k) =>
        `        if (${s.name} !== ${verilogValue(cy.outputs[k]!, s.width)}) begin $display("FAIL: cycle ${i} (state ${cy.state}): ${s.name} = %0d, expected ${cy.outputs[k]}", ${s.name}); tb_errors = tb_errors + 1; end`),
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

export function generateFsmTestbenchVhdl(fsm: CompiledFsm, o: FsmTestOptions = {}): string {
  const c = fsm.config;
  const seq = fsmTestSequence(fsm, o);
  const zero = (w: number) => (w > 1 ? '(others => \'0\')' : "'0'");
  const decl = [
    `  signal ${c.clkName} : std_logic := '0';`,
    `  signal ${c.resetName} : std_logic := '1';`,
    ...c.inputs.map((s) => `  signal ${s.name} : ${vhdlType(s.width)} := ${zero(s.width)};`),
    ...c.outputs.map((s) => `  signal ${s.name} : ${vhdlType(s.width)};`),
    '  signal tb_done : boolean := false;',
  ];
  const conns = [c.clkName, c.resetName, ...c.inputs.map((s) => s.name), ...c.outputs.map((s) => s.name)].map((n) => `${n} => ${n}`);
  const steps = seq.flatMap((cy, i) => {
    const drive = [`${c.resetName} <= '${cy.reset ? 1 : 0}';`, ...c.inputs.map((s, k) => `${s.name} <= ${vhdlValue(cy.inputs[k]!, s.width)};`)];
    return [
      `    -- cycle ${i}: state ${cy.state}${cy.reset ? ' (reset)' : ''}`,
      `    wait until falling_edge(${c.clkName}); ${drive.join(' ')} wait for 1 ns;`,
      ...c.outputs.map((s, k) =>
        `    if ${s.name} /= ${vhdlValue(cy.outputs[k]!, s.width)} then report "FAIL: cycle ${i} (state ${cy.state}): ${s.name} is not ${cy.outputs[k]}" severity error; tb_errors := tb_errors + 1; end if;`),
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
