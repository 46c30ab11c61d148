/**
 * A catalogue algorithm by the name people type: its name or an alias, with case, spaces, dashes,
 * underscores and slashes ignored ("crc32 iso hdlc", "CRC-32C"). Shared by POST /api/hdl/crc and
 * bitsmith crc generate|check.
 */
import { predefinedAlgorithms, type PredefinedAlgorithm } from '../../crc/catalogue';

const norm = (s: string) => s.toLowerCase().replace(/[\s_/-]+/g, '');

let catalogue: PredefinedAlgorithm[] | undefined;

/** The algorithm called `name`, or undefined when the catalogue has none. */
export function findCatalogueAlgorithm(name: string): PredefinedAlgorithm | undefined {
  const want = norm(name);
  catalogue ??= predefinedAlgorithms();
  return catalogue.find((a) => norm(a.name) === want || a.aliases.some((x) => norm(x) === want));
}
