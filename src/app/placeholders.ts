/**
 * Announced tools that are not built yet (spec part 2, "Placeholder pages"): a route, a sidebar
 * place and a "Launching Soon" page. Icon Generator keeps the default title and no description.
 */
import { definePlaceholder } from './tool';

export const placeholders = [
  definePlaceholder({
    kind: 'placeholder',
    path: '/icon-generator',
    title: 'Icon Generator',
    description: '',
    groups: { design: 2 },
    keywords: ['icons', 'favicon', 'app icon', 'svg'],
    icon: 'image',
  }),
  definePlaceholder({
    kind: 'placeholder',
    path: '/typography-scale',
    title: 'Typography Scale',
    description: 'Build harmonious type scales for your designs.',
    groups: { design: 4 },
    keywords: ['type scale', 'modular scale', 'font size', 'typography'],
    icon: 'text',
  }),
  definePlaceholder({
    kind: 'placeholder',
    path: '/api-tester',
    title: 'API Endpoint Tester',
    description: 'Send requests to your API endpoints and inspect the responses.',
    groups: { backend: 1 },
    keywords: ['http', 'rest', 'request', 'endpoint', 'curl', 'postman'],
    icon: 'send',
  }),
  definePlaceholder({
    kind: 'placeholder',
    path: '/sql-formatter',
    title: 'SQL Formatter',
    description: 'Format and beautify SQL queries.',
    groups: { backend: 5 },
    keywords: ['sql', 'query', 'format', 'beautify', 'prettify'],
    icon: 'database',
  }),
  definePlaceholder({
    kind: 'placeholder',
    path: '/data-generator',
    title: 'Test Data Generator',
    description: 'Generate realistic test data in JSON, CSV and SQL.',
    groups: { data: 1 },
    keywords: ['mock data', 'fake data', 'test data', 'seed', 'json', 'csv', 'sql'],
    icon: 'dice',
  }),
  definePlaceholder({
    kind: 'placeholder',
    path: '/http-status',
    title: 'HTTP Status Lookup',
    description: 'Look up HTTP status codes and what they mean.',
    groups: { network: 3 },
    keywords: ['status code', 'response code', 'http', '404', '500'],
    icon: 'signal',
  }),
];
