import { defineTool } from '../../app/tool';

/** The admin dashboard: a route and a document title, but no sidebar place; its page text is Russian. */
export const tool = defineTool({
  kind: 'admin',
  folder: 'analytics-dashboard',
  path: '/admin/analytics',
  title: 'Analytics Dashboard',
  description: 'Просмотры страниц, уникальные посетители и использование инструментов BitSmith.',
  groups: {},
  keywords: ['analytics', 'statistics', 'stats', 'admin', 'page views', 'visitors', 'usage'],
  analyticsName: 'Analytics Dashboard',
  icon: 'chart',
});
