/** CRC-32 of a byte buffer: WASM slicing-by-8 kernel vs a bit-serial TypeScript loop and Node's zlib. */
import { crc32 as zlibCrc32 } from 'node:zlib';
import { randomFillSync } from 'node:crypto';
import { defineSuite } from './harness';
import { loadKernel } from '../server/wasm';
import { crc32, crc32Reference, type Crc32Exports } from '../src/core/crc/crc32';

export default defineSuite({
  name: 'crc32',
  async groups({ quick }) {
    const kernel = await loadKernel<Crc32Exports>('crc');
    const size = quick ? 4 << 20 : 64 << 20;
    const data = randomFillSync(new Uint8Array(size));
    const small = data.subarray(0, quick ? 256 << 10 : 4 << 20);
    const cases = [
      { name: 'wasm slicing-by-8', bytes: size, run: () => crc32(kernel, data) },
      ...(typeof zlibCrc32 === 'function'
        ? [{ name: 'node zlib.crc32', bytes: size, run: () => zlibCrc32(data) }]
        : []),
      { name: 'ts bit-serial', bytes: small.length, run: () => crc32Reference(small) },
    ];
    return [{ name: `crc32 ${size >> 20} MiB`, baseline: 'ts bit-serial', cases }];
  },
});
