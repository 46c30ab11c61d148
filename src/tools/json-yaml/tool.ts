import { defineTool } from '../../app/tool';

export const tool = defineTool({
  kind: 'tool',
  folder: 'json-yaml',
  path: '/json-yaml-converter',
  title: 'JSON and YAML Converter',
  description: 'Convert JSON to YAML and YAML to JSON, with anchors, merge keys and exact numbers.',
  groups: { converters: 1, backend: 3 },
  keywords: ['yaml', 'yml', 'json', 'json to yaml', 'yaml to json', 'convert', 'config', 'anchors', 'merge keys'],
  analyticsName: 'JSON and YAML Converter',
  icon: 'file-code',
});
