/**
 * `npm run new-tool` into a temporary copy of the tree (--root): the files it writes, the
 * registration in src/tools/index.ts (two lines added, none removed), that the result
 * type-checks against the real app, and its refusals.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const SCRIPT = join(REPO, 'scripts/new-tool.mjs');
let root: string;

/** Runs the scaffold; returns its exit code and output. */
function newTool(...args: string[]): { code: number; out: string } {
  try {
    const out = execFileSync('node', [SCRIPT, ...args, '--root', root], { encoding: 'utf8', stdio: 'pipe' });
    return { code: 0, out };
  } catch (e) {
    const err = e as { status: number; stdout: string; stderr: string };
    return { code: err.status, out: err.stdout + err.stderr };
  }
}

const read = (path: string) => readFileSync(join(root, path), 'utf8');

describe('npm run new-tool', () => {
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'bitsmith-new-tool-'));
    cpSync(join(REPO, 'src'), join(root, 'src'), { recursive: true });
    cpSync(join(REPO, 'tests/harness'), join(root, 'tests/harness'), { recursive: true });
    cpSync(join(REPO, 'scripts/system-tools.mjs'), join(root, 'scripts/system-tools.mjs'));
    cpSync(join(REPO, 'tsconfig.base.json'), join(root, 'tsconfig.base.json'));
    cpSync(join(REPO, 'tests/tsconfig.json'), join(root, 'tests/tsconfig.json'));
    symlinkSync(join(REPO, 'node_modules'), join(root, 'node_modules'));
    mkdirSync(join(root, 'tests/e2e'));
    mkdirSync(join(root, 'docs'));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('writes the folder, the e2e stub and the docs page, and registers the tool', () => {
    const before = read('src/tools/index.ts').split('\n');
    const { code, out } = newTool('word-counter', '--group', 'backend');
    expect(code, out).toBe(0);

    for (const f of ['tool.ts', 'Page.tsx', 'store.ts', 'logic.ts', 'logic.test.ts']) {
      expect(existsSync(join(root, 'src/tools/word-counter', f)), f).toBe(true);
    }
    expect(read('tests/e2e/word-counter.e2e.test.ts')).toContain("from '../../src/tools/word-counter/tool'");
    expect(read('docs/word-counter.md')).toMatch(/^# Word Counter \(`\/word-counter`\)/);

    const declaration = read('src/tools/word-counter/tool.ts');
    expect(declaration).toContain("path: '/word-counter'");
    expect(declaration).toContain("analyticsName: 'Word Counter'");
    expect(declaration).toContain('groups: { backend: 6 }'); // after the five Backend Utilities pages

    const after = read('src/tools/index.ts').split('\n');
    expect(after.filter((l) => !before.includes(l))).toEqual([
      "import { tool as wordCounter } from './word-counter/tool';",
      '  wordCounter,',
    ]);
    expect(after.filter((l) => before.includes(l))).toEqual(before); // nothing removed or reordered
  });

  it('writes code that type-checks against the app (declaration, page, store, logic, tests)', () => {
    // The tests project's options: they cover the page (DOM, JSX) and the tests (Node).
    const config = ts.readConfigFile(join(root, 'tests/tsconfig.json'), ts.sys.readFile).config;
    const { options } = ts.parseJsonConfigFileContent(config, ts.sys, join(root, 'tests'));
    const folder = ['tool.ts', 'Page.tsx', 'store.ts', 'logic.ts', 'logic.test.ts'].map(
      (f) => `src/tools/word-counter/${f}`,
    );
    const files = ['src/tools/index.ts', 'tests/e2e/word-counter.e2e.test.ts', ...folder];
    const program = ts.createProgram(
      files.map((f) => join(root, f)),
      options,
    );
    const errors = ts
      .getPreEmitDiagnostics(program)
      .map((d) => `${d.file?.fileName}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
    expect(errors).toEqual([]);
  });

  it('refuses bad names, existing tools, unknown groups and stray arguments, writing nothing', () => {
    const index = read('src/tools/index.ts');
    const refused = (message: string) => ({ code: 1, out: expect.stringContaining(message) });
    expect(newTool('Word_Counter')).toMatchObject(refused('is not a tool name'));
    expect(newTool('2fa')).toMatchObject(refused('is not a tool name'));
    expect(newTool('word-counter')).toMatchObject(refused('src/tools/word-counter already exists'));
    expect(newTool('crc')).toMatchObject(refused('src/tools/crc already exists'));
    expect(newTool('ip-subnet')).toMatchObject(refused('route /ip-subnet is already declared'));
    expect(newTool('hex-dump', '--group', 'misc')).toMatchObject(refused('Unknown group "misc"'));
    expect(newTool('hex-dump', 'extra')).toMatchObject(refused('One tool name at a time'));
    expect(newTool()).toMatchObject(refused('Usage: npm run new-tool'));
    expect(read('src/tools/index.ts')).toBe(index);
    expect(existsSync(join(root, 'src/tools/hex-dump'))).toBe(false);
    expect(existsSync(join(root, 'src/tools/ip-subnet'))).toBe(false);
  });
});
