#!/usr/bin/env node
// Builds BitSmith: WASM kernels (assembly/*.ts -> build/wasm), the client (Vite -> dist/client)
// the server (esbuild -> dist/server) and the bitsmith command (esbuild -> dist/cli, with the WASM
// modules it uses copied to dist/cli/wasm). `--if-stale` skips a step whose outputs are newer than
// its inputs (`--stale` lists those steps without running them); `--only wasm|client|server|cli`
// runs one step; `--module NAME` builds one WASM module.
// A WASM module that fails to compile does not stop the others; the build still exits non-zero.
import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const listStale = args.includes('--stale');
const ifStale = listStale || args.includes('--if-stale');
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
const bin = (name) => join(root, 'node_modules', '.bin', name);

/** Newest modification time below the given paths (files or folders). */
function newest(paths) {
  let t = 0;
  for (const p of paths) {
    const full = join(root, p);
    if (!existsSync(full)) continue;
    const st = statSync(full);
    if (st.isDirectory()) {
      for (const e of readdirSync(full)) t = Math.max(t, newest([join(p, e)]));
    } else t = Math.max(t, st.mtimeMs);
  }
  return t;
}

function oldest(paths) {
  let t = Infinity;
  for (const p of paths) t = existsSync(join(root, p)) ? Math.min(t, statSync(join(root, p)).mtimeMs) : -1;
  return t;
}

function run(cmd, cmdArgs) {
  execFileSync(cmd, cmdArgs, { cwd: root, stdio: 'inherit' });
}

const onlyModule = args.includes('--module') ? args[args.indexOf('--module') + 1] : undefined;
const wasmModules = readdirSync(join(root, 'assembly'))
  .filter((f) => f.endsWith('.ts'))
  .map((f) => f.slice(0, -3))
  .filter((m) => !onlyModule || m === onlyModule);
/**
 * Each module's builds: <name>.wasm (plain SIMD) and, for a module whose source asks
 * ASC_FEATURE_RELAXED_SIMD, <name>.relaxed.wasm too (see src/core/wasm/relaxed-simd.ts).
 */
const wasmBuilds = wasmModules.flatMap((m) => [
  { module: m, file: `${m}.wasm`, enable: [] },
  ...(readFileSync(join(root, `assembly/${m}.ts`), 'utf8').includes('ASC_FEATURE_RELAXED_SIMD')
    ? [{ module: m, file: `${m}.relaxed.wasm`, enable: ['--enable', 'relaxed-simd'] }]
    : []),
]);

/**
 * The files esbuild bundled into the bitsmith command at its last build (its metafile), outside
 * node_modules (package.json stands for those): cli/ imports server/routes and src/tools too, which
 * a list by hand missed until 2026-12-01, so a change there left dist/cli stale.
 */
const CLI_META = 'build/cli-meta.json';
function bundledInputs(meta) {
  if (!existsSync(join(root, meta))) return [];
  const { inputs } = JSON.parse(readFileSync(join(root, meta), 'utf8'));
  return Object.keys(inputs).filter((p) => !p.split('/').includes('node_modules'));
}

/** The WASM builds the bitsmith command loads (cli/io.ts finds them in dist/cli/wasm). */
const CLI_WASM = ['crc', 'crcid', 'base64', 'base64.relaxed', 'json', 'subnet'];

const steps = {
  wasm: {
    inputs: ['assembly', 'asconfig.json'],
    outputs: wasmBuilds.map((b) => `build/wasm/${b.file}`),
    build() {
      mkdirSync(join(root, 'build/wasm'), { recursive: true });
      const failed = [];
      for (const { module: m, file, enable } of wasmBuilds) {
        try {
          run(bin('asc'), [
            `assembly/${m}.ts`,
            '--config',
            'asconfig.json',
            '--target',
            'release',
            ...enable,
            '--outFile',
            `build/wasm/${file}`,
          ]);
        } catch {
          failed.push(file);
        }
      }
      if (failed.length) throw new Error(`WASM modules failed to compile: ${failed.join(', ')}`);
    },
  },
  client: {
    inputs: ['src', 'build/wasm', 'index.html', 'public', 'vite.config.ts', 'package.json'],
    outputs: ['dist/client/index.html'],
    build: () => {
      // vite.config.ts reads the page declarations (routes.json) through Vite's bundling config
      // loader, which resolves extension-less TypeScript imports; the warning is about a future default.
      process.env.VITE_CONFIG_NATIVE_IGNORE_WARNING = 'true';
      run(bin('vite'), ['build', '--logLevel', 'warn']);
    },
  },
  server: {
    inputs: ['server', 'src/core', 'package.json'],
    outputs: [
      'dist/server/index.mjs',
      'dist/server/hdl-worker.mjs',
      'dist/server/integrity-worker.mjs',
      'dist/server/sqlite-thread.mjs',
    ],
    build: () =>
      run(bin('esbuild'), [
        'server/index.ts',
        // The HDL generation pool's thread (server/services/hdl-pool.ts loads it beside index.mjs).
        'server/services/hdl-worker.ts',
        // PRAGMA quick_check on its own connection (server/store/sqlite/integrity.ts).
        'server/store/sqlite/integrity-worker.ts',
        // The thread that owns the embedded database (server/store/sqlite/client.ts).
        'sqlite-thread=server/store/sqlite/thread.ts',
        '--bundle',
        '--platform=node',
        '--format=esm',
        '--target=node20',
        '--packages=external',
        '--outdir=dist/server',
        '--entry-names=[name]',
        '--out-extension:.js=.mjs',
        '--log-level=warning',
      ]),
  },
  cli: {
    inputs: ['cli', 'src/core', 'package.json', 'build/wasm', ...bundledInputs(CLI_META)],
    outputs: [
      'dist/cli/bitsmith.cjs',
      'dist/cli/bitsmith.mjs',
      'dist/cli/crc-part-worker.mjs',
      ...CLI_WASM.map((m) => `dist/cli/wasm/${m}.wasm`),
    ],
    build: () => {
      rmSync(join(root, 'dist/cli'), { recursive: true, force: true });
      run(bin('esbuild'), [
        'cli/bitsmith.ts',
        // The helper thread of crc check on a large file.
        'cli/crc-part-worker.ts',
        // Everything bundled (commander, yaml, zod): the npm package has no dependencies. Each
        // command's module is its own chunk, loaded when the command runs.
        '--bundle',
        '--splitting',
        '--platform=node',
        '--format=esm',
        '--target=node20',
        '--outdir=dist/cli',
        '--entry-names=[name]',
        '--chunk-names=chunks/[name]-[hash]',
        `--metafile=${CLI_META}`,
        '--out-extension:.js=.mjs',
        // CommonJS packages inside an ES module bundle call require() for Node's built-ins.
        "--banner:js=#!/usr/bin/env node\nimport { createRequire as __bitsmithRequire } from 'node:module'; const require = __bitsmithRequire(import.meta.url);",
        '--log-level=warning',
      ]);
      // The entry (package.json bin): CommonJS, run before the bundle loads (see the file).
      copyFileSync(join(root, 'cli/bitsmith.cjs'), join(root, 'dist/cli/bitsmith.cjs'));
      chmodSync(join(root, 'dist/cli/bitsmith.cjs'), 0o755);
      mkdirSync(join(root, 'dist/cli/wasm'), { recursive: true });
      for (const m of CLI_WASM) copyFileSync(join(root, `build/wasm/${m}.wasm`), join(root, `dist/cli/wasm/${m}.wasm`));
    },
  },
};

for (const [name, step] of Object.entries(steps)) {
  if ((only && only !== name) || (onlyModule && name !== 'wasm')) continue;
  if (ifStale && oldest(step.outputs) > newest(step.inputs)) continue;
  if (listStale) {
    console.log(`[build] ${name} is stale`);
    continue;
  }
  const started = Date.now();
  console.log(`[build] ${name} ...`);
  step.build();
  console.log(
    `[build] ${name} done in ${Date.now() - started} ms (${step.outputs.map((o) => relative('.', o)).join(', ')})`,
  );
}
