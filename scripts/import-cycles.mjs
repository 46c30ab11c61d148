#!/usr/bin/env node
// Lists import cycles between the project's TypeScript modules (run by `npm run lint`; exit 1 when
// there is one). A cycle makes the load order decide what a module sees at start-up and ties the
// modules into one unit, so the tree keeps none. Type-only imports count too: they tie the
// modules' meanings together even though they vanish at run time.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOTS = ['src', 'server', 'cli', 'scripts', 'bench', 'tests'];
const SKIP = new Set(['node_modules', 'dist', 'build']);

function sourceFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (SKIP.has(name)) return [];
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|mts)$/.test(name) && !name.endsWith('.d.ts') ? [full] : [];
  });
}

/** The project file a relative specifier names, or null (packages, assets, missing files). */
function resolve(from, spec) {
  if (!spec.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), spec.replace(/\.(m?js)$/, ''));
  const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}.mts`, `${base}/index.ts`, `${base}/index.tsx`];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile() && /\.(ts|tsx|mts)$/.test(c)) ?? null;
}

/** Strongly connected components of more than one module (Tarjan), each as a list of files. */
export function findCycles(files) {
  const edges = new Map(
    files.map((f) => {
      const { importedFiles } = ts.preProcessFile(readFileSync(f, 'utf8'), true, true);
      return [f, [...new Set(importedFiles.map((i) => resolve(f, i.fileName)).filter(Boolean))]];
    }),
  );
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  let next = 0;
  const visit = (v) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!edges.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) !== index.get(v)) return;
    const component = [];
    let w;
    do {
      w = stack.pop();
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    const selfLoop = (edges.get(v) ?? []).includes(v);
    if (component.length > 1 || selfLoop) cycles.push(component.sort());
  };
  for (const f of edges.keys()) if (!index.has(f)) visit(f);
  return cycles;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = process.argv[2] ?? process.cwd();
  const files = ROOTS.flatMap((r) => sourceFiles(path.join(root, r)));
  const cycles = findCycles(files);
  for (const c of cycles) console.error(`import cycle: ${c.map((f) => path.relative(root, f)).join(' <-> ')}`);
  if (cycles.length) {
    console.error(`${cycles.length} import cycle(s); break each by moving the shared part into a module both import`);
    process.exit(1);
  }
  console.log(`no import cycles (${files.length} modules)`);
}
