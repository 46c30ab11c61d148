/**
 * The UART design shared by the Verilog and VHDL emitters and testbenches: the top-level name,
 * the parameter codes, the port list and the header comment lines. The design is parameterised:
 * every option is a parameter/generic whose default is the configured value.
 */
import { countOf } from '../comment';
import { uartSummary, type Parity, type UartConfig } from './config';

export const UART_MODULE = 'uart_module';

/** The PARITY parameter/generic: 0 none, 1 even, 2 odd. */
export const PARITY_CODE: Record<Parity, number> = { none: 0, even: 1, odd: 2 };

/** One-line framing name such as 115200-8-E-1. */
export function framingName(c: UartConfig): string {
  return `${c.baudRate}-${c.dataBits}-${c.parity.charAt(0).toUpperCase()}-${c.stopBits}`;
}

/** The configuration lines of every generated file's header comment. */
export function configurationLines(c: UartConfig): string[] {
  const s = uartSummary(c);
  return [
    `Configuration: ${framingName(c)}`,
    `  Baud rate:     ${c.baudRate}`,
    `  Data bits:     ${c.dataBits}`,
    `  Parity:        ${c.parity}`,
    `  Stop bits:     ${c.stopBits}`,
    `  Clock:         ${c.clockFreq} Hz`,
    `  Oversampling:  ${c.oversampling}x`,
    `  FIFO depth:    ${countOf(c.fifoDepth, 'word')} (TX and RX)`,
    `  Baud counter:  ${s.baudCounter} = floor(${c.clockFreq} / (${c.baudRate} x ${c.oversampling}))`,
    `  Actual baud:   ${s.actualBaud.toFixed(2)} (error ${s.errorPercent.toFixed(3)} %)`,
  ];
}

/** The UART's port list, described once for the header comments of both languages. */
export const UART_PORTS: [name: string, description: string][] = [
  ['clk', 'in   system clock (CLK_FREQ Hz)'],
  ['rst', 'in   synchronous reset, active high'],
  ['tx_data', 'in   [DATA_BITS] word to send'],
  ['tx_wr_en', 'in   queue tx_data in the TX FIFO (ignored while tx_full)'],
  ['tx_full', 'out  TX FIFO full'],
  ['tx_empty', 'out  TX FIFO empty'],
  ['tx_busy', 'out  a frame is being sent'],
  ['txd', 'out  serial output, idles high'],
  ['rxd', 'in   serial input (synchronised inside)'],
  ['rx_data', 'out  [DATA_BITS] oldest received word, valid while rx_empty is low'],
  ['rx_rd_en', 'in   remove the oldest received word'],
  ['rx_empty', 'out  RX FIFO empty'],
  ['rx_full', 'out  RX FIFO full'],
  ['frame_error', 'out  the oldest word had a low stop bit'],
  ['parity_error', 'out  the oldest word had a wrong parity bit'],
  ['rx_overrun', 'out  one-clock pulse: a received word was lost (RX FIFO full)'],
];

export function portLines(): string[] {
  const width = Math.max(...UART_PORTS.map(([n]) => n.length));
  return ['Ports:', ...UART_PORTS.map(([n, d]) => `  ${n.padEnd(width)}  ${d}`)];
}
