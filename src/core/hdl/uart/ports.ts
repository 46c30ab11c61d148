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
