import { describe, expect, it } from 'vitest';
import { DEFAULT_FSM } from '../../core/hdl/fsm/config';
import { fileName, generateBoth, generateTestbench } from './logic';

describe('FSM page logic', () => {
  it('generates both languages from the default configuration', () => {
    const r = generateBoth(DEFAULT_FSM);
    expect(r.verilogError).toBe('');
    expect(r.vhdlError).toBe('');
    expect(r.verilog).toContain('module my_fsm (');
    expect(r.vhdl).toContain('entity my_fsm is');
  });

  it('fails both with the spec messages when the configuration is wrong', () => {
    const r = generateBoth({ ...DEFAULT_FSM, resetState: 'NOPE' });
    expect(r.verilogError).toBe("Verilog generation error: Reset state 'NOPE' is not one of the states.");
    expect(r.vhdlError).toBe("VHDL generation error: Reset state 'NOPE' is not one of the states.");
    expect(r.verilog).toBe('');
  });

  it('names files after the module', () => {
    expect(fileName(DEFAULT_FSM, 'verilog')).toBe('my_fsm.v');
    expect(fileName(DEFAULT_FSM, 'vhdl', true)).toBe('my_fsm_tb.vhd');
    expect(generateTestbench(DEFAULT_FSM, 'verilog')).toContain('module my_fsm_tb;');
  });
});
