/** Names from the catalogue for found parameter sets. */
import { CATALOGUE } from '../catalogue';
import { parseHex, type CrcParams } from '../params';
import { crcOf, type CrcIdKernel } from './kernel';
import type { SolutionClasses } from './classes';
import { setupsOf } from './setups';
import type { ByteOrder, IdentifyRequest } from './types';

interface Entry {
  params: CrcParams;
  names: string[];
}

let entries: Entry[] | undefined;

/** Catalogue algorithms of width <= 64 as parameters (computed once). */
function catalogueEntries(): Entry[] {
  return (entries ??= CATALOGUE.filter((e) => e.width <= 64).map((e) => ({
    params: {
      width: e.width,
      poly: parseHex(e.poly)!,
      init: parseHex(e.init)!,
      refin: e.refin,
      refout: e.refout,
      xorout: parseHex(e.xorout)!,
    },
    names: [e.name, ...e.aliases],
  })));
}

const sameShape = (a: CrcParams, b: CrcParams) =>
  a.width === b.width && a.poly === b.poly && a.refin === b.refin && a.refout === b.refout;

/**
 * Catalogue algorithms that compute the same CRC as the canonical set `p` of a class: the first one's
 * parameters and every name and alias of them all; undefined when none does.
 */
export function catalogueEquivalent(
  p: CrcParams,
  classes: Pick<SolutionClasses, 'canonical'>,
): { params: CrcParams; names: string[] } | undefined {
  const same = catalogueEntries().filter((e) => {
    if (!sameShape(e.params, p)) return false;
    const c = classes.canonical(e.params);
    return c.init === p.init && c.xorout === p.xorout;
  });
  return same[0] && { params: same[0].params, names: same.flatMap((e) => e.names) };
}

/** Catalogue algorithms of a family's polynomial and reflection that reproduce every sample. */
export function familyNames(
  kernel: CrcIdKernel,
  req: IdentifyRequest,
  p: CrcParams,
  placement: { byteOrder?: ByteOrder; leftAligned?: boolean },
): string[] {
  const { byteOrder, leftAligned } = placement;
  const setup = setupsOf({ ...req, fixed: { ...req.fixed, width: p.width, byteOrder } }).find(
    (s) => s.byteOrder === byteOrder && !!s.leftAligned === !!leftAligned,
  );
  if (!setup) return [];
  return catalogueEntries()
    .filter((e) => sameShape(e.params, p) && setup.samples.every((s) => crcOf(kernel, e.params, s.message) === s.crc))
    .flatMap((e) => e.names);
}
