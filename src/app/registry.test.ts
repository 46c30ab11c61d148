import { describe, expect, it } from 'vitest';
import { groups, placeholderSubtitle, toolByPath, tools } from './registry';

// Spec part 1, section 2 (route table and sidebar groups), copied verbatim.
const SPEC_ROUTES = [
  '/crc-generator', '/fsm-generator', '/fifo-generator', '/uart-generator', '/json-yaml-converter',
  '/csv-json-converter', '/base64-converter', '/color-contrast', '/gradient-generator', '/json-formatter',
  '/jwt-debugger', '/ip-subnet', '/url-encoder', '/admin/analytics', '/icon-generator', '/typography-scale',
  '/api-tester', '/sql-formatter', '/data-generator', '/http-status',
];
const SPEC_GROUPS: Record<string, string[]> = {
  'Hardware Development': ['/crc-generator', '/fsm-generator', '/fifo-generator', '/uart-generator'],
  'File Converters': ['/json-yaml-converter', '/csv-json-converter', '/base64-converter'],
  'UI/UX Design Tools': ['/color-contrast', '/icon-generator', '/gradient-generator', '/typography-scale'],
  'Backend Utilities': ['/api-tester', '/json-formatter', '/json-yaml-converter', '/jwt-debugger', '/sql-formatter'],
  'Data Processing': ['/data-generator', '/base64-converter'],
  'Network Tools': ['/ip-subnet', '/url-encoder', '/http-status'],
};

describe('tool registry', () => {
  it('has exactly the routes of the spec route table', () => {
    expect(tools.map((t) => t.path).sort()).toEqual([...SPEC_ROUTES].sort());
  });

  it('has the six sidebar groups with their tools in spec order', () => {
    expect(Object.fromEntries(groups.map((g) => [g.title, g.paths]))).toEqual(SPEC_GROUPS);
    for (const g of groups) for (const p of g.paths) expect(toolByPath(p), p).toBeDefined();
  });

  it('marks the six placeholder routes with the spec titles', () => {
    const placeholders = tools.filter((t) => t.kind === 'placeholder');
    expect(placeholders.map((t) => [t.path, t.title])).toEqual([
      ['/icon-generator', 'Icon Generator'],
      ['/typography-scale', 'Typography Scale'],
      ['/api-tester', 'API Endpoint Tester'],
      ['/sql-formatter', 'SQL Formatter'],
      ['/data-generator', 'Test Data Generator'],
      ['/http-status', 'HTTP Status Lookup'],
    ]);
  });

  it('uses the description as placeholder subtitle, else "{title} - Coming soon to BitSmith"', () => {
    expect(placeholderSubtitle({ title: 'Icon Generator', description: '' })).toBe('Icon Generator - Coming soon to BitSmith');
    expect(placeholderSubtitle({ title: 'X', description: 'Does X.' })).toBe('Does X.');
  });

  it('gives every tool page a folder and every entry a title', () => {
    for (const t of tools) {
      expect(t.title.length).toBeGreaterThan(0);
      if (t.kind !== 'placeholder') expect(t.folder, t.path).toMatch(/^[a-z0-9-]+$/);
    }
  });
});
