import { defineTool } from '../../app/tool';

export const tool = defineTool({
  kind: 'tool',
  folder: 'crc',
  path: '/crc-generator',
  title: 'CRC Generator',
  description:
    'Generate parallel CRC logic in Verilog or VHDL for any polynomial up to x^67 and data widths ' +
    'from 1 to 128 bits.',
  groups: { hardware: 1 },
  keywords: [
    'checksum',
    'polynomial',
    'crc32',
    'crc-32',
    'crc16',
    'crc-8',
    'crc-24',
    'crc-64',
    'cyclic redundancy check',
    'modbus',
    'ethernet',
    // The Identify tab (CRC RevEng's job) and the software code.
    'identify',
    'reveng',
    'rust',
    'python',
    'typescript',
    'parallel crc',
    'lfsr',
    'verilog',
    'vhdl',
    'hdl',
    'fpga',
  ],
  analyticsName: 'CRC Generator',
  icon: 'checksum',
});
