#!/usr/bin/env node
// The whole suite: system-tool check, build (if stale), type check, then Vitest (unit, WASM,
// server over HTTP, HDL simulation, Chromium e2e). Extra arguments go to Vitest.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { missingSystemTools, installHint } from './system-tools.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const step = (label, cmd, args) => {
  console.log(`\n[test] ${label}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

const missing = missingSystemTools();
if (missing.length) {
  const msg = `[test] missing system packages: ${missing.map((t) => t.pkg).join(', ')}.\n       Install them with: ${installHint(missing)}`;
  if (process.env.CI === 'true') {
    console.error(`${msg}\n[test] CI=true: missing tools are a failure.`);
    process.exit(1);
  }
  console.warn(`${msg}\n[test] The suites that need them will be reported as skipped.`);
}

step('build (what is stale)', process.execPath, ['scripts/build.mjs', '--if-stale']);
step('type check (every tsconfig project)', process.execPath, ['node_modules/typescript/bin/tsc', '-b']);
step('vitest', process.execPath, ['node_modules/vitest/vitest.mjs', 'run', ...process.argv.slice(2)]);
