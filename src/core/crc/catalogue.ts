/**
 * The predefined algorithms: the CRC RevEng catalogue (vendored from shared/data) limited to the
 * widths the generator supports, in the shape GET /api/predefined answers.
 */
import catalogue from './catalogue.json';
import { MAX_CRC_WIDTH, bitsFromPoly, parseHex, type CrcParams } from './params';

interface CatalogueEntry {
  name: string;
  width: number;
  poly: string;
  init: string;
  refin: boolean;
  refout: boolean;
  xorout: string;
  check: string;
  residue: string;
  class: string;
  aliases: string[];
}

/** One algorithm as the API and the page see it: the catalogue entry without its class. */
export interface PredefinedAlgorithm extends Omit<CatalogueEntry, 'poly' | 'class'> {
  /** 68 coefficients indexed by power, including x^width. */
  poly: number[];
}

/**
 * The spec's fallback names that the catalogue does not list as a name or alias, mapped to the
 * entry they mean ('CRC-16 CCITT' is the true CCITT CRC, KERMIT, already aliased CRC-CCITT).
 */
const EXTRA_ALIASES: Record<string, string> = {
  'CRC-32/ISO-HDLC': 'CRC-32 Ethernet',
  'CRC-16/USB': 'CRC-16 USB',
  'CRC-16/KERMIT': 'CRC-16 CCITT',
};

export const CATALOGUE = catalogue as CatalogueEntry[];

function toPredefined(e: CatalogueEntry): PredefinedAlgorithm {
  const extra = EXTRA_ALIASES[e.name];
  return {
    name: e.name,
    poly: bitsFromPoly(e.width, parseHex(e.poly)!),
    width: e.width,
    init: e.init,
    refin: e.refin,
    refout: e.refout,
    xorout: e.xorout,
    check: e.check,
    residue: e.residue,
    aliases: extra && !e.aliases.includes(extra) ? [...e.aliases, extra] : [...e.aliases],
  };
}

/** Every catalogue algorithm with width <= 67, in catalogue order. */
export function predefinedAlgorithms(): PredefinedAlgorithm[] {
  return CATALOGUE.filter((e) => e.width <= MAX_CRC_WIDTH).map(toPredefined);
}

/** Parameters of a predefined algorithm. */
export function paramsOf(
  a: Pick<PredefinedAlgorithm, 'poly' | 'width' | 'init' | 'refin' | 'refout' | 'xorout'>,
): CrcParams {
  let poly = 0n;
  for (let i = 0; i < a.width; i++) if (a.poly[i]) poly |= 1n << BigInt(i);
  return {
    width: a.width,
    poly,
    init: parseHex(a.init)!,
    refin: a.refin,
    refout: a.refout,
    xorout: parseHex(a.xorout)!,
  };
}
