import { defineTool } from '../../app/tool';

export const tool = defineTool({
  kind: 'tool',
  folder: 'contrast',
  path: '/color-contrast',
  title: 'Color Contrast Checker',
  description: 'Check the contrast of text and background colours against WCAG 2.x.',
  groups: { design: 1 },
  keywords: [
    'wcag',
    'accessibility',
    'a11y',
    'contrast ratio',
    'color',
    'colour',
    'aa',
    'aaa',
    'apca',
    'color blindness',
  ],
  analyticsName: 'Color Contrast Checker',
  icon: 'contrast',
});
