import { describe, expect, it } from 'vitest';
import { DEFAULT_FSM } from '../../core/hdl/fsm/config';
import { generateBoth } from './logic';

describe('FSM page logic', () => {
  it('generates both languages from the default configuration', () => {
    const r = generateBoth(DEFAULT_FSM);
    expect(r.errors).toEqual({});
    expect(r.files.verilog?.text).toContain('module my_fsm (');
    expect(r.files.vhdl?.text).toContain('entity my_fsm is');
    expect(r.files.verilog?.name).toBe('my_fsm.v');
    expect(r.files.vhdl?.name).toBe('my_fsm.vhd');
  });

  it('fails both with the spec messages when the configuration is wrong', () => {
    const r = generateBoth({ ...DEFAULT_FSM, resetState: 'NOPE' });
    expect(r.errors.verilog).toBe("Verilog generation error: Reset state 'NOPE' is not one of the states.");
    expect(r.errors.vhdl).toBe("VHDL generation error: Reset state 'NOPE' is not one of the states.");
    expect(r.files).toEqual({});
  });
});
