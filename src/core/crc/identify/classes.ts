/**
 * Solutions that compute the same CRC. When the polynomial has a factor in common with x^8 + 1
 * (x + 1 divides many CRC polynomials), some changes of init are cancelled by a change of xorout for
 * every message of whole bytes: those parameter sets are equivalent, not ambiguous, and more samples
 * can never tell them apart. Bit streams come in every length: there it takes x + 1 instead. This splits a record's null space into those directions (the invariant ones) and
 * the rest (a true ambiguity), and names each class of equivalent sets by one representative.
 */
import { mask } from '../params';
import type { SolutionRecord } from './kernel';

interface Pair {
  init: bigint;
  xorout: bigint;
}

/** init and xorout as one number, init in the high half: elimination works on both at once. */
const join = (p: Pair) => (p.init << 64n) | p.xorout;
const split = (v: bigint): Pair => ({ init: v >> 64n, xorout: v & (2n ** 64n - 1n) });
const topBit = (v: bigint) => v.toString(2).length - 1;

/** v * x^step mod g (the effect of one more byte, or bit, of message on an init change). */
function timesXn(v: bigint, step: number, width: number, poly: bigint): bigint {
  const m = mask(width);
  const top = 1n << BigInt(width - 1);
  for (let i = 0; i < step; i++) v = ((v << 1n) & m) ^ (v & top ? poly : 0n);
  return v;
}

/** Reduces `v` by an echelon basis (each row with a distinct top bit). */
function reduceBy(rows: Map<number, bigint>, v: bigint): bigint {
  for (let b = topBit(v); v && b >= 0; b--) {
    const row = rows.get(b);
    if (row !== undefined && (v >> BigInt(b)) & 1n) v ^= row;
  }
  return v;
}

function echelon(vectors: bigint[]): Map<number, bigint> {
  const rows = new Map<number, bigint>();
  for (const v of vectors) {
    const r = reduceBy(rows, v);
    if (r) rows.set(topBit(r), r);
  }
  return rows;
}

export interface SolutionClasses {
  /** One member of the solution space. */
  base: Pair;
  /** Directions that change the CRC of some message: 2^length classes. */
  ambiguous: Pair[];
  /** Equivalent sets per class: 2^equivalentBits. */
  equivalentBits: number;
  /** The canonical member of a class (smallest init, then xorout). */
  canonical(p: Pair): Pair;
}

/** `step`: the bits by which message lengths differ, 8 for bytes and 1 for bit streams. */
export function classesOf(r: SolutionRecord, step: 1 | 8 = 8): SolutionClasses {
  // f(d) = d * x^step + d: zero exactly for init changes no message length can see.
  const images = r.deltas.map((d) => timesXn(d.init, step, r.width, r.poly) ^ d.init);
  const invariant: bigint[] = [];
  const ambiguous: Pair[] = [];
  const basis = new Map<number, { image: bigint; pair: bigint }>();
  r.deltas.forEach((d, i) => {
    let image = images[i]!;
    let pair = join(d);
    for (let b = topBit(image); image && b >= 0; b--) {
      const row = basis.get(b);
      if (row && (image >> BigInt(b)) & 1n) {
        image ^= row.image;
        pair ^= row.pair;
      }
    }
    if (image === 0n) invariant.push(pair);
    else {
      basis.set(topBit(image), { image, pair });
      ambiguous.push(d);
    }
  });
  const rows = echelon(invariant);
  return {
    base: { init: r.init, xorout: r.xorout },
    ambiguous,
    equivalentBits: rows.size,
    canonical: (p) => split(reduceBy(rows, join(p))),
  };
}

/** Whether the vectors (over GF(2)) are linearly independent. */
export const independent = (vectors: bigint[]) => echelon(vectors).size === vectors.length;

/** Whether `v` is a sum of some of `vectors`. */
export const inSpan = (v: bigint, vectors: bigint[]) => reduceBy(echelon(vectors), v) === 0n;
