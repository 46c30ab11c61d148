/**
 * The WASM matrix derivation written again in TypeScript (three u32 lanes per value), as the
 * benchmark's "same algorithm in TS" baseline. Same output layout as deriveMatrices.
 */
import type { CrcMatrices } from '../../src/core/crc/kernel';

type Lanes = [number, number, number];

export function deriveMatricesTs(width: number, poly: bigint, dataWidth: number): CrcMatrices {
  const p: Lanes = [
    Number(poly & 0xffffffffn),
    Number((poly >> 32n) & 0xffffffffn),
    Number((poly >> 64n) & 0xffffffffn),
  ];
  const laneMask = (lane: number) => {
    const bits = Math.min(32, Math.max(0, width - lane * 32));
    return bits === 32 ? 0xffffffff : (1 << bits) - 1;
  };
  const m: Lanes = [laneMask(0), laneMask(1), laneMask(2)];
  const topLane = (width - 1) >>> 5;
  const topShift = (width - 1) & 31;
  const cols = new Uint32Array((width + dataWidth) * 4);
  let r0 = 1,
    r1 = 0,
    r2 = 0;
  const put = (c: number) => {
    cols[c << 2] = r0;
    cols[(c << 2) + 1] = r1;
    cols[(c << 2) + 2] = r2;
  };
  for (let n = 0; n < width + dataWidth; n++) {
    if (n >= dataWidth && n - dataWidth < width) put(n - dataWidth);
    if (n >= width) put(n);
    const fb = ((topLane === 0 ? r0 : topLane === 1 ? r1 : r2) >>> topShift) & 1;
    r2 = ((r2 << 1) | (r1 >>> 31)) & m[2];
    r1 = ((r1 << 1) | (r0 >>> 31)) & m[1];
    r0 = (r0 << 1) & m[0];
    if (fb) {
      r0 ^= p[0];
      r1 ^= p[1];
      r2 ^= p[2];
    }
    r0 >>>= 0;
    r1 >>>= 0;
    r2 >>>= 0;
  }
  return { width, dataWidth, cols };
}
