/**
 * Every tool's docs page follows one heading template (the one `npm run new-tool` writes): a title
 * naming the route, then "What it does", "How it is built", "Tests" and "Benchmarks" in that
 * order, with the tool's own sections anywhere between them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const DOCS = fileURLToPath(new URL('../../docs', import.meta.url));
/** Pages about the project rather than one tool. */
const GENERAL = ['architecture.md', 'cli.md', 'operations.md', 'suite.md', 'testing.md'];
const TEMPLATE = ['What it does', 'How it is built', 'Tests', 'Benchmarks'];

const toolPages = readdirSync(DOCS).filter((f) => f.endsWith('.md') && !GENERAL.includes(f));

describe('docs pages', () => {
  it('cover every tool', () => {
    expect(toolPages.length).toBeGreaterThanOrEqual(10);
  });

  it.each(toolPages)('%s follows the heading template', (file) => {
    const text = readFileSync(join(DOCS, file), 'utf8');
    expect(text.split('\n')[0]).toMatch(/^# .+\(`\/[^`]*`/);
    const headings = [...text.matchAll(/^## (.+)$/gm)].map((m) => m[1]!.trim());
    expect(headings.filter((h) => TEMPLATE.includes(h))).toEqual(TEMPLATE);
  });
});
