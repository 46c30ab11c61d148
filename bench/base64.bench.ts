/**
 * Base64 kernel in Node: WASM SIMD128 encode / validating decode against Node's Buffer and
 * against a plain memory copy of the same size (the ceiling for any pass over the data).
 * "kernel" cases run on data already in linear memory; "wrapper" cases include copying in and out.
 */
import { randomFillSync } from 'node:crypto';
import { defineSuite, type BenchCase } from './harness';
import { loadFreshKernel } from '../server/wasm';
import { FINAL, decodeBytes, encodeBytes, type Base64Exports } from '../src/core/base64/kernel';

/**
 * Each sample is the best of `inner` back-to-back runs: the machine is shared, and bursts of other
 * work would otherwise decide the ratios more than the code does.
 */
function bestOf(name: string, bytes: number, run: () => unknown, inner: number): BenchCase {
  return {
    name,
    bytes,
    async measure(samples) {
      run(); // warm-up: JIT tiers, page faults
      const out: number[] = [];
      for (let s = 0; s < samples; s++) {
        let best = Infinity;
        for (let k = 0; k < inner; k++) {
          const t0 = performance.now();
          run();
          best = Math.min(best, performance.now() - t0);
        }
        out.push(best);
      }
      return out;
    },
  };
}

export default defineSuite({
  name: 'base64',
  async groups({ quick }) {
    const kernel = await loadFreshKernel<Base64Exports>('base64');
    const n = quick ? 12 << 20 : 96 << 20; // multiple of 3
    const data = randomFillSync(new Uint8Array(n));
    const text = Buffer.from(data).toString('base64');
    const ascii = new Uint8Array(Buffer.from(text, 'latin1'));
    const m = ascii.length;

    // One region: [data | encoded | decoded], written once; the kernel cases reuse it.
    const base = kernel.reserve(n + m + n + 64);
    const encAt = base + n;
    const decAt = encAt + m + 16;
    new Uint8Array(kernel.memory.buffer, base, n).set(data);
    kernel.encode(base, n, encAt, FINAL);
    const copyDst = new Uint8Array(m);
    const inner = quick ? 5 : 3;

    return [
      {
        name: `encode ${n >> 20} MiB`,
        baseline: 'memcpy (TypedArray.set)',
        cases: [
          bestOf('memcpy (TypedArray.set)', n, () => copyDst.set(data), inner),
          bestOf('wasm simd encode (kernel)', n, () => kernel.encode(base, n, encAt, FINAL), inner),
          bestOf('wasm simd encode (copy in + out)', n, () => encodeBytes(kernel, data), inner),
          bestOf("Buffer.toString('base64')", n, () => Buffer.from(data.buffer).toString('base64'), inner),
        ],
      },
      {
        name: `decode ${m >> 20} MiB of Base64`,
        baseline: 'memcpy (TypedArray.set)',
        cases: [
          bestOf('memcpy (TypedArray.set)', m, () => copyDst.set(ascii), inner),
          bestOf(
            'wasm simd validating decode (kernel)',
            m,
            () => {
              if (kernel.decode(encAt, m, decAt, FINAL) !== n) throw new Error('decode failed');
            },
            inner,
          ),
          bestOf('wasm simd decode (copy in + out, whitespace strip)', m, () => decodeBytes(kernel, ascii), inner),
          bestOf("Buffer.from(string, 'base64')", m, () => Buffer.from(text, 'base64'), inner),
        ],
      },
    ];
  },
});
