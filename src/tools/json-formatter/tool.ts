import { defineTool } from '../../app/tool';

export const tool = defineTool({
  kind: 'tool',
  folder: 'json-formatter',
  path: '/json-formatter',
  title: 'JSON Formatter and Validator',
  description: 'Format, minify and validate JSON. Numbers keep their exact digits.',
  groups: { backend: 2 },
  keywords: ['json', 'format', 'prettify', 'pretty print', 'beautify', 'minify', 'validate', 'lint'],
  analyticsName: 'JSON Formatter and Validator',
  icon: 'braces',
});
