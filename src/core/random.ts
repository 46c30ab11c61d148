/**
 * The project's one pseudo-random source: `seededRandom` (mulberry32) makes a sequence that a seed
 * replays, for HDL testbench stimulus and every randomised test; product code that wants real
 * randomness passes `Math.random`, which has the same shape.
 */

/** Returns numbers in [0, 1), like Math.random. */
export type Random = () => number;

export function seededRandom(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An integer in [0, n) from `rand`. */
export function randomInt(rand: Random, n: number): number {
  return Math.floor(rand() * n);
}

/** An element of a non-empty list from `rand` (rand() < 1, so the index is always in range). */
export function randomPick<T>(rand: Random, list: readonly [T, ...T[]] | readonly T[]): T {
  return list[randomInt(rand, list.length)]!;
}
