// The tsconfig projects are the layer boundaries: a file in src/core that touches the DOM or Node,
// or server or worker code that touches the page, must not compile. Each probe is type-checked
// with its folder's compiler options and ambient declarations, as if it were a file there.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const lastProgram = new Map<string, ts.Program>(); // reused per folder: the libs are parsed once

/** The errors `tsc` would report for `source` saved as `<folder>/boundary-probe.ts`. */
function typeErrors(folder: string, source: string): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(resolve(root, folder, 'tsconfig.json'), undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => {
      throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    },
  });
  if (!config) throw new Error(`${folder}/tsconfig.json not found`);
  const options = { ...config.options, composite: false, emitDeclarationOnly: false, incremental: false, noEmit: true };
  const probe = resolve(root, folder, 'boundary-probe.ts');
  const host = ts.createCompilerHost(options);
  const { getSourceFile, fileExists } = host;
  host.fileExists = (file) => file === probe || fileExists(file);
  host.getSourceFile = (file, language, ...rest) =>
    file === probe ? ts.createSourceFile(file, source, language) : getSourceFile(file, language, ...rest);
  const ambient = config.fileNames.filter((f) => f.endsWith('.d.ts'));
  const oldProgram = lastProgram.get(folder);
  const program = ts.createProgram({ rootNames: [probe, ...ambient], options, host, oldProgram });
  lastProgram.set(folder, program);
  return ts
    .getPreEmitDiagnostics(program, program.getSourceFile(probe))
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

describe('src/core compiles with neither DOM nor Node', () => {
  it.each([
    ['window', 'window.alert(1);', "Cannot find name 'window'"],
    ['document', 'export const title = document.title;', "Cannot find name 'document'"],
    ['localStorage', "localStorage.setItem('k', 'v');", "Cannot find name 'localStorage'"],
    ['fs', "import { readFileSync } from 'node:fs';\nreadFileSync('x');", "Cannot find module 'node:fs'"],
    ['process', 'export const env = process.env;', "Cannot find name 'process'"],
    // papaparse's declarations reference @types/node; that must not bring Node's globals in.
    ['process beside papaparse', "import Papa from 'papaparse';\nexport const p = [Papa, process.env];", "'process'"],
  ])('rejects %s', (_, source, error) => {
    expect(typeErrors('src/core', source)).toContainEqual(expect.stringContaining(error));
  });

  it('accepts the web-platform globals every runtime has', () => {
    const source = [
      "export const bytes = new TextEncoder().encode('a');",
      'export const text = new TextDecoder().decode(bytes);',
      'export const blob = new Blob([bytes], { type: "text/plain" });',
      'export const module = WebAssembly.instantiate(bytes, {});',
    ].join('\n');
    expect(typeErrors('src/core', source)).toEqual([]);
  });
});

describe('the server compiles without the DOM', () => {
  it('rejects document', () => {
    expect(typeErrors('server', 'export const title = document.title;')).toContainEqual(
      expect.stringContaining("Cannot find name 'document'"),
    );
  });

  it('accepts Node and WebAssembly', () => {
    const source =
      "import { readFileSync } from 'node:fs';\nexport const m = WebAssembly.instantiate(readFileSync('x'));";
    expect(typeErrors('server', source)).toEqual([]);
  });
});

describe('workers compile with the WebWorker lib', () => {
  it('rejects document', () => {
    expect(typeErrors('src/workers', 'export const title = document.title;')).toContainEqual(
      expect.stringContaining("Cannot find name 'document'"),
    );
  });

  it('accepts worker globals', () => {
    expect(typeErrors('src/workers', 'self.postMessage(1);\nexport {};')).toEqual([]);
  });
});
