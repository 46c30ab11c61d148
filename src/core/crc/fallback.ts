/**
 * The client's built-in list when GET /api/predefined fails (spec part 1, section 7): the six
 * named algorithms with their full catalogue parameters (a test checks them against it).
 */
import { bitsFromPoly } from './params';
import type { PredefinedAlgorithm } from './catalogue';

type Row = [
  name: string,
  catalogueName: string,
  width: number,
  poly: bigint,
  init: string,
  refin: boolean,
  refout: boolean,
  xorout: string,
  check: string,
  residue: string,
];

const ROWS: Row[] = [
  [
    'CRC-32 Ethernet',
    'CRC-32/ISO-HDLC',
    32,
    0x04c11db7n,
    '0xffffffff',
    true,
    true,
    '0xffffffff',
    '0xcbf43926',
    '0xdebb20e3',
  ],
  ['CRC-16 USB', 'CRC-16/USB', 16, 0x8005n, '0xffff', true, true, '0xffff', '0xb4c8', '0xb001'],
  ['CRC-16 CCITT', 'CRC-16/KERMIT', 16, 0x1021n, '0x0000', true, true, '0x0000', '0x2189', '0x0000'],
  ['CRC-8', 'CRC-8/SMBUS', 8, 0x07n, '0x00', false, false, '0x00', '0xf4', '0x00'],
  ['CRC-10', 'CRC-10/ATM', 10, 0x233n, '0x000', false, false, '0x000', '0x199', '0x000'],
  ['CRC-32C', 'CRC-32/ISCSI', 32, 0x1edc6f41n, '0xffffffff', true, true, '0xffffffff', '0xe3069283', '0xb798b438'],
];

export const FALLBACK_ALGORITHMS: PredefinedAlgorithm[] = ROWS.map(
  ([name, catalogueName, width, poly, init, refin, refout, xorout, check, residue]) => ({
    name,
    poly: bitsFromPoly(width, poly),
    width,
    init,
    refin,
    refout,
    xorout,
    check,
    residue,
    aliases: [catalogueName],
  }),
);

/**
 * The catalogue name of an algorithm chosen by name: a fallback name ('CRC-32 Ethernet', shown
 * when the list could not be loaded) is its catalogue entry's, so the generated files and
 * identifiers are the same offline and online (crc32_iso_hdlc, not crc32_ethernet).
 */
export function catalogueName(name: string): string {
  return FALLBACK_ALGORITHMS.find((a) => a.name === name)?.aliases[0] ?? name;
}
