import { defineTool } from '../../app/tool';

export const tool = defineTool({
  kind: 'tool',
  folder: 'fsm',
  path: '/fsm-generator',
  title: 'FSM Generator',
  description:
    'Describe a finite state machine (states, inputs, outputs, transitions) and get Verilog and VHDL ' +
    'side by side, with a state diagram and a testbench.',
  groups: { hardware: 2 },
  keywords: [
    'state machine',
    'finite state machine',
    'moore',
    'mealy',
    'one-hot',
    'gray code',
    'state diagram',
    'verilog',
    'vhdl',
    'hdl',
    'fpga',
  ],
  analyticsName: 'FSM Generator',
  icon: 'flow',
});
