/** The UART generator (the shared HDL contract): uart_module.v / uart_module.vhd and testbenches. */
import { defineHdlGenerator } from '../contract';
import { uartSummary, validateUart, type UartConfig } from './config';
import { UART_MODULE } from './design';
import { generateUartTestbenchVerilog } from './testbench-verilog';
import { generateUartTestbenchVhdl } from './testbench-vhdl';
import { generateUartVerilog } from './verilog';
import { generateUartVhdl } from './vhdl';

export * from './config';
export { UART_MODULE } from './design';
export { fastClockFor, randomWords, type UartTestbenchOptions } from './testbench';

export const uartGenerator = defineHdlGenerator({
  validate: validateUart,
  // The design is parameterised by the configuration itself (see design.ts).
  design: (config: UartConfig) => config,
  fileStem: () => UART_MODULE,
  emit: { verilog: generateUartVerilog, vhdl: generateUartVhdl },
  emitTestbench: { verilog: generateUartTestbenchVerilog, vhdl: generateUartTestbenchVhdl },
  summary: uartSummary,
});
