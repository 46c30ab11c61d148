/** VHDL-93 (and 2008) emitter for a compiled FSM: state register, next-state logic, outputs. */
import { GENERATOR_LINE, headerComment } from '../comment';
import { conditionToVhdl } from './condition';
import type { FsmSignal } from './config';
import { configurationLines, type CompiledFsm } from './design';

export function vhdlType(width: number): string {
  return width > 1 ? `std_logic_vector(${width - 1} downto 0)` : 'std_logic';
}

export function vhdlValue(value: bigint, width: number): string {
  return width > 1 ? `"${value.toString(2).padStart(width, '0')}"` : `'${value}'`;
}

function ports(fsm: CompiledFsm): string[] {
  const c = fsm.config;
  const all: [string, string, string, string][] = [
    [c.clkName, 'in ', 'std_logic', 'rising edge'],
    [c.resetName, 'in ', 'std_logic', 'asynchronous, active high'],
    ...c.inputs.map((s: FsmSignal): [string, string, string, string] => [
      s.name,
      'in ',
      vhdlType(s.width),
      s.description,
    ]),
    ...c.outputs.map((s: FsmSignal): [string, string, string, string] => [
      s.name,
      'out',
      vhdlType(s.width),
      s.description,
    ]),
  ];
  const w = Math.max(...all.map(([n]) => n.length));
  return all.map(
    ([n, dir, type, note], i) =>
      `    ${n.padEnd(w)} : ${dir} ${type}${i < all.length - 1 ? ';' : ''}${note ? `  -- ${note}` : ''}`,
  );
}

function assignOutputs(fsm: CompiledFsm, values: (bigint | undefined)[], indent: string): string[] {
  return fsm.config.outputs.flatMap((o, i) =>
    values[i] === undefined ? [] : [`${indent}${o.name} <= ${vhdlValue(values[i]!, o.width)};`],
  );
}

function transitionChain(fsm: CompiledFsm, state: string, indent: string, withOutputs: boolean): string[] {
  const list = fsm.transitionsFrom.get(state) ?? [];
  const lines: string[] = [];
  list.forEach((t, i) => {
    lines.push(`${indent}${i === 0 ? 'if' : 'elsif'} ${conditionToVhdl(t.cond, fsm.inputWidths)} then  -- ${t.text}`);
    lines.push(`${indent}  state_next <= ${t.to};`);
    if (withOutputs) lines.push(...assignOutputs(fsm, t.outputs, `${indent}  `));
  });
  if (list.length) lines.push(`${indent}end if;`);
  return lines;
}

export function generateFsmVhdl(fsm: CompiledFsm): string {
  const c = fsm.config;
  const { width, codes } = fsm.codes;
  const mealy = c.fsmType === 'mealy';
  const nameWidth = Math.max(...c.states.map((s) => s.name.length));
  const resetOutputs = fsm.stateOutputs.get(c.resetState)!;
  const sensitivity = ['state_reg', ...c.inputs.map((s) => s.name)].join(', ');

  const body: string[] = [];
  body.push('  -- Next state: transitions out of each state in priority order; otherwise hold.');
  body.push(`  next_state_logic : process (${sensitivity})`);
  body.push('  begin');
  body.push('    state_next <= state_reg;');
  if (mealy) body.push(...assignOutputs(fsm, resetOutputs, '    '));
  body.push('    case state_reg is');
  for (const s of c.states) {
    body.push(`      when ${s.name} =>`);
    const lines = [
      ...(mealy ? assignOutputs(fsm, fsm.stateOutputs.get(s.name)!, '        ') : []),
      ...transitionChain(fsm, s.name, '        ', mealy),
    ];
    body.push(...(lines.length ? lines : ['        null;']));
  }
  body.push('      when others =>');
  body.push(`        state_next <= ${c.resetState};  -- unused codes recover to the reset state`);
  body.push('    end case;');
  body.push('  end process next_state_logic;');

  if (!mealy && c.outputs.length) {
    body.push('');
    body.push('  -- Moore outputs: decoded from the state only.');
    body.push('  output_logic : process (state_reg)');
    body.push('  begin');
    body.push(...assignOutputs(fsm, resetOutputs, '    '));
    body.push('    case state_reg is');
    for (const s of c.states) {
      body.push(`      when ${s.name} =>`);
      body.push(...assignOutputs(fsm, fsm.stateOutputs.get(s.name)!, '        '));
    }
    body.push('      when others =>');
    body.push('        null;');
    body.push('    end case;');
    body.push('  end process output_logic;');
  }

  const header = headerComment('vhdl', [
    `${c.moduleName}.vhd: ${c.fsmType === 'moore' ? 'Moore' : 'Mealy'} finite state machine (VHDL-93, also VHDL-2008)`,
    GENERATOR_LINE,
    '',
    ...configurationLines(fsm),
  ]);
  return `${header}
library ieee;
use ieee.std_logic_1164.all;
use ieee.numeric_std.all;

entity ${c.moduleName} is
  port (
${ports(fsm).join('\n')}
  );
end entity ${c.moduleName};

architecture rtl of ${c.moduleName} is
  subtype state_type is std_logic_vector(${width - 1} downto 0);
${c.states.map((s) => `  constant ${s.name.padEnd(nameWidth)} : state_type := "${codes.get(s.name)}";${s.description ? `  -- ${s.description}` : ''}`).join('\n')}

  signal state_reg  : state_type := ${c.resetState};
  signal state_next : state_type;
begin
  -- State register with asynchronous reset.
  state_register : process (${c.clkName}, ${c.resetName})
  begin
    if ${c.resetName} = '1' then
      state_reg <= ${c.resetState};
    elsif rising_edge(${c.clkName}) then
      state_reg <= state_next;
    end if;
  end process state_register;

${body.join('\n')}
end architecture rtl;
`;
}
