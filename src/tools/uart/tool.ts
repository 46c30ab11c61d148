import { defineTool } from '../../app/tool';

export const tool = defineTool({
  kind: 'tool',
  folder: 'uart',
  path: '/uart-generator',
  title: 'UART Generator',
  description:
    'Generate a UART transmitter and receiver with TX and RX FIFOs in Verilog or VHDL, from baud rate, ' +
    'framing, clock and oversampling.',
  groups: { hardware: 4 },
  keywords: [
    'serial',
    'rs232',
    'rs-232',
    'baud rate',
    'transmitter',
    'receiver',
    'tx',
    'rx',
    'parity',
    'verilog',
    'vhdl',
    'hdl',
    'fpga',
  ],
  analyticsName: 'UART Generator',
  icon: 'plug',
});
