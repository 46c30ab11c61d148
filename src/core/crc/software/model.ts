/**
 * The algorithm every generated software CRC implements, as data: the register's working form,
 * its reset value, the slice-by-8 tables and the bit-by-bit constants. The four emitters print
 * this model; `modelCrc` runs the same byte-table loop here (the Consistency bundle's testbench
 * vectors come from it, so they are the generated code's algorithm, not the HDL generator's).
 *
 * Working form: the register is held in U bits, U the narrowest of 8, 16, 32, 64 that fits W.
 * - refin: reflected and right-aligned (bit 0 leaves first); a byte enters at the bottom:
 *   state = T[(state ^ byte) & 0xff] ^ (state >> 8).
 * - no refin: unreflected and left-aligned (shifted up by U - W, so the top bit leaves first and
 *   no mask is needed for any W); a byte enters at the top:
 *   state = T[(state >> (U - 8)) ^ byte] ^ (state << 8)   (mod 2^U).
 * The same two lines hold for U = 8, where the `>> 8` / `<< 8` term is 0.
 */
import { mask, reflect, type CrcParams } from '../params';

export const MAX_SOFTWARE_WIDTH = 64;

export type RegisterBits = 8 | 16 | 32 | 64;

export interface SoftwareModel {
  params: CrcParams;
  /** Bits of the working register (and of every table entry). */
  bits: RegisterBits;
  /** The register after crc_init, in the working form. */
  initState: bigint;
  /** The polynomial in the working form: reflected, or shifted up by U - W. */
  polyState: bigint;
  /** tables[k][b]: byte b followed by k zero bytes; tables[0] is the byte table. */
  tables: bigint[][];
  /** CRC of "123456789". */
  check: bigint;
}

export const registerBits = (width: number): RegisterBits =>
  width <= 8 ? 8 : width <= 16 ? 16 : width <= 32 ? 32 : 64;

/** One bit of the working register with a zero data bit (the bit-by-bit loop's step). */
function bitStep(state: bigint, m: Pick<SoftwareModel, 'bits' | 'polyState'>, refin: boolean): bigint {
  if (refin) return state & 1n ? (state >> 1n) ^ m.polyState : state >> 1n;
  const top = 1n << BigInt(m.bits - 1);
  return (state & top ? (state << 1n) ^ m.polyState : state << 1n) & mask(m.bits);
}

/** The byte table's step: one data byte into the working register. */
export function byteStep(m: SoftwareModel, state: bigint, byte: number): bigint {
  const t = m.tables[0]!;
  if (m.params.refin) return t[Number((state ^ BigInt(byte)) & 0xffn)]! ^ (state >> 8n);
  const shift = BigInt(m.bits - 8);
  return t[Number((state >> shift) ^ BigInt(byte))]! ^ ((state << 8n) & mask(m.bits));
}

/** crc_finalize: back to an unreflected W-bit register, then refout and xorout. */
export function finalizeState(m: SoftwareModel, state: bigint): bigint {
  const { width, refin, refout, xorout } = m.params;
  const reg = refin ? reflect(state, width) : state >> BigInt(m.bits - width);
  return (refout ? reflect(reg, width) : reg) ^ xorout;
}

/** The CRC of `bytes` by the generated code's byte-table algorithm. */
export function modelCrc(m: SoftwareModel, bytes: Uint8Array): bigint {
  let state = m.initState;
  for (const b of bytes) state = byteStep(m, state, b);
  return finalizeState(m, state);
}

export function softwareModel(params: CrcParams): SoftwareModel {
  const { width, poly, init, refin } = params;
  if (!(Number.isInteger(width) && width >= 1 && width <= MAX_SOFTWARE_WIDTH))
    throw new RangeError(`Software CRCs are generated for widths 1 to ${MAX_SOFTWARE_WIDTH}.`);
  const bits = registerBits(width);
  const align = BigInt(bits - width);
  const polyState = refin ? reflect(poly & mask(width), width) : (poly & mask(width)) << align;
  const base = { bits, polyState };
  const byteTable = Array.from({ length: 256 }, (_, b) => {
    let s = refin ? BigInt(b) : BigInt(b) << BigInt(bits - 8);
    for (let k = 0; k < 8; k++) s = bitStep(s, base, refin);
    return s;
  });
  const m: SoftwareModel = {
    params,
    bits,
    initState: refin ? reflect(init & mask(width), width) : (init & mask(width)) << align,
    polyState,
    tables: [byteTable],
    check: 0n,
  };
  // Byte b then k zero bytes: the previous table's entry pushed through one more zero byte.
  for (let k = 1; k < 8; k++) m.tables.push(m.tables[k - 1]!.map((v) => byteStep(m, v, 0)));
  m.check = modelCrc(m, new TextEncoder().encode('123456789'));
  return m;
}
