#!/usr/bin/env node
// Lists exports that no other file references: `node scripts/unused-exports.mjs`. Uses the
// TypeScript language service over tsconfig.json (tests and benchmarks count as users), so an
// export used only by its own file is reported too (drop the `export`), and one used nowhere
// shows "0 uses in file" (delete it). Entry points are skipped: tests, benchmarks, workers,
// configs, src/main.tsx, server/index.ts and the default export of each tool's Page.tsx.
import ts from 'typescript';
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
// The root tsconfig.json only lists the projects (tsc -b): read every project's files, and use
// the tests project's options (DOM and Node both) for the one language service over all of them.
const parse = (path) =>
  ts.getParsedCommandLineOfConfigFile(
    path,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
const projects = parse(`${root}/tsconfig.json`).projectReferences.map((r) => parse(`${r.path}/tsconfig.json`));
const config = projects.find((p) => p.options.configFilePath?.endsWith('tests/tsconfig.json'));
const files = [...new Set(projects.flatMap((p) => p.fileNames))];
const service = ts.createLanguageService(
  {
    getScriptFileNames: () => files,
    getScriptVersion: () => '1',
    getScriptSnapshot: (f) =>
      ts.sys.fileExists(f) ? ts.ScriptSnapshot.fromString(readFileSync(f, 'utf8')) : undefined,
    getCurrentDirectory: () => root,
    getCompilationSettings: () => ({ ...config.options, noEmit: true, composite: false }),
    getDefaultLibFileName: (o) => ts.getDefaultLibFilePath(o),
    fileExists: ts.sys.fileExists,
    readFile: ts.sys.readFile,
    readDirectory: ts.sys.readDirectory,
    directoryExists: ts.sys.directoryExists,
    getDirectories: ts.sys.getDirectories,
  },
  ts.createDocumentRegistry(),
);

const isEntry = (f) =>
  /^(bench|tests)\//.test(f) ||
  /\.worker\.ts$/.test(f) ||
  /\.test\.tsx?$/.test(f) ||
  /\.config\.ts$/.test(f) ||
  f === 'src/main.tsx' ||
  f === 'server/index.ts';

/** Names declared by the file's top-level `export` statements (not `export { } from` lists). */
function exportedNames(file, sf) {
  const names = [];
  sf.forEachChild((node) => {
    const modifiers = ts.canHaveModifiers(node) ? (ts.getModifiers(node) ?? []) : [];
    if (!modifiers.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) return;
    const isDefault = modifiers.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword);
    if (isDefault && file.endsWith('/Page.tsx')) return;
    if (ts.isVariableStatement(node)) for (const d of node.declarationList.declarations) names.push(d.name);
    else if (node.name) names.push(node.name);
  });
  return names;
}

let count = 0;
for (const sf of service.getProgram().getSourceFiles()) {
  const file = relative(root, sf.fileName);
  if (file.startsWith('..') || file.includes('node_modules') || isEntry(file)) continue;
  for (const name of exportedNames(file, sf)) {
    const refs = (service.findReferences(sf.fileName, name.getStart()) ?? []).flatMap((r) => r.references);
    if (refs.some((r) => r.fileName !== sf.fileName)) continue;
    console.log(`${file}\t${name.getText()}\t${refs.length - 1} uses in file`);
    count++;
  }
}
console.error(`${count} unused exports`);
