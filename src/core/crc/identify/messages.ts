/** What the search says when the samples cannot decide, or do not fit any CRC. */
import { hex } from '../params';
import { hexBytes } from './parse';

const plural = (n: bigint, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1n ? one : many}`;

export const messages = {
  needDifferentLength:
    'Add a sample of a different length: with samples of one length, init and xorout cannot be separated.',
  initUndetermined:
    'Add a sample of another length: the samples of different lengths do not yet decide init and xorout.',
  needEqualLengths: (width: number) =>
    `Add a sample with the same length as another one, or fix the polynomial: the polynomial of width ${width} comes from samples of equal length (brute force covers widths up to 20).`,
  /** Brute force ran (no relation between the samples) and more than one set fits. */
  noEqualLengths:
    'Add a sample with the same length as another one, or fix the polynomial: with no two samples of equal length (or three lengths) every polynomial of the width was tried, and several fit.',
  identicalSamples: 'The samples of equal length are identical: add a different message of the same length.',
  tooManyPolys: (width: number) =>
    `Add another sample with the same length as an existing one: too many polynomials of width ${width} fit these samples to try them all.`,
  /** What the kind of samples leaves open, and how the results show it. */
  undecidable: {
    refin:
      'The samples are bit streams in the order sent, so they cannot decide RefIn (which only says how bytes become such a stream: true = each byte least significant bit first); it is shown as the catalogue gives it, or equal to RefOut.',
    refout:
      "CRCs given as bits cannot decide RefOut: it only says in which order the CRC's bits are sent. They are taken as the register shifts them out, its top bit first (RefOut false: the CRC's most significant bit first; true: its least significant bit first); RefOut is shown as the catalogue gives it, or false.",
  },
  /** One more sample that tells the remaining sets apart: the check string, or these bytes. */
  decideBy: (mode: 'message' | 'codeword', bytes: Uint8Array) => {
    const check = new TextDecoder().decode(bytes) === '123456789';
    const what = check
      ? '123456789 (ASCII)'
      : `the ${bytes.length} ${bytes.length === 1 ? 'byte' : 'bytes'} ${hexBytes(bytes, ' ')}`;
    const sample = mode === 'codeword' ? `${what} with its CRC appended` : `the CRC of ${what}`;
    return `One more sample decides: ${sample}, for which each remaining set gives a different CRC${check ? ' (its check value)' : ''}.`;
  },
  noSingleDecider: 'No single sample of up to 32 bytes tells the remaining sets apart: add samples of other lengths.',
  remaining: (n: bigint) => `${plural(n, 'parameter set remains', 'parameter sets remain')}.`,
  /** The samples give no polynomial of this width to try, but catalogue algorithms were tried as they are. */
  catalogueOnly: (width: number) =>
    `Of width ${width} only the catalogue algorithms were tried as they are: a CRC of width ${width} outside the catalogue may fit too.`,
  /** Nothing fits every sample, but all samples but one fit exactly one CRC, a catalogue algorithm. */
  oddOneOut: (n: number, name: string, mode: 'message' | 'codeword' = 'message') =>
    `Every sample but sample ${n} fits ${name}: check sample ${n}${mode === 'message' ? ' and its CRC' : ''}.`,
  /** Nothing fits, but the CRCs with their bytes reversed do (written as stored little-endian). */
  bytesSwapped: (name?: string) =>
    `With the bytes of each CRC swapped, the samples fit ${name ?? 'a CRC'}: give each CRC as the algorithm outputs it (its most significant byte first), or give whole codewords, whose byte order is searched.`,
  /** Nothing fits the fixed polynomial, but its reflection (how code and crcmod often write it) does. */
  polyReversed: (given: bigint, normal: bigint, width: number, name?: string) =>
    `With the polynomial reversed, ${hex(normal, width)} (${hex(given, width)} is its reflected form), the samples fit ${name ?? 'a CRC'}: give the polynomial in normal form, without its x^${width} term.`,
  /** Nothing fits the fixed init, but its reflection does (a refin CRC's init written as its bits are sent). */
  initReflected: (given: bigint, init: bigint, width: number, name?: string) =>
    `With init reflected, ${hex(init, width)}, the samples fit ${name ?? 'a CRC'}: init is the register's value before any data, unreflected, as the catalogue gives it.`,
  noMatch: (mode: 'message' | 'codeword') =>
    mode === 'codeword'
      ? 'No CRC of the widths searched reproduces every codeword. Check the samples, or fix the width and byte order.'
      : 'No CRC of the widths searched reproduces every sample. Check the samples and their CRCs, or fix the width.',
};
