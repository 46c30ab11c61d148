import { defineTool } from '../../app/tool';

export const tool = defineTool({
  kind: 'tool',
  folder: 'jwt',
  path: '/jwt-debugger',
  title: 'JWT Debugger',
  description: 'Decode JSON Web Tokens: header, claims, lifetime, and optional signature verification.',
  groups: { backend: 4 },
  keywords: ['token', 'bearer', 'json web token', 'jws', 'decode', 'claims', 'signature', 'verify', 'oauth', 'oidc'],
  analyticsName: 'JWT Debugger',
  icon: 'key',
});
