/** Names from the catalogue for found parameter sets. */
import { CATALOGUE } from '../catalogue';
import { parseHex, reflect, type CrcParams } from '../params';
import { crcOf, crcOfStream, type CrcIdKernel } from './kernel';
import type { SolutionClasses } from './classes';
import type { Setup } from './setups';

interface Entry {
  params: CrcParams;
  names: string[];
}

let entries: Map<string, Entry[]> | undefined;
const polyKey = (p: CrcParams) => `${p.width}/${p.poly}`;

/** Catalogue algorithms of width <= 64 as parameters, by width and polynomial (computed once). */
function catalogueEntries(p: CrcParams): Entry[] {
  if (!entries) {
    entries = new Map();
    for (const e of CATALOGUE.filter((c) => c.width <= 64)) {
      const params: CrcParams = {
        width: e.width,
        poly: parseHex(e.poly)!,
        init: parseHex(e.init)!,
        refin: e.refin,
        refout: e.refout,
        xorout: parseHex(e.xorout)!,
      };
      const key = polyKey(params);
      entries.set(key, [...(entries.get(key) ?? []), { params, names: [e.name, ...e.aliases] }]);
    }
  }
  return entries.get(polyKey(p)) ?? [];
}

/** Catalogue algorithms of one width with these reflections (names first, then aliases). */
export function catalogueOf(width: number, refin: boolean, refout: boolean): { params: CrcParams; names: string[] }[] {
  catalogueEntries({ width, poly: 0n, init: 0n, refin, refout, xorout: 0n });
  return [...entries!.values()]
    .flat()
    .filter((e) => e.params.width === width && e.params.refin === refin && e.params.refout === refout);
}

/**
 * What the samples leave open: refin (bit streams) and refout (CRCs given as bits, which a
 * different refout reads in the other order), so catalogue algorithms differing there still match.
 */
export interface Loose {
  refin: boolean;
  refout: boolean;
}

const STRICT: Loose = { refin: false, refout: false };

const sameShape = (a: CrcParams, b: CrcParams, loose: Loose) =>
  a.width === b.width &&
  a.poly === b.poly &&
  (loose.refin || a.refin === b.refin) &&
  (loose.refout || a.refout === b.refout);

/** Entry `e` as `p`'s refout reads it: the same bits sent, the xorout reflected when refout differs. */
const framed = (e: CrcParams, p: CrcParams): CrcParams => ({
  ...e,
  refout: p.refout,
  xorout: e.refout === p.refout ? e.xorout : reflect(e.xorout, e.width),
});

/**
 * Catalogue algorithms that compute the same CRC as the canonical set `p` of a class: the first one's
 * parameters and every name and alias of them all; undefined when none does.
 */
export function catalogueEquivalent(
  p: CrcParams,
  classes: Pick<SolutionClasses, 'canonical'>,
  loose: Loose = STRICT,
): { params: CrcParams; names: string[] } | undefined {
  const same = catalogueEntries(p).filter((e) => {
    if (!sameShape(e.params, p, loose)) return false;
    const c = classes.canonical(framed(e.params, p));
    return c.init === p.init && c.xorout === p.xorout;
  });
  return same[0] && { params: same[0].params, names: same.flatMap((e) => e.names) };
}

/**
 * Catalogue algorithms of a family's polynomial and reflection that reproduce every sample of its
 * setup: their names, and the first one's parameters (a member of the family).
 */
export function familyNames(
  kernel: CrcIdKernel,
  setup: Setup,
  p: CrcParams,
  loose: Loose = STRICT,
): { params?: CrcParams; names: string[] } {
  const crc = (e: CrcParams, message: Uint8Array, bits?: number) =>
    setup.stream ? crcOfStream(kernel, e, message, bits!) : crcOf(kernel, e, message);
  const fit = catalogueEntries(p).filter(
    (e) =>
      sameShape(e.params, p, loose) &&
      setup.samples.every((s) => crc(framed(e.params, p), s.message, s.bits) === s.crc),
  );
  return { params: fit[0]?.params, names: fit.flatMap((e) => e.names) };
}
