/** FSM page logic: generation with the spec's error messages, file names. Pure. */
import { compileFsm, type CompileResult } from '../../core/hdl/fsm/compile';
import type { FsmConfig } from '../../core/hdl/fsm/config';
import { generateFsmVerilog } from '../../core/hdl/fsm/verilog';
import { generateFsmVhdl } from '../../core/hdl/fsm/vhdl';
import { generateFsmTestbenchVerilog, generateFsmTestbenchVhdl } from '../../core/hdl/fsm/testbench';

export type Language = 'verilog' | 'vhdl';

export interface GenerationResult {
  verilog: string;
  vhdl: string;
  verilogError: string;
  vhdlError: string;
  check: CompileResult;
}

function reason(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/**
 * Both languages from one configuration. A configuration problem fails both, with the spec's
 * messages 'Verilog generation error: {reason}' and 'VHDL generation error: {reason}'.
 */
export function generateBoth(config: FsmConfig): GenerationResult {
  const check = compileFsm(config);
  if (!check.fsm) {
    const why = check.errors.join(' ');
    return { verilog: '', vhdl: '', verilogError: `Verilog generation error: ${why}`, vhdlError: `VHDL generation error: ${why}`, check };
  }
  const out: GenerationResult = { verilog: '', vhdl: '', verilogError: '', vhdlError: '', check };
  try {
    out.verilog = generateFsmVerilog(check.fsm);
  } catch (e) {
    out.verilogError = `Verilog generation error: ${reason(e)}`;
  }
  try {
    out.vhdl = generateFsmVhdl(check.fsm);
  } catch (e) {
    out.vhdlError = `VHDL generation error: ${reason(e)}`;
  }
  return out;
}

export function fileName(config: FsmConfig, language: Language, testbench = false): string {
  return `${config.moduleName}${testbench ? '_tb' : ''}.${language === 'verilog' ? 'v' : 'vhd'}`;
}

export function generateTestbench(config: FsmConfig, language: Language): string {
  const { fsm, errors } = compileFsm(config);
  if (!fsm) throw new Error(errors.join(' '));
  return language === 'verilog' ? generateFsmTestbenchVerilog(fsm) : generateFsmTestbenchVhdl(fsm);
}

export const COPY_CONFIRMATION = '✅ Code copied to clipboard!';
