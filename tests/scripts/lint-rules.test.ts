/**
 * The checks enforce what the README's layout claims: each rule fires on a file that breaks it
 * (ESLint's layer rule through the project's own eslint.config.js, the import-cycle finder on a
 * small tree with a cycle, Prettier's ignore file on src/core/data) and the tree itself passes.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script without declarations
import { findCycles } from '../../scripts/import-cycles.mjs';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: REPO });

/** The layer rule's messages for `code` linted as if it were the file `path`. */
async function layerErrors(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(REPO, path) });
  return result!.messages.filter((m) => m.ruleId === 'layers/boundaries').map((m) => m.message);
}

describe('the layer rule (eslint/layers.js)', () => {
  it.each([
    ['src/core/x.ts', "import { useState } from 'react';\nexport const a = useState;", /no 'react'/],
    ['src/core/x.ts', "import { create } from 'zustand';\nexport const a = create;", /no 'zustand'/],
    ['src/core/x.ts', "import { wrap } from 'comlink';\nexport const a = wrap;", /no 'comlink'/],
    ['src/core/x.ts', "import { readFileSync } from 'node:fs';\nexport const a = readFileSync;", /no Node module/],
    [
      'src/core/x.ts',
      "import { CopyButton } from '../components/CopyButton';\nexport const a = CopyButton;",
      /imports only src\/core/,
    ],
    ['src/core/x.ts', "import { tool } from '../tools/jwt/tool';\nexport const a = tool;", /imports only src\/core/],
    ['src/core/x.ts', "export const a = () => import('../../server/app');", /imports only src\/core/],
    [
      'src/components/X.tsx',
      "import { loadKernel } from '../../server/wasm';\nexport const a = loadKernel;",
      /never imports server/,
    ],
    ['src/workers/x/x.worker.ts', "export * from '../../../server/config';", /never imports server/],
    [
      'src/tools/jwt/Page.tsx',
      "import { useUrlStore } from '../url/store';\nexport const a = useUrlStore;",
      /another tool/,
    ],
  ])('%s: refuses %j', async (path, code, message) => {
    const errors = await layerErrors(path, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(message);
  });

  it.each([
    [
      'src/core/x.ts',
      "import YAML from 'yaml';\nimport { MSG } from './data/messages';\nexport const a = [YAML, MSG];",
    ],
    [
      'src/tools/jwt/Page.tsx',
      "import { CopyButton } from '../../components/CopyButton';\nexport const a = CopyButton;",
    ],
    ['src/tools/jwt/Page.tsx', "import { decodeJwt } from '../../core/jwt/decode';\nexport const a = decodeJwt;"],
    ['src/core/x.test.ts', "import { loadKernel } from '../../server/wasm';\nexport const a = loadKernel;"],
    ['server/app.ts', "import { crcCatalogue } from '../src/core/crc/catalogue';\nexport const a = crcCatalogue;"],
  ])('%s: allows %j', async (path, code) => {
    expect(await layerErrors(path, code)).toEqual([]);
  });
});

describe('the import-cycle check (scripts/import-cycles.mjs)', () => {
  it('finds a cycle of three modules and reports all three, and none in a chain', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bitsmith-cycles-'));
    try {
      writeFileSync(join(dir, 'a.ts'), "import { b } from './b';\nexport const a = b;\n");
      writeFileSync(join(dir, 'b.ts'), "import type { C } from './c';\nexport const b = 1 as unknown as C;\n");
      writeFileSync(join(dir, 'c.ts'), "import { a } from './a';\nexport type C = typeof a;\n");
      writeFileSync(join(dir, 'd.ts'), "import { a } from './a';\nexport const d = a;\n");
      const files = ['a', 'b', 'c', 'd'].map((n) => join(dir, `${n}.ts`));
      expect(findCycles(files)).toEqual([files.slice(0, 3)]);
      writeFileSync(join(dir, 'c.ts'), 'export type C = number;\n');
      expect(findCycles(files)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the Prettier ignore file', () => {
  it('checks src/core/data and ignores only the runtime store at the root', async () => {
    const info = (path: string) =>
      prettier.getFileInfo(join(REPO, path), { ignorePath: join(REPO, '.prettierignore') });
    expect((await info('src/core/data/jobs/json.ts')).ignored).toBe(false);
    expect((await info('data/analytics.sqlite')).ignored).toBe(true);
    expect((await info('dist/client/index.html')).ignored).toBe(true);
  });
});
