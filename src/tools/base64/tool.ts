import { defineTool } from '../../app/tool';

export const tool = defineTool({
  kind: 'tool',
  folder: 'base64',
  path: '/base64-converter',
  title: 'Base64 Converter',
  description: 'Encode text or files to Base64 and decode Base64 back to text.',
  groups: { converters: 3, data: 2 },
  keywords: ['b64', 'base-64', 'encode', 'decode', 'data url', 'base64url', 'binary', 'file'],
  analyticsName: 'Base64 Converter',
  icon: 'binary',
});
