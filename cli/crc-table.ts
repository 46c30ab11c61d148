/**
 * A table-driven CRC for `crc check` of any catalogue algorithm: slicing-by-8 over 32-bit words for
 * widths up to 32, a byte table over two 32-bit halves up to 64. The core's general WASM CRC
 * (computeCrc) is bit-serial, about 8 MB/s: meant for check values, not for files.
 * Reflected algorithms keep the register reflected (low bits first); the others keep it
 * left-aligned in 32 (or 64) bits, so one table shape serves every width.
 */
import { mask, reflect, type CrcParams } from '../src/core/crc/params';

type Tables = Int32Array[];

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
      const x = c ^ ((v << 24) | ((v & 0xff00) << 8) | ((v >>> 8) & 0xff00) | (v >>> 24));
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

/** Widths 33..64: the register as two 32-bit halves, one byte per step. */
function wide(p: CrcParams): { update(b: Uint8Array): void; register(): bigint } {
  const lo = new Int32Array(256);
  const hi = new Int32Array(256);
  const shift = BigInt(64 - p.width);
  const poly = p.refin ? reflect(p.poly, p.width) : (p.poly << shift) & mask(64);
  for (let i = 0; i < 256; i++) {
    let c = p.refin ? BigInt(i) : BigInt(i) << 56n;
    for (let k = 0; k < 8; k++)
      c = p.refin
        ? c & 1n
          ? (c >> 1n) ^ poly
          : c >> 1n
        : c & (1n << 63n)
          ? ((c << 1n) ^ poly) & mask(64)
          : (c << 1n) & mask(64);
    lo[i] = Number(c & 0xffffffffn) | 0;
    hi[i] = Number(c >> 32n) | 0;
  }
  const start = p.refin ? reflect(p.init, p.width) : p.init << shift;
  let l = Number(start & 0xffffffffn) | 0;
  let h = Number(start >> 32n) | 0;
  return {
    update(b) {
      if (p.refin)
        for (let i = 0; i < b.length; i++) {
          const x = (l ^ b[i]!) & 255;
          l = ((l >>> 8) | (h << 24)) ^ lo[x]!;
          h = (h >>> 8) ^ hi[x]!;
        }
      else
        for (let i = 0; i < b.length; i++) {
          const x = (h >>> 24) ^ b[i]!;
          h = ((h << 8) | (l >>> 24)) ^ hi[x]!;
          l = (l << 8) ^ lo[x]!;
        }
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
