import { describe, expect, it } from 'vitest';
import { DEFAULT_FORM, downloadName, generateCode, generateTestbench, parseForm, testbenchName } from './logic';

describe('UART page logic', () => {
  it('parses the default form into the spec defaults', () => {
    const { config, problems } = parseForm(DEFAULT_FORM);
    expect(problems).toEqual([]);
    expect(config.clockFreq).toBe(100_000_000);
    expect(config.fifoDepth).toBe(16);
  });

  it('reports typed garbage without throwing', () => {
    expect(parseForm({ ...DEFAULT_FORM, clockFreq: '12abc' }).problems[0]).toMatch(/Clock frequency/);
    expect(parseForm({ ...DEFAULT_FORM, fifoDepth: '2.5' }).problems[0]).toMatch(/FIFO depth/);
    expect(parseForm({ ...DEFAULT_FORM, clockFreq: '50,000,000' }).config.clockFreq).toBe(50_000_000);
  });

  it('names downloads uart_module.v / .vhd and generates the chosen language', () => {
    expect(downloadName('verilog')).toBe('uart_module.v');
    expect(downloadName('vhdl')).toBe('uart_module.vhd');
    expect(testbenchName('vhdl')).toBe('uart_module_tb.vhd');
    const { config } = parseForm(DEFAULT_FORM);
    expect(generateCode(config, 'verilog')).toContain('module uart_module #(');
    expect(generateCode(config, 'vhdl')).toContain('entity uart_module is');
    expect(generateTestbench(config, 'vhdl')).toContain('entity uart_module_tb is');
  });
});
