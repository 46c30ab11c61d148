/** The FSM generator (the shared HDL contract): <module>.v / <module>.vhd and testbenches. */
import { defineHdlGenerator } from '../contract';
import type { FsmConfig } from './config';
import { compileFsm, type CompiledFsm } from './design';
import type { StateCodes } from './encoding';
import { generateFsmTestbenchVerilog } from './testbench-verilog';
import { generateFsmTestbenchVhdl } from './testbench-vhdl';
import { generateFsmVerilog } from './verilog';
import { generateFsmVhdl } from './vhdl';

export * from './config';
export { compileFsm, type CompiledFsm, type CompileResult } from './design';
export { fsmTestSequence, type FsmCycle, type FsmTestbenchOptions } from './testbench';

/** Facts about a configuration beyond its errors: warnings for the Checks panel, the state codes. */
export interface FsmSummary {
  warnings: string[];
  /** Codes of the chosen encoding; undefined while the configuration has errors. */
  codes?: StateCodes;
}

export const fsmGenerator = defineHdlGenerator({
  validate: (config: FsmConfig) => compileFsm(config).errors,
  design: (config: FsmConfig): CompiledFsm => compileFsm(config).fsm!,
  fileStem: (fsm) => fsm.config.moduleName,
  emit: { verilog: generateFsmVerilog, vhdl: generateFsmVhdl },
  emitTestbench: { verilog: generateFsmTestbenchVerilog, vhdl: generateFsmTestbenchVhdl },
  summary(config: FsmConfig): FsmSummary {
    const { fsm, warnings } = compileFsm(config);
    return { warnings, codes: fsm?.codes };
  },
});
