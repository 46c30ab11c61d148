/**
 * A catalogue algorithm by the name people type: its name or an alias, with case, spaces, dashes,
 * underscores and slashes ignored ("crc32 iso hdlc", "CRC-32C"). Shared by POST /api/hdl/crc and
 * bitsmith crc generate|check.
 */
import { CATALOGUE, predefinedAlgorithms, type PredefinedAlgorithm } from '../../crc/catalogue';
import { MAX_CRC_WIDTH } from '../../crc/params';

const norm = (s: string) => s.toLowerCase().replace(/[\s_/-]+/g, '');

let catalogue: PredefinedAlgorithm[] | undefined;

/** The algorithm called `name`, or undefined when the catalogue has none. */
export function findCatalogueAlgorithm(name: string): PredefinedAlgorithm | undefined {
  const want = norm(name);
  catalogue ??= predefinedAlgorithms();
  return catalogue.find((a) => norm(a.name) === want || a.aliases.some((x) => norm(x) === want));
}

/**
 * A catalogue algorithm called `name` that is too wide for the generator (CRC-82/DARC): its name and
 * width, so that it is refused as too wide, not as unknown. Undefined for any other name.
 */
export function tooWideAlgorithm(name: string): { name: string; width: number } | undefined {
  const want = norm(name);
  const found = CATALOGUE.find(
    (a) => a.width > MAX_CRC_WIDTH && (norm(a.name) === want || a.aliases.some((x) => norm(x) === want)),
  );
  return found && { name: found.name, width: found.width };
}

/** 'CRC-82/DARC is 82 bits wide: CRCs up to 67 bits are generated'. */
export const tooWideText = (a: { name: string; width: number }) =>
  `${a.name} is ${a.width} bits wide: CRCs up to ${MAX_CRC_WIDTH} bits are generated`;
