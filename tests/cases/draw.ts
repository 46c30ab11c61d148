/** Drawing test values from a seeded generator (tests/cases/seed.ts). */
import { randomInt, type Random } from '../../src/core/random';

/** One element of a non-empty list. */
export function pick<T>(rand: Random, list: readonly T[]): T {
  const value = list[randomInt(rand, list.length)];
  if (value === undefined) throw new Error('pick: empty list');
  return value;
}

/** An integer from lo to hi inclusive. */
export function between(rand: Random, lo: number, hi: number): number {
  return lo + randomInt(rand, hi - lo + 1);
}

/** An integer from lo to hi inclusive, log-uniform: small values as likely as large ones per octave. */
export function logBetween(rand: Random, lo: number, hi: number): number {
  const x = Math.exp(Math.log(lo) + rand() * (Math.log(hi + 1) - Math.log(lo)));
  return Math.min(hi, Math.max(lo, Math.floor(x)));
}

/** A random `bits`-bit unsigned value. */
export function randomBits(rand: Random, bits: number): bigint {
  let v = 0n;
  for (let i = 0; i < bits; i += 16) v = (v << 16n) | BigInt(randomInt(rand, 1 << 16));
  return v & ((1n << BigInt(bits)) - 1n);
}
