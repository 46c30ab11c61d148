/**
 * UART generator configuration (spec part 2, sections 3, 5 and 9): options, defaults, presets,
 * validation and the derived timing summary. Pure: shared by the page, tests and testbenches.
 */

export type Parity = 'none' | 'even' | 'odd';

export interface UartConfig {
  baudRate: number;
  dataBits: number;
  stopBits: number;
  parity: Parity;
  clockFreq: number;
  fifoDepth: number;
  oversampling: number;
}

export const BAUD_RATES = [2400, 9600, 19200, 38400, 57600, 115200, 230400, 460800, 921600] as const;
export const DATA_BITS_OPTIONS = [5, 6, 7, 8, 9] as const;
export const STOP_BITS_OPTIONS = [1, 2] as const;
export const PARITY_OPTIONS: readonly Parity[] = ['none', 'even', 'odd'];
export const OVERSAMPLING_OPTIONS = [8, 16, 32] as const;
export const CLOCK_MIN = 1_000_000;
export const CLOCK_MAX = 200_000_000;
export const FIFO_DEPTH_MIN = 1;
export const FIFO_DEPTH_MAX = 256;
/** Percent baud error above which the summary flags the setting. */
export const BAUD_ERROR_LIMIT = 2;

export const DEFAULT_UART: UartConfig = {
  baudRate: 9600,
  dataBits: 8,
  stopBits: 1,
  parity: 'none',
  clockFreq: 100_000_000,
  fifoDepth: 16,
  oversampling: 16,
};

export interface UartPreset {
  id: 'standard' | 'industrial' | 'highspeed' | 'legacy';
  label: string;
  values: Pick<UartConfig, 'baudRate' | 'dataBits' | 'parity' | 'stopBits'>;
}

/** Presets set the framing only; clock, FIFO depth and oversampling keep their values. */
export const UART_PRESETS: UartPreset[] = [
  {
    id: 'standard',
    label: 'Standard (9600-8-N-1)',
    values: { baudRate: 9600, dataBits: 8, parity: 'none', stopBits: 1 },
  },
  {
    id: 'industrial',
    label: 'Industrial (115200-8-E-1)',
    values: { baudRate: 115200, dataBits: 8, parity: 'even', stopBits: 1 },
  },
  {
    id: 'highspeed',
    label: 'High Speed (921600-8-N-1)',
    values: { baudRate: 921600, dataBits: 8, parity: 'none', stopBits: 1 },
  },
  { id: 'legacy', label: 'Legacy (2400-7-O-2)', values: { baudRate: 2400, dataBits: 7, parity: 'odd', stopBits: 2 } },
];

export function applyPreset(config: UartConfig, preset: UartPreset): UartConfig {
  return { ...config, ...preset.values };
}

export interface UartSummary {
  /** floor(clock / (baud x oversampling)): clock cycles per oversampling tick. */
  baudCounter: number;
  /** clock / (counter x oversampling); 0 when the counter is 0. */
  actualBaud: number;
  /** |actual - baud| / baud x 100. */
  errorPercent: number;
  /** True when the error is above 2 %. */
  errorFlagged: boolean;
  /** Duration of one bit at the chosen baud, in microseconds (1e6 / baud). */
  bitDurationUs: number;
  /** Duration of one bit at the actual baud, in microseconds; 0 when the counter is 0. */
  actualBitDurationUs: number;
  /** start + data + parity + stop bits. */
  frameBits: number;
}

export function baudCounter(c: Pick<UartConfig, 'clockFreq' | 'baudRate' | 'oversampling'>): number {
  return Math.floor(c.clockFreq / (c.baudRate * c.oversampling));
}

export function frameBits(c: Pick<UartConfig, 'dataBits' | 'parity' | 'stopBits'>): number {
  return 1 + c.dataBits + (c.parity === 'none' ? 0 : 1) + c.stopBits;
}

export function uartSummary(c: UartConfig): UartSummary {
  const counter = baudCounter(c);
  const actualBaud = counter > 0 ? c.clockFreq / (counter * c.oversampling) : 0;
  const errorPercent = counter > 0 ? (Math.abs(actualBaud - c.baudRate) / c.baudRate) * 100 : 100;
  return {
    baudCounter: counter,
    actualBaud,
    errorPercent,
    errorFlagged: errorPercent > BAUD_ERROR_LIMIT,
    bitDurationUs: 1e6 / c.baudRate,
    actualBitDurationUs: actualBaud > 0 ? 1e6 / actualBaud : 0,
    frameBits: frameBits(c),
  };
}

/**
 * A whole number as typed in the page's Clock Frequency and FIFO Depth boxes (and so as its link
 * holds them): digits with , _ or spaces between groups, a decimal point with a whole value (16.0),
 * or exponent notation (1e8, 1.8432e6); NaN for anything else, which validateUart then refuses.
 */
export function parseWholeText(text: string): number {
  const t = text.trim().replace(/[,_\s]/g, '');
  if (/^\d+$/.test(t)) return Number(t);
  const n = /^\d+(\.\d*)?(e\d+)?$/i.test(t) ? Number(t) : NaN;
  return Number.isSafeInteger(n) ? n : NaN;
}

function inList(value: number, list: readonly number[]): boolean {
  return list.includes(value);
}

/**
 * Problems that prevent generating working hardware, as user-facing messages (empty when fine).
 * A baud error above 2 % is only a warning (see uartSummary), not a problem.
 */
export function validateUart(c: UartConfig): string[] {
  const problems: string[] = [];
  if (!inList(c.baudRate, BAUD_RATES)) problems.push(`Baud rate must be one of ${BAUD_RATES.join(', ')}.`);
  if (!inList(c.dataBits, DATA_BITS_OPTIONS)) problems.push('Data bits must be between 5 and 9.');
  if (!inList(c.stopBits, STOP_BITS_OPTIONS)) problems.push('Stop bits must be 1 or 2.');
  if (!PARITY_OPTIONS.includes(c.parity)) problems.push('Parity must be none, even or odd.');
  if (!inList(c.oversampling, OVERSAMPLING_OPTIONS)) problems.push('Oversampling must be 8, 16 or 32.');
  if (!Number.isInteger(c.clockFreq) || c.clockFreq < CLOCK_MIN || c.clockFreq > CLOCK_MAX) {
    problems.push('Clock frequency must be a whole number of Hz between 1,000,000 and 200,000,000.');
  }
  if (!Number.isInteger(c.fifoDepth) || c.fifoDepth < FIFO_DEPTH_MIN || c.fifoDepth > FIFO_DEPTH_MAX) {
    problems.push('FIFO depth must be a whole number between 1 and 256.');
  }
  if (problems.length === 0 && baudCounter(c) < 1) {
    problems.push(
      `The clock is too slow: ${c.clockFreq.toLocaleString('en-US')} Hz cannot produce ${c.baudRate.toLocaleString('en-US')} baud with ${c.oversampling}x oversampling (baud counter would be 0). Raise the clock or lower the baud rate or oversampling.`,
    );
  }
  return problems;
}
