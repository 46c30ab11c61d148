/**
 * `scripts/build.mjs --if-stale` (every test loop runs it) rebuilds the bitsmith command when a
 * file it bundles changed. Until 2026-12-01 the command's inputs were listed by hand as cli/ and
 * src/core/: a change to server/routes/hdl-schemas.ts (the schema of `--config`) or
 * src/tools/uart/logic.ts left dist/cli stale, and the CLI tests ran the old command.
 */
import { spawnSync } from 'node:child_process';
import { statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
const built = join(root, 'dist/cli/bitsmith.mjs');

/** What `--if-stale` would build, without building (the CLI tests beside this one run dist/cli). */
const staleSteps = () =>
  spawnSync(process.execPath, ['scripts/build.mjs', '--stale', '--only', 'cli'], { cwd: root, encoding: 'utf8' });

describe('build --if-stale (seen with --stale)', () => {
  it.each(['server/routes/hdl-schemas.ts', 'src/tools/uart/logic.ts'])(
    'finds the bitsmith command when %s, which it bundles, is newer',
    (file) => {
      // The file "changed" after the build: its content is the same, its time one second past the
      // output's; its own time is put back after.
      const path = join(root, file);
      const { atime, mtime } = statSync(path);
      const changed = new Date(statSync(built).mtimeMs + 1000);
      utimesSync(path, changed, changed);
      try {
        const r = staleSteps();
        expect(r.status, r.stderr).toBe(0);
        expect(r.stdout).toBe('[build] cli is stale\n');
      } finally {
        utimesSync(path, atime, mtime);
      }
    },
  );
});
