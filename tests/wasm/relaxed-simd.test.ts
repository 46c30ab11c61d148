/**
 * The relaxed SIMD builds (src/core/wasm/relaxed-simd.ts): base64 has one, the Node loader picks
 * it (setting Node 20's V8 flag), and it really differs from the plain build in its look-ups.
 * Its results are checked against Node's Buffer with the plain build's in src/core/base64/kernel.test.ts.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { kernelBuildPath, loadFreshKernel, wasmDir } from '../../server/wasm';
import { kernelBuild, relaxedSimdSupported } from '../../src/core/wasm/relaxed-simd';
import { decodeBytes, encodeBytes, type Base64Exports } from '../../src/core/base64/kernel';

const plain = (name: string) => join(wasmDir(), `${name}.wasm`);
/** i8x16.relaxed_swizzle: the SIMD prefix and opcode 0x100 as LEB128. */
const RELAXED_SWIZZLE = Buffer.from([0xfd, 0x80, 0x02]);

describe('relaxed SIMD builds', () => {
  it('the Node loader picks base64.relaxed.wasm and this Node compiles it', async () => {
    expect(kernelBuildPath(plain('base64'))).toBe(join(wasmDir(), 'base64.relaxed.wasm'));
    expect(relaxedSimdSupported()).toBe(true);
    const kernel = await loadFreshKernel<Base64Exports>('base64');
    const text = 'QmFzZTY0IGluIFdlYkFzc2VtYmx5IFNJTUQsIHJlbGF4ZWQgb3Igbm90Lg==';
    expect(new TextDecoder().decode(encodeBytes(kernel, decodeBytes(kernel, new TextEncoder().encode(text))))).toBe(
      text,
    );
  });

  it('a module without a relaxed build, or a caller asking for plain SIMD, gets <name>.wasm', () => {
    expect(kernelBuildPath(plain('crc'))).toBe(plain('crc'));
    expect(kernelBuildPath(plain('base64'), 'simd')).toBe(plain('base64'));
  });

  it('the relaxed build looks up with i8x16.relaxed_swizzle, the plain build never does', () => {
    expect(readFileSync(join(wasmDir(), 'base64.relaxed.wasm')).includes(RELAXED_SWIZZLE)).toBe(true);
    expect(readFileSync(plain('base64')).includes(RELAXED_SWIZZLE)).toBe(false);
  });

  it('a page picks the relaxed build only where there is one and the engine compiles it', () => {
    expect(kernelBuild('base64.wasm', 'base64.relaxed.wasm')).toBe('base64.relaxed.wasm');
    expect(kernelBuild('crc.wasm')).toBe('crc.wasm');
  });

  it('an engine without relaxed SIMD (Safari; here Node with it switched off) gets the plain build', () => {
    const script = `
      import { kernelBuild, relaxedSimdSupported } from './src/core/wasm/relaxed-simd.ts';
      console.log(relaxedSimdSupported(), kernelBuild('base64.wasm', 'base64.relaxed.wasm'));`;
    const r = spawnSync(
      process.execPath,
      ['--no-experimental-wasm-relaxed-simd', '--import', 'tsx', '--input-type=module', '-e', script],
      { cwd: join(import.meta.dirname, '../..'), encoding: 'utf8' },
    );
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe('false base64.wasm\n');
  });
});
