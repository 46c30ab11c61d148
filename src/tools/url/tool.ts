import { defineTool } from '../../app/tool';

export const tool = defineTool({
  kind: 'tool',
  folder: 'url',
  path: '/url-encoder',
  title: 'URL Encoder/Decoder',
  description: 'Percent-encode and decode URLs or their parts, and see how a URL is put together.',
  groups: { network: 2 },
  keywords: ['percent encoding', 'urlencode', 'urldecode', 'uri', 'query string', 'escape', 'encodeURIComponent'],
  analyticsName: 'URL Encoder/Decoder',
  icon: 'link',
});
