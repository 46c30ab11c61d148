/**
 * CRC parameters (Williams/Rocksoft model) and the 68-element polynomial array of the spec.
 * Values wider than 53 bits need BigInt: widths go up to 67.
 */

/** The spec's polynomial: 68 coefficients indexed by power, x^0 .. x^67. */
export const POLY_BITS = 68;
export const MAX_CRC_WIDTH = POLY_BITS - 1;
export const MAX_DATA_WIDTH_API = 1024;
/** The smallest data width (page and API); the UI's input goes up to 128 (spec part 1, section 9). */
export const MIN_DATA_WIDTH = 1;
export const MAX_DATA_WIDTH_UI = 128;

/** A fully specified CRC: the register is kept unreflected (bit i = coefficient of x^i). */
export interface CrcParams {
  /** CRC width W = degree of the generator polynomial (1..67). */
  width: number;
  /** Generator polynomial without the x^W term. */
  poly: bigint;
  /** Register value after reset, unreflected. */
  init: bigint;
  /** Input bits enter least significant first (first bit in time = data_in[0]). */
  refin: boolean;
  /** The register is bit-reversed on output. */
  refout: boolean;
  /** Constant xored onto the output. */
  xorout: bigint;
}

export const mask = (width: number): bigint => (1n << BigInt(width)) - 1n;

/** Width = highest set power; 0 when only x^0 (or nothing) is set. */
export function polyWidth(bits: readonly number[]): number {
  for (let i = bits.length - 1; i > 0; i--) if (bits[i]) return i;
  return 0;
}

/** The polynomial array -> {width, poly without x^W}. */
export function polyFromBits(bits: readonly number[]): { width: number; poly: bigint } {
  const width = polyWidth(bits);
  let poly = 0n;
  for (let i = 0; i < width; i++) if (bits[i]) poly |= 1n << BigInt(i);
  return { width, poly };
}

/** {width, poly} -> the 68-element array including x^W. */
export function bitsFromPoly(width: number, poly: bigint): number[] {
  const bits = new Array<number>(POLY_BITS).fill(0);
  for (let i = 0; i < width; i++) bits[i] = Number((poly >> BigInt(i)) & 1n);
  bits[width] = 1;
  return bits;
}

/** 'x^32 + x^26 + ... + x + 1'; '' when empty. */
export function polyText(bits: readonly number[]): string {
  const terms: string[] = [];
  for (let i = bits.length - 1; i >= 0; i--) if (bits[i]) terms.push(i === 0 ? '1' : i === 1 ? 'x' : `x^${i}`);
  return terms.join(' + ');
}

/** Parses '0x1f', '1F' or '' (-> 0n); undefined when it is not hex. */
export function parseHex(text: string): bigint | undefined {
  const t = text.trim().replace(/^0x/i, '');
  if (t === '') return 0n;
  if (!/^[0-9a-f]+$/i.test(t)) return undefined;
  return BigInt(`0x${t}`);
}

/** '0x' + hex padded to ceil(W/4) digits, lower case (the catalogue's style). */
export function hex(value: bigint, width: number): string {
  return `0x${value.toString(16).padStart(Math.ceil(width / 4), '0')}`;
}

/** Reverses the low `width` bits. */
export function reflect(value: bigint, width: number): bigint {
  let r = 0n;
  for (let i = 0; i < width; i++) if ((value >> BigInt(i)) & 1n) r |= 1n << BigInt(width - 1 - i);
  return r;
}

/** Splits a value into the (lo, hi) u64 pair the WASM kernel takes. */
export function toWords(value: bigint): [bigint, bigint] {
  return [BigInt.asUintN(64, value), BigInt.asUintN(64, value >> 64n)];
}

export const CHECK_INPUT = new TextEncoder().encode('123456789');
