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

/** Runs a Node script with the output shown; its exit status. */
const run = (label, args) => {
  console.log(`\n[test] ${label}`);
  return spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' }).status ?? 1;
};

const step = (label, args) => {
  const status = run(label, args);
  if (status !== 0) process.exit(status);
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

step('build (what is stale)', ['scripts/build.mjs', '--if-stale', ...(loop ? loops[loop].build : [])]);

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
/**
 * Files that run after the rest, alone: their service worker takeovers timed out in clean-clone CI
 * runs beside the other projects (a load average of 12 on two cores, 2026-12-02), never alone; a
 * user's browser does not share its machine with a test suite.
 */
const ALONE = ['tests/e2e/offline.e2e.test.ts'];

const vitest = ['node_modules/vitest/vitest.mjs', 'run'];
if (process.argv.length > 2) {
  step('vitest', [...vitest, ...vitestArgs]);
} else {
  // Both runs go ahead, so one run's failure does not hide the other's.
  const status = [
    run('vitest', [...vitest, ...ALONE.flatMap((file) => ['--exclude', file])]),
    run(`vitest, alone: ${ALONE.join(', ')}`, [...vitest, '--project', 'e2e', ...ALONE]),
  ].find((s) => s !== 0);
  if (status !== undefined) process.exit(status);
}
