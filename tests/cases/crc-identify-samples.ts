/**
 * The Identify target's samples (issue 28): for each of the 112 catalogue algorithms of width <= 64,
 * 4 random messages of 2 or 3 different lengths (3-32 bytes) with their CRCs, as the user would
 * type them (the CRC in hex digits of its width). The benchmark (bench/crc-identify.bench.ts) and
 * the unit test (src/core/crc/identify/identify.test.ts) use the same draw: seed 28 by default.
 */
import { CATALOGUE } from '../../src/core/crc/catalogue';
import { parseHex, type CrcParams } from '../../src/core/crc/params';
import { randomInt, randomPick, seededRandom, type Random } from '../../src/core/random';
import type { IdentifySample } from '../../src/core/crc/identify';
import { referenceCrc } from '../oracles/crc-reference';

export interface CatalogueCase {
  name: string;
  params: CrcParams;
  /** The catalogue's check value. */
  check: bigint;
  lengths: number[];
  samples: CatalogueSample[];
}

/** A message-mode sample whose CRC is given. */
export type CatalogueSample = IdentifySample & { crc: bigint };

export const IDENTIFY_SAMPLES_SEED = 28;

export const catalogueParams = (e: (typeof CATALOGUE)[number]): CrcParams => ({
  width: e.width,
  poly: parseHex(e.poly)!,
  init: parseHex(e.init)!,
  refin: e.refin,
  refout: e.refout,
  xorout: parseHex(e.xorout)!,
});

/** 4 lengths of 3-32 bytes drawn from 2 or 3 distinct values, with at least one pair of equal length. */
export function randomLengths(rand: Random): number[] {
  const draw = () => randomInt(rand, 30) + 3;
  const a = draw();
  let b = draw();
  while (b === a) b = draw();
  let c = draw();
  while (c === a || c === b) c = draw();
  return randomPick(rand, [
    [a, a, b, b],
    [a, a, a, b],
    [a, b, a, c],
  ]);
}

/** A sample of `p` as the form gives it: the message, its CRC, and the hex digits of the width. */
export function sampleOf(p: CrcParams, message: Uint8Array): CatalogueSample {
  return { message, crc: referenceCrc(p, message), crcDigits: Math.ceil(p.width / 4) };
}

const bytes = (rand: Random, n: number) => Uint8Array.from({ length: n }, () => randomInt(rand, 256));

/** Every catalogue algorithm up to 64 bits with its 4 samples, drawn from `seed`. */
export function catalogueCases(seed = IDENTIFY_SAMPLES_SEED): CatalogueCase[] {
  const rand = seededRandom(seed);
  return CATALOGUE.filter((e) => e.width <= 64).map((e) => {
    const params = catalogueParams(e);
    const lengths = randomLengths(rand);
    const samples = lengths.map((n) => sampleOf(params, bytes(rand, n)));
    return { name: e.name, params, check: parseHex(e.check)!, lengths, samples };
  });
}
