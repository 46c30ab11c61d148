/**
 * Every tool's docs page follows one heading template (the one `npm run new-tool` writes): a title
 * naming the route, then "What it does", "How it is built", "Tests" and "Benchmarks" in that
 * order, with the tool's own sections anywhere between them. And every file of the tree a
 * Markdown page names in backticks (`tests/wasm/crc-table.test.ts`) is there.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DOCS = join(ROOT, 'docs');
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

/** The tree's top-level folders: a backticked word starting with one of them names a file or folder. */
const TREE = /^(?:\.ci|assembly|bench|cli|docs|eslint|public|scripts|server|src|tests)\//;
/** Named on purpose though not in the tree: what a command writes. */
const NOT_IN_TREE = [
  /^bench\/results\/latest\.json$/, // written by `npm run bench` (ignored by git)
  /word-counter/, // the README's `npm run new-tool -- word-counter` example
];

describe('docs name files that exist', () => {
  const pages = execFileSync('git', ['ls-files', '*.md'], { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean);

  it.each(pages)('%s', (page) => {
    const text = readFileSync(join(ROOT, page), 'utf8');
    const named = [...text.matchAll(/`([^`\s]+)`/g)]
      .map((m) => m[1]!.replace(/[,.:;)]+$/, '').replace(/#.*$/, ''))
      // Patterns and placeholders (`tests/e2e/<name>.e2e.test.ts`, `bench/*.bench.ts`) are not files.
      .filter((p) => TREE.test(p) && !/[<>*{}$…]|\.\.\./.test(p) && !NOT_IN_TREE.some((re) => re.test(p)));
    expect(named.filter((p) => !existsSync(join(ROOT, p)))).toEqual([]);
  });
});
