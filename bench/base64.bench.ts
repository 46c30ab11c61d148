/**
 * Base64 kernel in Node: WASM SIMD128 encode / validating decode against Node's Buffer and
 * against a plain memory copy of the same size (the ceiling for any pass over the data).
 * "kernel" cases run on data already in linear memory; "wrapper" cases include copying in and out.
 */
import { randomFillSync } from 'node:crypto';
import { defineSuite } from './harness';
import { loadFreshKernel } from '../src/core/wasm/node';
import { FINAL, decodeBytes, encodeBytes, type Base64Exports } from '../src/core/base64/kernel';

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

    return [
      {
        name: `encode ${n >> 20} MiB`,
        baseline: 'memcpy (TypedArray.set)',
        cases: [
          { name: 'memcpy (TypedArray.set)', bytes: n, run: () => copyDst.set(data) },
          { name: 'wasm simd encode (kernel)', bytes: n, run: () => kernel.encode(base, n, encAt, FINAL) },
          { name: 'wasm simd encode (copy in + out)', bytes: n, run: () => encodeBytes(kernel, data) },
          { name: "Buffer.toString('base64')", bytes: n, run: () => Buffer.from(data.buffer).toString('base64') },
        ],
      },
      {
        name: `decode ${m >> 20} MiB of Base64`,
        baseline: 'memcpy (TypedArray.set)',
        cases: [
          { name: 'memcpy (TypedArray.set)', bytes: m, run: () => copyDst.set(ascii) },
          {
            name: 'wasm simd validating decode (kernel)',
            bytes: m,
            run: () => {
              if (kernel.decode(encAt, m, decAt, FINAL) !== n) throw new Error('decode failed');
            },
          },
          { name: 'wasm simd decode (copy in + out, whitespace strip)', bytes: m, run: () => decodeBytes(kernel, ascii) },
          { name: "Buffer.from(string, 'base64')", bytes: m, run: () => Buffer.from(text, 'base64') },
        ],
      },
    ];
  },
});
