/** UART page logic: form text -> configuration, and the files the page offers. Pure. */
import { DEFAULT_UART, parseWholeText, uartGenerator, type UartConfig } from '../../core/hdl/uart';
import { BAUD_ERROR_LIMIT } from '../../core/hdl/uart/config';

/** The form keeps what the user typed in the number boxes, so bad input is never lost. */
export interface UartForm extends Omit<UartConfig, 'clockFreq' | 'fifoDepth'> {
  clockFreq: string;
  fifoDepth: string;
}

function formFromConfig(c: UartConfig): UartForm {
  return { ...c, clockFreq: String(c.clockFreq), fifoDepth: String(c.fifoDepth) };
}

export const DEFAULT_FORM: UartForm = formFromConfig(DEFAULT_UART);

/**
 * A link's clock or depth as the page's number box can show it: digit groups (`50,000,000`, which
 * the box would show empty while the summary uses 50 MHz) become plain digits; anything else stays
 * as written (`1.8432e6`, or text the problems list then names).
 */
export function numberBoxText(text: string): string {
  const n = parseWholeText(text);
  return /[,_\s]/.test(text) && Number.isFinite(n) ? String(n) : text;
}

/** The configuration, or the problems that keep the form from being one. */
export function parseForm(f: UartForm): { config: UartConfig; problems: string[] } {
  const config: UartConfig = { ...f, clockFreq: parseWholeText(f.clockFreq), fifoDepth: parseWholeText(f.fifoDepth) };
  return { config, problems: uartGenerator.validate(config) };
}

/** A clock in MHz to the hertz (1.8432 MHz, 100 MHz), below 1 MHz in Hz. */
export function formatHz(hz: number): string {
  if (hz >= 1e6) return `${+(hz / 1e6).toFixed(6)} MHz`;
  return `${hz.toLocaleString('en-US')} Hz`;
}

/**
 * Baud error to 2 decimals; an error above the 2 % limit never shows as 2.00% beside
 * "Error above 2%" (2.0043 is 2.01%).
 */
export function formatErrorPercent(percent: number): string {
  const flaggedButRoundsDown = percent > BAUD_ERROR_LIMIT && Number(percent.toFixed(2)) <= BAUD_ERROR_LIMIT;
  return `${(flaggedButRoundsDown ? Math.ceil(percent * 100) / 100 : percent).toFixed(2)}%`;
}
