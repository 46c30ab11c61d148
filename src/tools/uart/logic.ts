/** UART page logic: form text -> configuration, and the files the page offers. Pure. */
import { DEFAULT_UART, uartGenerator, type UartConfig } from '../../core/hdl/uart';

/** The form keeps what the user typed in the number boxes, so bad input is never lost. */
export interface UartForm extends Omit<UartConfig, 'clockFreq' | 'fifoDepth'> {
  clockFreq: string;
  fifoDepth: string;
}

function formFromConfig(c: UartConfig): UartForm {
  return { ...c, clockFreq: String(c.clockFreq), fifoDepth: String(c.fifoDepth) };
}

export const DEFAULT_FORM: UartForm = formFromConfig(DEFAULT_UART);

/** A whole number as typed: digits with , _ or spaces between groups, or exponent notation (1e8, 1.8432e6). */
function parseWhole(text: string): number {
  const t = text.trim().replace(/[,_\s]/g, '');
  if (/^\d+$/.test(t)) return Number(t);
  const n = /^\d+(\.\d+)?e\d+$/i.test(t) ? Number(t) : NaN;
  return Number.isSafeInteger(n) ? n : NaN;
}

/** The configuration, or the problems that keep the form from being one. */
export function parseForm(f: UartForm): { config: UartConfig; problems: string[] } {
  const config: UartConfig = { ...f, clockFreq: parseWhole(f.clockFreq), fifoDepth: parseWhole(f.fifoDepth) };
  return { config, problems: uartGenerator.validate(config) };
}

export function formatHz(hz: number): string {
  if (hz >= 1e6) return `${+(hz / 1e6).toFixed(3)} MHz`;
  return `${hz.toLocaleString('en-US')} Hz`;
}
