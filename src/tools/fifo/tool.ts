import { defineTool } from '../../app/tool';

export const tool = defineTool({
  kind: 'tool',
  folder: 'fifo',
  path: '/fifo-generator',
  title: 'FIFO Generator',
  description:
    'Generate synchronous or asynchronous FIFO buffers in Verilog or VHDL, with first-word ' +
    'fall-through, ECC and packet mode, and see resource estimates.',
  groups: { hardware: 3 },
  keywords: [
    'queue',
    'buffer',
    'async fifo',
    'clock domain crossing',
    'cdc',
    'fwft',
    'ecc',
    'block ram',
    'bram',
    'verilog',
    'vhdl',
    'hdl',
    'fpga',
  ],
  analyticsName: 'FIFO Generator',
  icon: 'queue',
});
