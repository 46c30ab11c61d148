/** The FIFO generator (the shared HDL contract): fifo_module.v / fifo_module.vhd and testbenches. */
import { defineHdlGenerator } from '../contract';
import {
  fifoMetrics,
  fifoThresholds,
  sizeNotes,
  validateFifoConfig,
  type FifoConfig,
  type FifoMetrics,
  type FifoThresholds,
} from './config';
import { fifoDesign, MODULE_NAME } from './design';
import { generateFifoTestbenchVerilog } from './testbench-verilog';
import { generateFifoTestbenchVhdl } from './testbench-vhdl';
import { generateFifoVerilog } from './verilog';
import { generateFifoVhdl } from './vhdl';

export * from './config';
export { TB_NAME, TB_PASS, TB_FAIL, type FifoTestbenchOptions } from './testbench';
export { MODULE_NAME } from './design';

/** The metrics panel: the spec's resource estimates, the thresholds in words and notes on the size. */
export interface FifoSummary {
  metrics: FifoMetrics;
  thresholds: FifoThresholds;
  /** How a depth that is not a power of two is built; why a wide block RAM FIFO needs more blocks. */
  notes: string[];
}

export const fifoGenerator = defineHdlGenerator({
  validate(config: FifoConfig): string[] {
    const r = validateFifoConfig(config);
    return r.ok ? [] : r.errors;
  },
  design: fifoDesign,
  fileStem: () => MODULE_NAME,
  emit: { verilog: generateFifoVerilog, vhdl: generateFifoVhdl },
  emitTestbench: { verilog: generateFifoTestbenchVerilog, vhdl: generateFifoTestbenchVhdl },
  summary: (config: FifoConfig): FifoSummary => ({
    metrics: fifoMetrics(config),
    thresholds: fifoThresholds(config),
    notes: sizeNotes(config),
  }),
});
