/**
 * FIFO generator entry points: HDL and testbench text for a configuration, and the file names.
 */
import type { HdlLanguage } from '../comment';
import { assertFifoConfig, type FifoConfig } from './config';
import type { FifoTestbenchOptions } from './testbench';
import { generateFifoTestbenchVerilog } from './testbench-verilog';
import { generateFifoTestbenchVhdl } from './testbench-vhdl';
import { generateFifoVerilog } from './verilog';
import { generateFifoVhdl } from './vhdl';

export * from './config';
export { TB_NAME, TB_PASS, TB_FAIL, type FifoTestbenchOptions } from './testbench';
export { MODULE_NAME } from './design';

export const FIFO_EXTENSIONS: Record<HdlLanguage, string> = { verilog: 'v', vhdl: 'vhd' };

/** Spec: fifo_module.v or fifo_module.vhd. */
export function fifoFileName(language: HdlLanguage): string {
  return `fifo_module.${FIFO_EXTENSIONS[language]}`;
}

export function fifoTestbenchFileName(language: HdlLanguage): string {
  return `fifo_module_tb.${FIFO_EXTENSIONS[language]}`;
}

/** The FIFO in `language`; throws with readable messages when the configuration is invalid. */
export function generateFifo(config: FifoConfig, language: HdlLanguage): string {
  const c = assertFifoConfig(config);
  return language === 'verilog' ? generateFifoVerilog(c) : generateFifoVhdl(c);
}

/** The self-checking testbench for the same configuration and language. */
export function generateFifoTestbench(config: FifoConfig, language: HdlLanguage, options: FifoTestbenchOptions = {}): string {
  const c = assertFifoConfig(config);
  return language === 'verilog' ? generateFifoTestbenchVerilog(c, options) : generateFifoTestbenchVhdl(c, options);
}
