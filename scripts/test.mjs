#!/usr/bin/env node
// Runs the tests: `node scripts/test.mjs [unit|tooling|server|hdl|e2e] [vitest arguments]`.
// Without a loop name, the whole suite: system-tool check, build (what is stale), type check, lint and format check, then
// every Vitest project. With one, only what that loop needs: its system tools, its build outputs
// (if stale) and its Vitest project; no type check or lint, so the loop stays quick.
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { missingSystemTools, installHint } from './system-tools.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

/** What each loop (a Vitest project in vitest.config.ts) needs before it runs. */
const loops = {
  unit: { tools: [], build: ['--only', 'wasm'] },
  tooling: { tools: ['jq'], build: [] },
  // tests/server/hdl-api.test.ts simulates designs POST /api/hdl/* answers.
  server: { tools: ['iverilog', 'ghdl'], build: [] },
  hdl: {
    tools: ['iverilog', 'ghdl', 'yosys', 'gcc', 'rustc', 'clippy-driver', 'rustfmt', 'python3'],
    build: ['--only', 'wasm'],
  },
  e2e: { tools: ['chromium', 'iverilog', 'ghdl', 'gcc', 'python3'], build: [] },
};

const [first, ...rest] = process.argv.slice(2);
const loop = first in loops ? first : undefined;
const vitestArgs = loop ? ['--project', loop, ...rest] : process.argv.slice(2);

const step = (label, cmd, args) => {
  console.log(`\n[test] ${label}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

const missing = missingSystemTools(loop ? loops[loop].tools : undefined);
if (missing.length) {
  const msg = `[test] missing system packages: ${missing.map((t) => t.pkg).join(', ')}.\n       Install them with: ${installHint(missing)}`;
  if (process.env.CI === 'true') {
    console.error(`${msg}\n[test] CI=true: missing tools are a failure.`);
    process.exit(1);
  }
  console.warn(`${msg}\n[test] The suites that need them will be reported as skipped.`);
}

step('build (what is stale)', process.execPath, [
  'scripts/build.mjs',
  '--if-stale',
  ...(loop ? loops[loop].build : []),
]);

/** Runs the steps at once (each leaves a core mostly idle) and prints each one's output whole. */
async function steps(list) {
  const results = await Promise.all(
    list.map(
      ([label, cmd, args]) =>
        new Promise((resolve) => {
          const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
          const out = [];
          child.stdout.on('data', (d) => out.push(d));
          child.stderr.on('data', (d) => out.push(d));
          child.on('close', (status) => resolve({ label, status, text: Buffer.concat(out).toString() }));
        }),
    ),
  );
  for (const { label, status, text } of results) console.log(`\n[test] ${label}${status ? ' FAILED' : ''}\n${text}`);
  const failed = results.find((r) => r.status !== 0);
  if (failed) process.exit(failed.status ?? 1);
}

if (!loop)
  await steps([
    ['type check', 'npm', ['run', '--silent', 'typecheck']],
    ['lint and format check (zero warnings)', 'npm', ['run', '--silent', 'lint']],
  ]);
step('vitest', process.execPath, ['node_modules/vitest/vitest.mjs', 'run', ...vitestArgs]);
