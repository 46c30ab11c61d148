/** FSM generator core: configuration, checks, emitters, reference model and testbenches. */
export * from './config';
export { compileFsm, step, parseValue, MAX_WIDTH, type CompiledFsm, type CompileResult } from './compile';
export { parseCondition, evaluateCondition, conditionToVerilog, conditionToVhdl, ConditionError } from './condition';
export { generateFsmVerilog } from './verilog';
export { generateFsmVhdl } from './vhdl';
export { generateFsmTestbenchVerilog, generateFsmTestbenchVhdl, fsmTestSequence } from './testbench';
