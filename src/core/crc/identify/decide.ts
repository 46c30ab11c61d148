/**
 * What one more sample would decide when the samples leave several parameter sets: a message for
 * which every remaining set gives a different CRC (codewords: different CRC bytes as stored). The
 * check string "123456789" first (whose CRCs are the check values listed), then messages of 1..32
 * bytes. A family (init and xorout undecided along some directions) takes an affine set of values
 * for a message: its members must all differ (the directions' changes independent) and the set
 * must miss every other candidate's values.
 */
import { seededRandom } from '../../random';
import { CHECK_INPUT, type CrcParams } from '../params';
import { independent, inSpan } from './classes';
import { crcOf, type CrcIdKernel } from './kernel';
import type { ByteOrder, IdentifyRequest } from './types';

/** A remaining parameter set (or family: `directions` it leaves open) and how its CRC is stored. */
export interface Candidate {
  params: CrcParams;
  byteOrder?: ByteOrder;
  leftAligned?: boolean;
  directions?: readonly { init: bigint; xorout: bigint }[];
}

/** Longest message tried. */
export const MAX_DECIDER_BYTES = 32;

/** The messages tried, in order. */
export const PROBES: readonly Uint8Array[] = (() => {
  const rand = seededRandom(28);
  const bytes = (n: number) => Uint8Array.from({ length: n }, () => Math.floor(rand() * 256));
  return [CHECK_INPUT, ...Array.from({ length: MAX_DECIDER_BYTES }, (_, i) => bytes(i + 1))];
})();

/** A candidate's CRCs of one message: a value and the directions it may move in (a family's). */
interface Outcome {
  /** Codewords: the CRC's bytes (CRCs of different sizes never look alike). */
  bytes: number;
  value: bigint;
  spread: bigint[];
}

/**
 * The CRC as a sample shows it, as a number: its value, or in codeword mode its bytes as stored
 * read most significant first (a bit permutation, so sums of values map to sums).
 */
function stored(mode: IdentifyRequest['mode'], c: Candidate, value: bigint): bigint {
  if (mode === 'message') return value;
  const n = Math.ceil(c.params.width / 8);
  const v = c.leftAligned ? value << BigInt(8 * n - c.params.width) : value;
  if (c.byteOrder !== 'little') return v;
  let out = 0n;
  for (let i = 0; i < n; i++) out = (out << 8n) | ((v >> BigInt(8 * i)) & 0xffn);
  return out;
}

function outcome(kernel: CrcIdKernel, mode: IdentifyRequest['mode'], c: Candidate, m: Uint8Array): Outcome {
  const show = (p: CrcParams) => stored(mode, c, crcOf(kernel, p, m));
  const value = show(c.params);
  const spread = (c.directions ?? []).map(
    (d) => show({ ...c.params, init: c.params.init ^ d.init, xorout: c.params.xorout ^ d.xorout }) ^ value,
  );
  return { bytes: mode === 'codeword' ? Math.ceil(c.params.width / 8) : 0, value, spread };
}

/** Every candidate's CRCs of the message differ from every other's (and within a family). */
function separates(outcomes: Outcome[]): boolean {
  if (outcomes.every((o) => o.spread.length === 0)) {
    return new Set(outcomes.map((o) => `${o.bytes}:${o.value}`)).size === outcomes.length;
  }
  if (!outcomes.every((o) => independent(o.spread))) return false;
  return outcomes.every((a, i) =>
    outcomes.slice(i + 1).every((b) => a.bytes !== b.bytes || !inSpan(a.value ^ b.value, [...a.spread, ...b.spread])),
  );
}

/** The first probe that tells every candidate (and every member of a family) apart; undefined if none does. */
export function decidingMessage(
  kernel: CrcIdKernel,
  mode: IdentifyRequest['mode'],
  candidates: readonly Candidate[],
): Uint8Array | undefined {
  return PROBES.find((m) => separates(candidates.map((c) => outcome(kernel, mode, c, m))));
}
