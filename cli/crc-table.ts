/**
 * A table-driven CRC for `crc check` of any catalogue algorithm: slicing-by-8 over 32-bit words, the
 * register in one 32-bit number up to width 32 and in two halves up to 64. The core's general WASM CRC
 * (computeCrc) is bit-serial, about 8 MB/s: meant for check values, not for files.
 * Reflected algorithms keep the register reflected (low bits first); the others keep it
 * left-aligned in 32 (or 64) bits, so one table shape serves every width.
 */
import { mask, reflect, type CrcParams } from '../src/core/crc/params';

type Tables = Int32Array[];
type Tables8 = [Int32Array, Int32Array, Int32Array, Int32Array, Int32Array, Int32Array, Int32Array, Int32Array];

const bswap = (v: number) => (v << 24) | ((v & 0xff00) << 8) | ((v >>> 8) & 0xff00) | (v >>> 24);

/** Tables k = 0..7: the register change of one byte followed by k zero bytes. */
function tables32(p: CrcParams): Tables {
  const t: Tables = Array.from({ length: 8 }, () => new Int32Array(256));
  const t0 = t[0]!;
  if (p.refin) {
    const r = Number(reflect(p.poly, p.width));
    for (let i = 0; i < 256; i++) {
      let c = i;
      for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ r : c >>> 1;
      t0[i] = c;
    }
    for (let k = 1; k < 8; k++)
      for (let i = 0; i < 256; i++) {
        const prev = t[k - 1]![i]!;
        t[k]![i] = (prev >>> 8) ^ t0[prev & 255]!;
      }
  } else {
    const poly = Number((p.poly << BigInt(32 - p.width)) & 0xffffffffn) | 0;
    for (let i = 0; i < 256; i++) {
      let c = i << 24;
      for (let k = 0; k < 8; k++) c = c & 0x80000000 ? (c << 1) ^ poly : c << 1;
      t0[i] = c;
    }
    for (let k = 1; k < 8; k++)
      for (let i = 0; i < 256; i++) {
        const prev = t[k - 1]![i]!;
        t[k]![i] = (prev << 8) ^ t0[prev >>> 24]!;
      }
  }
  return t;
}

/** Reflected register, up to 32 bits: 8 bytes per step from two little-endian words. */
function updateReflected(t: Tables, c: number, b: Uint8Array): number {
  const [t0, t1, t2, t3, t4, t5, t6, t7] = t as [
    Int32Array,
    Int32Array,
    Int32Array,
    Int32Array,
    Int32Array,
    Int32Array,
    Int32Array,
    Int32Array,
  ];
  let i = 0;
  while (i < b.length && (b.byteOffset + i) & 3) c = (c >>> 8) ^ t0[(c ^ b[i++]!) & 255]!;
  const words = (b.length - i) >> 3;
  if (words) {
    const w = new Int32Array(b.buffer, b.byteOffset + i, words * 2);
    for (let k = 0; k < w.length; k += 2) {
      const x = c ^ w[k]!;
      const y = w[k + 1]!;
      c =
        t7[x & 255]! ^
        t6[(x >>> 8) & 255]! ^
        t5[(x >>> 16) & 255]! ^
        t4[x >>> 24]! ^
        t3[y & 255]! ^
        t2[(y >>> 8) & 255]! ^
        t1[(y >>> 16) & 255]! ^
        t0[y >>> 24]!;
    }
    i += words * 8;
  }
  while (i < b.length) c = (c >>> 8) ^ t0[(c ^ b[i++]!) & 255]!;
  return c;
}

/** Left-aligned register, up to 32 bits: 8 bytes per step (the little-endian words read back to front). */
function updateAligned(t: Tables, c: number, b: Uint8Array): number {
  const [t0, t1, t2, t3, t4, t5, t6, t7] = t as [
    Int32Array,
    Int32Array,
    Int32Array,
    Int32Array,
    Int32Array,
    Int32Array,
    Int32Array,
    Int32Array,
  ];
  let i = 0;
  while (i < b.length && (b.byteOffset + i) & 3) c = (c << 8) ^ t0[(c >>> 24) ^ b[i++]!]!;
  const words = (b.length - i) >> 3;
  if (words) {
    const w = new Int32Array(b.buffer, b.byteOffset + i, words * 2);
    for (let k = 0; k < w.length; k += 2) {
      const v = w[k]!;
      // The first byte in time is the low byte of the word: it meets the register's top byte.
      const x = c ^ bswap(v);
      const y = w[k + 1]!;
      c =
        t7[x >>> 24]! ^
        t6[(x >>> 16) & 255]! ^
        t5[(x >>> 8) & 255]! ^
        t4[x & 255]! ^
        t3[y & 255]! ^
        t2[(y >>> 8) & 255]! ^
        t1[(y >>> 16) & 255]! ^
        t0[y >>> 24]!;
    }
    i += words * 8;
  }
  while (i < b.length) c = (c << 8) ^ t0[(c >>> 24) ^ b[i++]!]!;
  return c;
}

/** Widths 33..64: the register as two 32-bit halves (lo, hi), slicing-by-8 with a lo and a hi table per slice. */
function wide(p: CrcParams): { update(b: Uint8Array): void; register(): bigint } {
  const M64 = mask(64);
  const shift = BigInt(64 - p.width);
  const poly = p.refin ? reflect(p.poly, p.width) : (p.poly << shift) & M64;
  const big: bigint[][] = [[]];
  for (let i = 0; i < 256; i++) {
    let c = p.refin ? BigInt(i) : BigInt(i) << 56n;
    for (let k = 0; k < 8; k++)
      if (p.refin) c = c & 1n ? (c >> 1n) ^ poly : c >> 1n;
      else c = c & (1n << 63n) ? ((c << 1n) ^ poly) & M64 : (c << 1n) & M64;
    big[0]!.push(c);
  }
  for (let k = 1; k < 8; k++)
    big.push(
      big[k - 1]!.map((v) =>
        p.refin ? (v >> 8n) ^ big[0]![Number(v & 255n)]! : ((v << 8n) & M64) ^ big[0]![Number(v >> 56n)]!,
      ),
    );
  const lo = big.map((t) => Int32Array.from(t, (v) => Number(v & 0xffffffffn) | 0));
  const hi = big.map((t) => Int32Array.from(t, (v) => Number(v >> 32n) | 0));
  const [l0, l1, l2, l3, l4, l5, l6, l7] = lo as Tables8;
  const [h0, h1, h2, h3, h4, h5, h6, h7] = hi as Tables8;
  const start = p.refin ? reflect(p.init, p.width) : p.init << shift;
  let l = Number(start & 0xffffffffn) | 0;
  let h = Number(start >> 32n) | 0;
  const byte = (v: number) => {
    if (p.refin) {
      const x = (l ^ v) & 255;
      l = ((l >>> 8) | (h << 24)) ^ l0[x]!;
      h = (h >>> 8) ^ h0[x]!;
    } else {
      const x = (h >>> 24) ^ v;
      h = ((h << 8) | (l >>> 24)) ^ h0[x]!;
      l = (l << 8) ^ l0[x]!;
    }
  };
  return {
    update(b) {
      let i = 0;
      while (i < b.length && (b.byteOffset + i) & 3) byte(b[i++]!);
      const words = (b.length - i) >> 3;
      const w = words ? new Int32Array(b.buffer, b.byteOffset + i, words * 2) : new Int32Array(0);
      if (p.refin)
        for (let k = 0; k < w.length; k += 2) {
          const x = l ^ w[k]!;
          const y = h ^ w[k + 1]!;
          const a = x & 255,
            b1 = (x >>> 8) & 255,
            c = (x >>> 16) & 255,
            d = x >>> 24;
          const e = y & 255,
            f = (y >>> 8) & 255,
            g = (y >>> 16) & 255,
            j = y >>> 24;
          l = l7[a]! ^ l6[b1]! ^ l5[c]! ^ l4[d]! ^ l3[e]! ^ l2[f]! ^ l1[g]! ^ l0[j]!;
          h = h7[a]! ^ h6[b1]! ^ h5[c]! ^ h4[d]! ^ h3[e]! ^ h2[f]! ^ h1[g]! ^ h0[j]!;
        }
      else
        for (let k = 0; k < w.length; k += 2) {
          // The first byte in time is the low byte of each word: it meets the register's top byte.
          const x = h ^ bswap(w[k]!);
          const y = l ^ bswap(w[k + 1]!);
          const a = x >>> 24,
            b1 = (x >>> 16) & 255,
            c = (x >>> 8) & 255,
            d = x & 255;
          const e = y >>> 24,
            f = (y >>> 16) & 255,
            g = (y >>> 8) & 255,
            j = y & 255;
          h = h7[a]! ^ h6[b1]! ^ h5[c]! ^ h4[d]! ^ h3[e]! ^ h2[f]! ^ h1[g]! ^ h0[j]!;
          l = l7[a]! ^ l6[b1]! ^ l5[c]! ^ l4[d]! ^ l3[e]! ^ l2[f]! ^ l1[g]! ^ l0[j]!;
        }
      i += words * 8;
      while (i < b.length) byte(b[i++]!);
    },
    register() {
      const r = (BigInt(h >>> 0) << 32n) | BigInt(l >>> 0);
      return p.refin ? reflect(r, p.width) : r >> shift;
    },
  };
}

/** A running CRC: update() with each chunk, value() the algorithm's result (refout and XorOut applied). */
export function tableCrc(p: CrcParams): { update(b: Uint8Array): void; value(): bigint } {
  let reg: { update(b: Uint8Array): void; register(): bigint };
  if (p.width > 32) reg = wide(p);
  else {
    const t = tables32(p);
    const shift = 32 - p.width;
    let c = p.refin ? Number(reflect(p.init, p.width)) : Number(p.init << BigInt(shift)) | 0;
    reg = p.refin
      ? { update: (b) => (c = updateReflected(t, c, b)), register: () => reflect(BigInt(c >>> 0), p.width) }
      : { update: (b) => (c = updateAligned(t, c, b)), register: () => BigInt(c >>> 0) >> BigInt(shift) };
  }
  return {
    update: (b) => reg.update(b),
    value() {
      // register() is the CRC register in normal bit order; refout reflects it.
      const r = reg.register() & mask(p.width);
      return ((p.refout ? reflect(r, p.width) : r) ^ p.xorout) & mask(p.width);
    },
  };
}
