import { defineTool } from '../../app/tool';

export const tool = defineTool({
  kind: 'tool',
  folder: 'gradient',
  path: '/gradient-generator',
  title: 'Gradient Generator',
  description: 'Build linear, radial and conic CSS gradients, then export PNG and SVG.',
  groups: { design: 3 },
  keywords: [
    'css gradient',
    'linear-gradient',
    'radial-gradient',
    'conic-gradient',
    'background',
    'color',
    'colour',
    'png',
    'svg',
  ],
  analyticsName: 'Gradient Generator',
  icon: 'rainbow',
});
