/**
 * Relaxed SIMD: a module whose source uses ASC_FEATURE_RELAXED_SIMD is also built as
 * build/wasm/<name>.relaxed.wasm (scripts/build.mjs), for engines that compile relaxed SIMD
 * (Chromium 114+, Firefox 120+, Node 22+; Node 20 behind a V8 flag that server/wasm.ts sets).
 * Other engines (Safari) get <name>.wasm, plain SIMD, with the same results.
 */

/** (func (param v128 v128) (result v128) local.get 0 local.get 1 i8x16.relaxed_swizzle) */
const PROBE = Uint8Array.of(
  ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00], // "\0asm", version 1
  ...[0x01, 0x07, 0x01, 0x60, 0x02, 0x7b, 0x7b, 0x01, 0x7b], // type: (v128, v128) -> v128
  ...[0x03, 0x02, 0x01, 0x00], // one function of that type
  ...[0x0a, 0x0b, 0x01, 0x09, 0x00, 0x20, 0x00, 0x20, 0x01, 0xfd, 0x80, 0x02, 0x0b], // its body
);

/** True when this engine compiles relaxed SIMD instructions. */
export function relaxedSimdSupported(): boolean {
  try {
    return WebAssembly.validate(PROBE);
  } catch {
    return false;
  }
}

/** The file of a module's build for this engine: `relaxed` is that module's relaxed build, if it has one. */
export function kernelBuild<T>(plain: T, relaxed?: T): T {
  return relaxed !== undefined && relaxedSimdSupported() ? relaxed : plain;
}
