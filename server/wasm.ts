/**
 * Node loader: reads build/wasm/<name>.wasm. Used by the server, tests and benchmarks; it lives
 * here rather than in src/core because it needs node:fs.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { instantiateKernel, type KernelExports } from '../src/core/wasm/instantiate';
import { relaxedSimdSupported } from '../src/core/wasm/relaxed-simd';

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

/**
 * Node 20 compiles relaxed SIMD only behind a V8 flag (Node 22 does by default). V8 reads it at
 * each compile, so setting it before the first relaxed module is compiled is enough.
 */
function enableRelaxedSimd(): boolean {
  if (!relaxedSimdSupported()) setFlagsFromString('--experimental-wasm-relaxed-simd');
  return relaxedSimdSupported();
}

/** Which build of a module to load: the relaxed SIMD one where it exists and compiles, or plain SIMD. */
export type KernelBuild = 'best' | 'simd' | 'relaxed-simd';

/** The file of `<name>.wasm`'s build (see src/core/wasm/relaxed-simd.ts). */
export function kernelBuildPath(plainPath: string, build: KernelBuild = 'best'): string {
  const relaxedPath = plainPath.replace(/\.wasm$/, '.relaxed.wasm');
  if (build === 'simd' || (build === 'best' && !existsSync(relaxedPath))) return plainPath;
  if (enableRelaxedSimd()) return relaxedPath;
  if (build === 'best') return plainPath;
  throw new Error('This Node.js does not compile relaxed SIMD');
}

const cache = new Map<string, Promise<KernelExports>>();

/** Instantiates build/wasm/<name>.wasm once per process and returns the cached instance. */
export function loadKernel<E extends KernelExports>(name: string): Promise<E> {
  let p = cache.get(name);
  if (!p) {
    p = instantiateKernel<E>(readFileSync(kernelBuildPath(join(wasmDir(), `${name}.wasm`))));
    cache.set(name, p);
  }
  return p as Promise<E>;
}

/** A fresh, uncached instance (for tests that need isolated memory, or one build in particular). */
export function loadFreshKernel<E extends KernelExports>(name: string, build: KernelBuild = 'best'): Promise<E> {
  return instantiateKernel<E>(readFileSync(kernelBuildPath(join(wasmDir(), `${name}.wasm`), build)));
}
