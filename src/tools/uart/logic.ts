/** UART page logic: form text -> configuration, and the files the page offers. Pure. */
import { DEFAULT_UART, validateUart, type UartConfig } from '../../core/hdl/uart/config';
import { generateUartVerilog } from '../../core/hdl/uart/verilog';
import { generateUartVhdl } from '../../core/hdl/uart/vhdl';
import { generateUartTestbenchVerilog, generateUartTestbenchVhdl } from '../../core/hdl/uart/testbench';

export type Language = 'verilog' | 'vhdl';

/** The form keeps what the user typed in the number boxes, so bad input is never lost. */
export interface UartForm extends Omit<UartConfig, 'clockFreq' | 'fifoDepth'> {
  clockFreq: string;
  fifoDepth: string;
}

export function formFromConfig(c: UartConfig): UartForm {
  return { ...c, clockFreq: String(c.clockFreq), fifoDepth: String(c.fifoDepth) };
}

export const DEFAULT_FORM: UartForm = formFromConfig(DEFAULT_UART);

function parseWhole(text: string): number {
  const t = text.trim().replace(/[,_\s]/g, '');
  return /^\d+$/.test(t) ? Number(t) : NaN;
}

/** The configuration, or the problems that keep the form from being one. */
export function parseForm(f: UartForm): { config: UartConfig; problems: string[] } {
  const config: UartConfig = { ...f, clockFreq: parseWhole(f.clockFreq), fifoDepth: parseWhole(f.fifoDepth) };
  return { config, problems: validateUart(config) };
}

export const EXTENSIONS: Record<Language, string> = { verilog: 'v', vhdl: 'vhd' };

export function downloadName(language: Language): string {
  return `uart_module.${EXTENSIONS[language]}`;
}

export function testbenchName(language: Language): string {
  return `uart_module_tb.${EXTENSIONS[language]}`;
}

export function generateCode(c: UartConfig, language: Language): string {
  return language === 'verilog' ? generateUartVerilog(c) : generateUartVhdl(c);
}

export function generateTestbench(c: UartConfig, language: Language): string {
  return language === 'verilog' ? generateUartTestbenchVerilog(c) : generateUartTestbenchVhdl(c);
}

export function formatHz(hz: number): string {
  if (hz >= 1e6) return `${+(hz / 1e6).toFixed(3)} MHz`;
  return `${hz.toLocaleString('en-US')} Hz`;
}
