/**
 * Node loader: reads build/wasm/<name>.wasm. Used by the server, tests and benchmarks; it lives
 * here rather than in src/core because it needs node:fs.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { instantiateKernel, type KernelExports } from '../src/core/wasm/instantiate';

/** Finds build/wasm by walking up from this file (works from server/ and from the bundled dist/). */
export function wasmDir(): string {
  if (process.env.BITSMITH_WASM_DIR) return process.env.BITSMITH_WASM_DIR;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, 'build', 'wasm');
    if (existsSync(candidate)) return candidate;
    const parent = dirname(dir);
    if (parent === dir) throw new Error('build/wasm not found: run `npm run build:wasm` first.');
    dir = parent;
  }
}

const cache = new Map<string, Promise<KernelExports>>();

/** Instantiates build/wasm/<name>.wasm once per process and returns the cached instance. */
export function loadKernel<E extends KernelExports>(name: string): Promise<E> {
  let p = cache.get(name);
  if (!p) {
    p = instantiateKernel<E>(readFileSync(join(wasmDir(), `${name}.wasm`)));
    cache.set(name, p);
  }
  return p as Promise<E>;
}

/** A fresh, uncached instance (for tests that need isolated memory). */
export function loadFreshKernel<E extends KernelExports>(name: string): Promise<E> {
  return instantiateKernel<E>(readFileSync(join(wasmDir(), `${name}.wasm`)));
}
