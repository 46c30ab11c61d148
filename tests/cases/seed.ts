/**
 * The seed of every randomised test. vitest.config.ts chooses it once per run and gives it to every
 * worker as TEST_SEED: the TEST_SEED you set, else a fixed seed under CI=true (CI runs the same
 * cases every time), else a fresh one (local runs explore new cases). The summary reporter prints
 * it when a test fails, and `TEST_SEED=<n>` replays that run.
 */
import { seededRandom, type Random } from '../../src/core/random';

/** This run's seed, as vitest.config.ts chose it. */
export const TEST_SEED = parseSeed(process.env.TEST_SEED);

function parseSeed(text: string | undefined): number {
  const seed = Number(text);
  if (!text?.trim() || !Number.isSafeInteger(seed) || seed < 0) {
    throw new Error(`TEST_SEED must be a non-negative integer (vitest.config.ts sets one), not "${text}"`);
  }
  return seed;
}

/** A generator replayed by TEST_SEED; distinct `stream`s give one file independent sequences. */
export function testRandom(stream = 0): Random {
  return seededRandom(TEST_SEED + stream);
}

/** `length` bytes from `rand` (a Buffer, like node:crypto's randomBytes). */
export function randomBytes(rand: Random, length: number): Buffer<ArrayBuffer> {
  const bytes = Buffer.alloc(length);
  const view = new DataView(bytes.buffer, bytes.byteOffset, length);
  const whole = length & ~3;
  for (let i = 0; i < whole; i += 4) view.setUint32(i, rand() * 2 ** 32, true); // 4 bytes per draw
  for (let i = whole; i < length; i++) bytes[i] = rand() * 256;
  return bytes;
}

/** A `bits`-bit unsigned value from `rand`, each bit drawn on its own. */
export function randomBigInt(rand: Random, bits: number): bigint {
  let v = 0n;
  for (let i = 0; i < bits; i++) if (rand() < 0.5) v |= 1n << BigInt(i);
  return v;
}
