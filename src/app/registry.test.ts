import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tools, type ToolAnalyticsName } from '../tools';
import { GROUPS } from './groups';
import { pages, pagesInGroup, placeholderSubtitle, sidebarGroups, titleOfPath, type SidebarGroup } from './registry';

// Spec part 1, section 2 (route table and sidebar groups), copied verbatim.
const SPEC_ROUTES = [
  '/crc-generator',
  '/fsm-generator',
  '/fifo-generator',
  '/uart-generator',
  '/json-yaml-converter',
  '/csv-json-converter',
  '/base64-converter',
  '/color-contrast',
  '/gradient-generator',
  '/json-formatter',
  '/jwt-debugger',
  '/ip-subnet',
  '/url-encoder',
  '/admin/analytics',
  '/icon-generator',
  '/typography-scale',
  '/api-tester',
  '/sql-formatter',
  '/data-generator',
  '/http-status',
];
const SPEC_GROUPS: Record<string, string[]> = {
  'Hardware Development': ['/crc-generator', '/fsm-generator', '/fifo-generator', '/uart-generator'],
  'File Converters': ['/json-yaml-converter', '/csv-json-converter', '/base64-converter'],
  'UI/UX Design Tools': ['/color-contrast', '/icon-generator', '/gradient-generator', '/typography-scale'],
  'Backend Utilities': ['/api-tester', '/json-formatter', '/json-yaml-converter', '/jwt-debugger', '/sql-formatter'],
  'Data Processing': ['/data-generator', '/base64-converter'],
  'Network Tools': ['/ip-subnet', '/url-encoder', '/http-status'],
};
// The tool_name of every analytics event already stored: renaming one splits a tool in the dashboard.
const ANALYTICS_NAMES: Record<string, string> = {
  '/crc-generator': 'CRC Generator',
  '/fsm-generator': 'FSM Generator',
  '/fifo-generator': 'FIFO Generator',
  '/uart-generator': 'UART Generator',
  '/json-yaml-converter': 'JSON and YAML Converter',
  '/csv-json-converter': 'CSV and JSON Converter',
  '/base64-converter': 'Base64 Converter',
  '/color-contrast': 'Color Contrast Checker',
  '/gradient-generator': 'Gradient Generator',
  '/json-formatter': 'JSON Formatter and Validator',
  '/jwt-debugger': 'JWT Debugger',
  '/ip-subnet': 'IP Subnet Calculator',
  '/url-encoder': 'URL Encoder/Decoder',
};

const TOOLS_DIR = fileURLToPath(new URL('../tools', import.meta.url));
const toolFolders = readdirSync(TOOLS_DIR, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const unique = (values: readonly unknown[]) => new Set(values).size === values.length;

describe('page declarations', () => {
  // New tools may add routes and sidebar places; the spec's must all stay, in the spec's order.
  it('have every route of the spec route table, each path once', () => {
    expect(pages.map((p) => p.path)).toEqual(expect.arrayContaining(SPEC_ROUTES));
    expect(unique(pages.map((p) => p.path))).toBe(true);
  });

  it('fill the six sidebar groups with the spec pages in spec order', () => {
    const specPaths = (g: SidebarGroup) => g.pages.map((p) => p.path).filter((p) => SPEC_ROUTES.includes(p));
    expect(Object.fromEntries(sidebarGroups.map((g) => [g.title, specPaths(g)]))).toEqual(SPEC_GROUPS);
  });

  it('number the places inside every group 1..n without gaps or ties', () => {
    for (const g of GROUPS) {
      const places = pages
        .map((p) => p.groups[g.id])
        .filter((n) => n !== undefined)
        .sort((a, b) => a - b);
      expect(places, g.id).toEqual(places.map((_, i) => i + 1));
    }
    // pagesInGroup orders by place, not by declaration order.
    const [a, b] = [
      { ...pages[0]!, groups: { data: 2 } },
      { ...pages[1]!, groups: { data: 1 } },
    ];
    expect(pagesInGroup('data', [a, b])).toEqual([b, a]);
  });

  it('put every tool in a sidebar group, the admin dashboard and unlisted pages in none', () => {
    for (const p of pages)
      expect(Object.keys(p.groups).length > 0, p.path).toBe(p.kind === 'tool' || p.kind === 'placeholder');
  });

  it('keep every analytics name the dashboard already stores, one per tool', () => {
    for (const [path, name] of Object.entries(ANALYTICS_NAMES)) {
      expect(tools.find((t) => t.path === path)?.analyticsName, path).toBe(name);
    }
    expect(unique(tools.map((t) => t.analyticsName))).toBe(true);
  });

  it('type the analytics names as a literal union (checked by tsc)', () => {
    const declared: ToolAnalyticsName = 'URL Encoder/Decoder';
    // @ts-expect-error a misspelt tool name does not compile
    const misspelt: ToolAnalyticsName = 'URL Encoder/decoder';
    expect(declared).not.toBe(misspelt);
  });

  it('mark the six placeholder routes with the spec titles', () => {
    const placeholders = pages.filter((p) => p.kind === 'placeholder');
    expect(placeholders.map((p) => [p.path, p.title])).toEqual([
      ['/icon-generator', 'Icon Generator'],
      ['/typography-scale', 'Typography Scale'],
      ['/api-tester', 'API Endpoint Tester'],
      ['/sql-formatter', 'SQL Formatter'],
      ['/data-generator', 'Test Data Generator'],
      ['/http-status', 'HTTP Status Lookup'],
    ]);
  });

  it('give every page a title, and every tool a description and search keywords', () => {
    for (const p of pages) {
      expect(p.title.length, p.path).toBeGreaterThan(0);
      expect(p.keywords.length, p.path).toBeGreaterThan(0);
      expect(unique(p.keywords), p.path).toBe(true);
      if (p.kind !== 'placeholder') expect(p.description.length, p.path).toBeGreaterThan(0);
    }
  });

  it('back the home page stats ("20+ Tools", "6 Categories")', () => {
    expect(pages.length).toBeGreaterThanOrEqual(20);
    expect(sidebarGroups).toHaveLength(6);
  });

  it('uses the description as placeholder subtitle, else "{title} - Coming soon to BitSmith"', () => {
    expect(placeholderSubtitle({ title: 'Icon Generator', description: '' })).toBe(
      'Icon Generator - Coming soon to BitSmith',
    );
    expect(placeholderSubtitle({ title: 'X', description: 'Does X.' })).toBe('Does X.');
  });
});

describe('tool folders', () => {
  it('each hold a tool.ts declaring that folder, registered in src/tools/index.ts', async () => {
    expect(toolFolders.sort()).toEqual(tools.map((t) => t.folder).sort());
    for (const folder of toolFolders) {
      const { tool } = (await import(`../tools/${folder}/tool.ts`)) as { tool: unknown };
      expect(tools, folder).toContain(tool);
      expect((tool as { folder: string }).folder).toBe(folder);
    }
  });

  it('each have the same roles: declaration, page, store, pure logic and its test', () => {
    for (const folder of toolFolders) {
      const missing = ['tool.ts', 'Page.tsx', 'store.ts', 'logic.ts', 'logic.test.ts'].filter(
        (f) => !existsSync(`${TOOLS_DIR}/${folder}/${f}`),
      );
      expect(missing, folder).toEqual([]);
    }
  });

  it('keep logic.ts pure: no React, no runtime import of components', () => {
    for (const folder of toolFolders) {
      const source = readFileSync(`${TOOLS_DIR}/${folder}/logic.ts`, 'utf8');
      expect(source, folder).not.toMatch(/from 'react|^import (?!type ).*from '[./]*\/components\//m);
    }
  });

  it('import no other tool folder (shared UI lives in src/components)', () => {
    // Checked in the source text so it also covers type-only imports.
    for (const folder of toolFolders) {
      for (const file of readdirSync(`${TOOLS_DIR}/${folder}`).filter((f) => /\.tsx?$/.test(f))) {
        const source = readFileSync(`${TOOLS_DIR}/${folder}/${file}`, 'utf8');
        const crossing = [...source.matchAll(/from '\.\.\/([a-z0-9-]+)\//g)].map((m) => m[1]);
        expect(crossing, `${folder}/${file}`).toEqual([]);
      }
    }
  });
});

describe('titleOfPath', () => {
  it('names each page from its address alone: home, tools as routed, diagnostics, and an unknown address', () => {
    expect(titleOfPath('/')).toBe('BitSmith');
    expect(titleOfPath('/url-encoder')).toBe('URL Encoder/Decoder · BitSmith');
    expect(titleOfPath('/URL-Encoder/')).toBe('URL Encoder/Decoder · BitSmith'); // routes match any case
    expect(titleOfPath('/Diagnostics')).toBe('Diagnostics · BitSmith');
    expect(titleOfPath('/no-such-tool')).toBe('Page not found · BitSmith');
  });
});
