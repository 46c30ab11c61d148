#!/usr/bin/env node
// Scaffolds a tool: `npm run new-tool -- <name> [--group <group-id>]`.
// Writes src/tools/<name>/ (tool.ts, Page.tsx, store.ts, logic.ts, logic.test.ts),
// tests/e2e/<name>.e2e.test.ts and docs/<name>.md, and registers the declaration in
// src/tools/index.ts. `--root <dir>` scaffolds into another checkout (used by its test).
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as templates from './new-tool-templates.mjs';

const NAME = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;
const USAGE = 'Usage: npm run new-tool -- <name> [--group <group-id>]   (name in kebab-case, e.g. word-counter)';

class ScaffoldError extends Error {}

function parseArgs(argv) {
  const args = { root: fileURLToPath(new URL('..', import.meta.url)) };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--group' || argv[i] === '--root') args[argv[i].slice(2)] = argv[++i];
    else if (argv[i].startsWith('-')) throw new ScaffoldError(`Unknown option ${argv[i]}.\n${USAGE}`);
    else if (args.name === undefined) args.name = argv[i];
    else throw new ScaffoldError(`One tool name at a time.\n${USAGE}`);
  }
  if (!args.name) throw new ScaffoldError(USAGE);
  return args;
}

const words = (name) => name.split('-');
const capitalise = (w) => w[0].toUpperCase() + w.slice(1);

/** Every declaration source: the tools' tool.ts files and the placeholders. */
function declarationSources(root) {
  const toolsDir = join(root, 'src/tools');
  const toolFiles = readdirSync(toolsDir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(toolsDir, d.name, 'tool.ts')))
    .map((d) => join(toolsDir, d.name, 'tool.ts'));
  return [...toolFiles, join(root, 'src/app/placeholders.ts')].map((f) => readFileSync(f, 'utf8'));
}

/** The next free place in a sidebar group, read from the `groups: { id: n }` of every declaration. */
function nextPlace(root, group) {
  const groupsSource = readFileSync(join(root, 'src/app/groups.ts'), 'utf8');
  const ids = [...groupsSource.matchAll(/id: '([a-z0-9-]+)'/g)].map((m) => m[1]);
  if (!ids.includes(group)) throw new ScaffoldError(`Unknown group "${group}". Groups: ${ids.join(', ')}.`);
  const places = declarationSources(root)
    .flatMap((source) => [...source.matchAll(/groups: \{([^}]*)\}/g)])
    .flatMap((m) => [...m[1].matchAll(/([a-z0-9]+): (\d+)/g)])
    .filter((m) => m[1] === group)
    .map((m) => Number(m[2]));
  return Math.max(0, ...places) + 1;
}

function names(args) {
  const { name } = args;
  if (!NAME.test(name) || name.length > 40) {
    throw new ScaffoldError(`"${name}" is not a tool name: use lower-case words joined by "-" (e.g. word-counter).`);
  }
  const camel = words(name)
    .map((w, i) => (i ? capitalise(w) : w))
    .join('');
  const pascal = capitalise(camel);
  return {
    name,
    title: words(name).map(capitalise).join(' '),
    ident: camel,
    component: `${pascal}Page`,
    store: `use${pascal}Store`,
    group: args.group,
    place: args.group ? nextPlace(args.root, args.group) : undefined,
  };
}

/** Adds the import and the list entry to src/tools/index.ts; refuses when its shape is unexpected. */
function register(indexSource, { name, ident }) {
  const lines = indexSource.split('\n');
  const lastImport = lines.findLastIndex((l) => l.startsWith('import { tool as '));
  const listEnd = lines.findIndex((l) => l.startsWith('] as const satisfies'));
  if (lastImport < 0 || listEnd < lastImport) {
    throw new ScaffoldError(
      'src/tools/index.ts lacks "import { tool as ... }" lines followed by "] as const satisfies".',
    );
  }
  if (lines.some((l) => l.includes(`import { tool as ${ident} }`))) {
    throw new ScaffoldError(`src/tools/index.ts already imports a tool as "${ident}".`);
  }
  lines.splice(listEnd, 0, `  ${ident},`);
  lines.splice(lastImport + 1, 0, `import { tool as ${ident} } from './${name}/tool';`);
  return lines.join('\n');
}

export function scaffold(args) {
  const n = names(args);
  const { root } = args;
  const folder = join(root, 'src/tools', n.name);
  const files = {
    [join(folder, 'tool.ts')]: templates.toolTs(n),
    [join(folder, 'Page.tsx')]: templates.pageTsx(n),
    [join(folder, 'store.ts')]: templates.storeTs(n),
    [join(folder, 'logic.ts')]: templates.logicTs(n),
    [join(folder, 'logic.test.ts')]: templates.logicTestTs(n),
    [join(root, 'tests/e2e', `${n.name}.e2e.test.ts`)]: templates.e2eTestTs(n),
    [join(root, 'docs', `${n.name}.md`)]: templates.docsMd(n),
  };
  if (existsSync(folder)) throw new ScaffoldError(`src/tools/${n.name} already exists.`);
  for (const f of Object.keys(files)) {
    if (existsSync(f)) throw new ScaffoldError(`${relative(root, f)} already exists.`);
  }
  if (declarationSources(root).some((s) => s.includes(`path: '/${n.name}'`))) {
    throw new ScaffoldError(`The route /${n.name} is already declared.`);
  }
  const indexPath = join(root, 'src/tools/index.ts');
  const index = register(readFileSync(indexPath, 'utf8'), n); // before writing anything

  mkdirSync(folder);
  for (const [f, content] of Object.entries(files)) writeFileSync(f, content);
  writeFileSync(indexPath, index);
  return { ...n, files: [...Object.keys(files), indexPath].map((f) => relative(root, f)) };
}

function main() {
  try {
    const made = scaffold(parseArgs(process.argv.slice(2)));
    console.log(`Created ${made.title} at /${made.name}:`);
    for (const f of made.files) console.log(`  ${f}`);
    const fields = `description, keywords, icon${made.group ? '' : ', groups'}`;
    console.log(`Next: fill in src/tools/${made.name}/tool.ts (${fields}),`);
    console.log(`then the page, logic and tests; \`npm run dev\` shows it at /${made.name}.`);
  } catch (e) {
    if (!(e instanceof ScaffoldError)) throw e;
    console.error(`new-tool: ${e.message}`);
    process.exit(1);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
