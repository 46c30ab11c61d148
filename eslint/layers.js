// The layer rules the README's layout promises, checked on every import (`import`, `export ... from`,
// `import()`): src/core is pure (no React, zustand, Comlink, DOM code, tools, server or Node), the UI
// never reaches into server/, and no tool imports another tool. Tests are exempt: they run in Node
// and wire the layers together on purpose.
import path from 'node:path';
import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Packages src/core must not use: UI frameworks, the worker transport, server libraries. */
const CORE_FORBIDDEN_PACKAGES = [
  'react',
  'react-dom',
  'react-router-dom',
  'zustand',
  'comlink',
  'lucide-react',
  'express',
  'mongodb',
  'better-sqlite3',
  'piscina',
];
const NODE_BUILTINS = new Set(builtinModules);

/** Where a repository-relative path lives: 'core', 'tool:<name>', 'ui', 'server' or 'other'. */
function layerOf(rel) {
  if (rel.startsWith('src/core/')) return 'core';
  const tool = /^src\/tools\/([^/]+)\//.exec(rel);
  if (tool) return `tool:${tool[1]}`;
  if (rel.startsWith('src/')) return 'ui';
  if (rel.startsWith('server/')) return 'server';
  return 'other';
}

function packageName(spec) {
  const parts = spec.split('/');
  return spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** The problem with importing `spec` from `file` (repository-relative), or null. */
export function layerProblem(file, spec) {
  const from = layerOf(file);
  if (spec.startsWith('.')) {
    const target = path
      .relative(ROOT, path.resolve(ROOT, path.dirname(file), spec))
      .split(path.sep)
      .join('/');
    const to = layerOf(target + '/');
    if (from === 'core' && to !== 'core') return `src/core imports only src/core, but '${spec}' is ${target}`;
    if (from !== 'server' && from !== 'other' && to === 'server') return `the UI never imports server/ ('${spec}')`;
    if (from.startsWith('tool:') && to.startsWith('tool:') && to !== from) {
      return `a tool never imports another tool ('${spec}' is in ${to.slice(5)}); move what both need to src/core or src/components`;
    }
    return null;
  }
  if (from !== 'core') return null;
  const name = packageName(spec);
  if (spec.startsWith('node:') || NODE_BUILTINS.has(name))
    return `src/core runs everywhere: no Node module ('${spec}')`;
  if (CORE_FORBIDDEN_PACKAGES.includes(name)) return `src/core is pure: no '${name}' (UI, worker transport or server)`;
  return null;
}

const boundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Enforce the layer boundaries of the README layout' },
    schema: [],
  },
  create(context) {
    const file = path.relative(ROOT, context.filename).split(path.sep).join('/');
    if (/\.test\.tsx?$/.test(file)) return {};
    const check = (node) => {
      const source = node.source;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const problem = layerProblem(file, source.value);
      if (problem) context.report({ node: source, message: problem });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default { rules: { boundaries } };
