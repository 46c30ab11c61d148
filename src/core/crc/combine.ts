/**
 * The CRC of a whole input from the CRCs of its consecutive parts, each computed alone with the same
 * algorithm, so parts can run on different threads. The register is linear over GF(2): running a part
 * of n bytes from register R gives R * x^(8n) mod P plus the part's CRC from a zero register, and a
 * part computed from init I carries I * x^(8n) too. So R(whole) = (R(before) + I) * x^(8n) + R(part).
 */
import { mask, type CrcParams } from './params';
import { registerOfValue, valueOfRegister } from './table';

/** a * b mod P (P = x^W + poly), a and b below x^W. */
function mulMod(a: bigint, b: bigint, width: number, poly: bigint): bigint {
  const top = 1n << BigInt(width - 1);
  const m = mask(width);
  let r = 0n;
  for (let i = width - 1; i >= 0; i--) {
    // r = r * x mod P, then add a where b has x^i.
    r = r & top ? ((r << 1n) & m) ^ poly : r << 1n;
    if ((b >> BigInt(i)) & 1n) r ^= a;
  }
  return r;
}

/** x^n mod P, by squaring. */
function xPowMod(n: bigint, width: number, poly: bigint): bigint {
  let result = 1n; // x^0
  let square = width > 1 ? 2n : poly; // x mod P
  for (let e = n; e > 0n; e >>= 1n) {
    if (e & 1n) result = mulMod(result, square, width, poly);
    square = mulMod(square, square, width, poly);
  }
  return result;
}

/** One part: its CRC computed alone (the algorithm's result) and its length in bytes. */
export interface CrcPart {
  value: bigint;
  bytes: number;
}

/** The algorithm's result over the parts in order. */
export function combineCrcs(p: CrcParams, parts: readonly CrcPart[]): bigint {
  const poly = p.poly & mask(p.width);
  const init = p.init & mask(p.width);
  // Parts are mostly of one size: x^(8n) once per size.
  const powers = new Map<number, bigint>();
  const power = (bytes: number) => {
    let v = powers.get(bytes);
    if (v === undefined) powers.set(bytes, (v = xPowMod(8n * BigInt(bytes), p.width, poly)));
    return v;
  };
  let reg = init;
  for (const part of parts) {
    const shifted = mulMod(reg ^ init, power(part.bytes), p.width, poly);
    reg = shifted ^ registerOfValue(p, part.value);
  }
  return valueOfRegister(p, reg);
}
