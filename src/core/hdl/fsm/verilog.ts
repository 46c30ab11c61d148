/** Verilog-2005 emitter for a compiled FSM: state register, next-state logic, outputs. */
import { GENERATOR_LINE, headerComment } from '../comment';
import { conditionToVerilog } from './condition';
import type { FsmSignal } from './config';
import { configurationLines, type CompiledFsm } from './design';

function range(width: number): string {
  return width > 1 ? `[${width - 1}:0] ` : '';
}

export function verilogValue(value: bigint, width: number): string {
  return `${width}'d${value}`;
}

function ports(fsm: CompiledFsm): string[] {
  const c = fsm.config;
  const port = (dir: string, s: FsmSignal, kind: string) => `    ${dir} ${kind} ${range(s.width)}${s.name}`;
  const lines = [
    `    input  wire ${c.clkName}`,
    `    input  wire ${c.resetName}`,
    ...c.inputs.map((s) => port('input ', s, 'wire')),
    ...c.outputs.map((s) => port('output', s, 'reg ')),
  ];
  const notes = [
    'rising edge',
    'asynchronous, active high',
    ...c.inputs.map((s) => s.description),
    ...c.outputs.map((s) => s.description),
  ];
  return lines.map((l, i) => `${l}${i < lines.length - 1 ? ',' : ''}${notes[i] ? ` // ${notes[i]}` : ''}`);
}

function assignOutputs(fsm: CompiledFsm, values: (bigint | undefined)[], indent: string): string[] {
  return fsm.config.outputs.flatMap((o, i) =>
    values[i] === undefined ? [] : [`${indent}${o.name} = ${verilogValue(values[i]!, o.width)};`],
  );
}

function transitionChain(fsm: CompiledFsm, state: string, indent: string, withOutputs: boolean): string[] {
  const list = fsm.transitionsFrom.get(state) ?? [];
  const lines: string[] = [];
  list.forEach((t, i) => {
    const cond = conditionToVerilog(t.cond, fsm.inputWidths);
    lines.push(`${indent}${i === 0 ? '' : 'end else '}if (${cond}) begin // ${t.text}`);
    lines.push(`${indent}    state_next = ${t.to};`);
    if (withOutputs) lines.push(...assignOutputs(fsm, t.outputs, `${indent}    `));
  });
  if (list.length) lines.push(`${indent}end`);
  return lines;
}

export function generateFsmVerilog(fsm: CompiledFsm): string {
  const c = fsm.config;
  const { width, codes } = fsm.codes;
  const mealy = c.fsmType === 'mealy';
  const nameWidth = Math.max(...c.states.map((s) => s.name.length));
  const stateParams = c.states.map(
    (s, i) =>
      `${i === 0 ? `    localparam ${range(width)}` : ' '.repeat(15 + range(width).length)}${s.name.padEnd(nameWidth)} = ${width}'b${codes.get(s.name)}${i < c.states.length - 1 ? ',' : ';'}${s.description ? ` // ${s.description}` : ''}`,
  );
  const resetOutputs = fsm.stateOutputs.get(c.resetState)!;
  const body: string[] = [];

  body.push('    // Next state: transitions out of each state in priority order; otherwise hold.');
  body.push('    always @(*) begin');
  body.push('        state_next = state_reg;');
  if (mealy) body.push(...assignOutputs(fsm, resetOutputs, '        '));
  body.push('        case (state_reg)');
  for (const s of c.states) {
    body.push(`            ${s.name}: begin`);
    if (mealy) body.push(...assignOutputs(fsm, fsm.stateOutputs.get(s.name)!, '                '));
    body.push(...transitionChain(fsm, s.name, '                ', mealy));
    body.push('            end');
  }
  body.push(`            default: state_next = ${c.resetState}; // unused codes recover to the reset state`);
  body.push('        endcase');
  body.push('    end');

  if (!mealy && c.outputs.length) {
    body.push('');
    body.push('    // Moore outputs: decoded from the state only.');
    body.push('    always @(*) begin');
    body.push(...assignOutputs(fsm, resetOutputs, '        '));
    body.push('        case (state_reg)');
    for (const s of c.states) {
      body.push(`            ${s.name}: begin`);
      body.push(...assignOutputs(fsm, fsm.stateOutputs.get(s.name)!, '                '));
      body.push('            end');
    }
    body.push('            default: ;');
    body.push('        endcase');
    body.push('    end');
  }

  const header = headerComment('verilog', [
    `${c.moduleName}.v: ${c.fsmType === 'moore' ? 'Moore' : 'Mealy'} finite state machine (Verilog-2005)`,
    GENERATOR_LINE,
    '',
    ...configurationLines(fsm),
  ]);
  return `${header}
\`timescale 1ns / 1ps

module ${c.moduleName} (
${ports(fsm).join('\n')}
);
${stateParams.join('\n')}

    reg ${range(width)}state_reg;
    reg ${range(width)}state_next;

    // State register with asynchronous reset.
    always @(posedge ${c.clkName} or posedge ${c.resetName}) begin
        if (${c.resetName}) state_reg <= ${c.resetState};
        else ${' '.repeat(c.resetName.length)}state_reg <= state_next;
    end

${body.join('\n')}
endmodule
`;
}
