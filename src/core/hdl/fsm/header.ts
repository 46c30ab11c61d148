/** The configuration block at the top of every generated FSM file (both languages). */
import { ENCODINGS } from './config';
import type { CompiledFsm } from './compile';

export function configurationLines(fsm: CompiledFsm): string[] {
  const c = fsm.config;
  const encoding = ENCODINGS.find((e) => e.value === c.encoding)?.label ?? c.encoding;
  const signal = (s: { name: string; width: number; description: string }) =>
    `    ${s.name}${s.width > 1 ? ` [${s.width}]` : ''}${s.description ? `  ${s.description}` : ''}`;
  const nameWidth = Math.max(...c.states.map((s) => s.name.length));
  const lines = [
    'Configuration:',
    `  Module:      ${c.moduleName}`,
    `  Type:        ${c.fsmType === 'moore' ? 'Moore (outputs depend on the state only)' : 'Mealy (outputs depend on the state and the inputs)'}`,
    `  Encoding:    ${encoding} (${fsm.codes.width} state bit${fsm.codes.width > 1 ? 's' : ''})`,
    `  Clock:       ${c.clkName} (rising edge)`,
    `  Reset:       ${c.resetName} (asynchronous, active high) -> ${c.resetState}`,
    `  States (${c.states.length}):`,
    ...c.states.map((s) => `    ${s.name.padEnd(nameWidth)} = ${fsm.codes.codes.get(s.name)}${s.description ? `  ${s.description}` : ''}`),
    `  Inputs (${c.inputs.length}):`,
    ...c.inputs.map(signal),
    `  Outputs (${c.outputs.length}):`,
    ...c.outputs.map(signal),
    '  Transitions (first true condition out of a state wins; otherwise the state holds):',
    ...c.transitions.map((t, i) => `    ${i + 1}. ${t.from} -> ${t.to} when ${t.condition.trim() || '1'}`),
  ];
  return lines;
}
