/**
 * What the four emitters share: identifiers made from the algorithm's name, the header's
 * parameter lines (the HDL files state the same), and number formatting.
 */
import { GENERATOR_LINE, countOf } from '../../hdl/comment';
import { bitsFromPoly, hex, polyText, type CrcParams } from '../params';
import type { SoftwareModel } from './model';

/** 'CRC-32/ISO-HDLC' -> 'crc32_iso_hdlc'; a name that starts with a digit gets 'crc_' in front. */
export function snakeName(name: string): string {
  const s = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .replace(/^crc_(?=\d)/, 'crc');
  return /^[a-z]/.test(s) ? s : `crc_${s}`;
}

/** 'crc32_iso_hdlc' -> 'Crc32IsoHdlc'. */
export const pascalName = (snake: string): string =>
  snake
    .split('_')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');

/** Lower-case hex digits of `value`, padded to the register's width. */
export const hexDigits = (value: bigint, bits: number): string => value.toString(16).padStart(Math.ceil(bits / 4), '0');

/**
 * The name of parameters without one, made of them so that two custom CRCs never share files or
 * identifiers: the width and polynomial, then each parameter that is not the default (init 0,
 * refin and refout false, xorout 0) as the header spells it. 'CRC-16/CUSTOM-1021',
 * 'CRC-32/CUSTOM-04C11DB7-INIT-FFFFFFFF-REFIN-REFOUT-XOROUT-FFFFFFFF'. The hex has the width's
 * digits and the words are not hex, so different parameters give different names, none of them
 * a catalogue name.
 */
export function customName(p: CrcParams): string {
  const digits = (v: bigint) => hexDigits(v, p.width).toUpperCase();
  const parts = [`CRC-${p.width}/CUSTOM`, digits(p.poly)];
  if (p.init !== 0n) parts.push('INIT', digits(p.init));
  if (p.refin) parts.push('REFIN');
  if (p.refout) parts.push('REFOUT');
  if (p.xorout !== 0n) parts.push('XOROUT', digits(p.xorout));
  return parts.join('-');
}

/** The name the files and identifiers derive from: the chosen algorithm's, else customName(params). */
export const softwareName = (params: CrcParams, algorithm?: string): string => algorithm?.trim() || customName(params);

/** The header every generated file starts with (without comment marks). */
export function headerLines(name: string, m: SoftwareModel, what: string): string[] {
  const p = m.params;
  return [
    `${name}: ${what}`,
    GENERATOR_LINE,
    '',
    `Polynomial: ${polyText(bitsFromPoly(p.width, p.poly))}`,
    `  (normal form ${hex(p.poly, p.width)}, width ${p.width})`,
    `Parameters: init ${hex(p.init, p.width)} (unreflected), refin ${p.refin}, refout ${p.refout}, xorout ${hex(p.xorout, p.width)}`,
    `Check value (CRC of the ASCII bytes "123456789"): ${hex(m.check, p.width)}`,
  ];
}

/** The lines explaining the state, for every language. */
export function stateLines(m: SoftwareModel): string[] {
  return m.params.refin
    ? [`The state is the register reflected (bit 0 leaves first) in ${m.bits} bits.`]
    : m.bits === m.params.width
      ? [`The state is the register, unreflected, in ${m.bits} bits.`]
      : [
          `The state is the register, unreflected, shifted up by ${countOf(m.bits - m.params.width, 'bit')} to fill ${m.bits} bits.`,
        ];
}

/** `lines` as a comment block with `mark` ('//', '#'); '' gives a bare mark. */
export const comment = (mark: string, lines: string[], indent = ''): string =>
  lines.map((l) => (l ? `${indent}${mark} ${l}` : `${indent}${mark}`)).join('\n') + '\n';

/** Table rows: `perRow` formatted entries per line, comma separated, indented. */
export function tableRows(values: bigint[], format: (v: bigint) => string, perRow: number, indent: string): string {
  const rows: string[] = [];
  for (let i = 0; i < values.length; i += perRow) {
    rows.push(
      indent +
        values
          .slice(i, i + perRow)
          .map(format)
          .join(', ') +
        ',',
    );
  }
  return rows.join('\n');
}

/** Entries per table row: a power of two (rows start at round indices), lines within 100 columns. */
export function perRowFor(entry: string, indent: string): number {
  let n = 8;
  while (n > 1 && indent.length + n * (entry.length + 2) - 1 > 100) n /= 2;
  return n;
}
