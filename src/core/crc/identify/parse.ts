/**
 * The Identify form as typed (sample rows, fixed parameters) -> an IdentifyRequest, or messages
 * naming each field that is wrong. Shared by the page, the API and the command.
 */
import { hex, parseHex, reflect } from '../params';
import { parseBitString } from './bits';
import { MAX_SEARCH_WIDTH, messageWidths } from './setups';
import type { ByteOrder, FixedParams, IdentifyRequest, IdentifySample } from './types';

/** 'bits': a bit stream as 0 and 1 in the order sent (a logic analyser's capture). */
export type SampleFormat = 'hex' | 'ascii' | 'file' | 'bits';
export type IdentifyMode = IdentifyRequest['mode'];

/** One sample row: the message (or codeword) as text, or a file's bytes, and its CRC in hex. */
export interface SampleInput {
  format: SampleFormat;
  /** Hex, ASCII or bits as text; unused for files. */
  message: string;
  /** The file's bytes (format 'file'). */
  file?: Uint8Array;
  /** The CRC in hex (message mode), or 0b and its bits in the order sent. */
  crc: string;
}

/** Known parameters as typed: '' means unknown. */
export interface FixedInput {
  width: string;
  poly: string;
  init: string;
  xorout: string;
  refin: '' | 'true' | 'false';
  refout: '' | 'true' | 'false';
  byteOrder: '' | ByteOrder;
}

export const NO_FIXED: FixedInput = { width: '', poly: '', init: '', xorout: '', refin: '', refout: '', byteOrder: '' };

export const MAX_SAMPLES = 64;

/** The form's messages that POST /api/crc/identify's schema says too. */
export const FORM_MESSAGES = {
  tooFew: 'Add at least two samples.',
  tooMany: `At most ${MAX_SAMPLES} samples.`,
  width: `Width must be a whole number from 1 to ${MAX_SEARCH_WIDTH}.`,
};
/** Bytes per sample (a jumbo frame and then some). */
export const MAX_SAMPLE_BYTES = 1 << 16;

export interface FieldError {
  /** 'samples.1.crc', 'fixed.poly', ...: which field, for the API's 422 and the page's highlighting. */
  field: string;
  message: string;
}

export type Parsed = { ok: true; request: IdentifyRequest } | { ok: false; errors: FieldError[] };

/** Bytes as hex pairs joined by `separator` (the inverse of parseHexBytes). */
export const hexBytes = (bytes: Uint8Array, separator = '') =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join(separator);

/** Hex bytes: spaces, commas, colons and '0x' prefixes are ignored; undefined when not hex. */
export function parseHexBytes(text: string): Uint8Array | undefined {
  const digits = text.replace(/0x/gi, '').replace(/[\s,:;-]/g, '');
  if (!/^[0-9a-f]*$/i.test(digits) || digits.length % 2) return undefined;
  return Uint8Array.from({ length: digits.length / 2 }, (_, i) => parseInt(digits.slice(2 * i, 2 * i + 2), 16));
}

type CrcReading = { value: bigint; digits?: number; bits?: number };

/**
 * A CRC value as text, both ways it may be read: hex (its value and the number of digits written,
 * which bounds the width), and, when it is 0b and 0s and 1s, bits in the order sent (their number
 * is the width). `0b12` and `0b` are hex only; `0b10` is both (bits 10, or 0x0b10).
 */
function parseCrc(text: string): { hex?: CrcReading; bits?: CrcReading } {
  const t = text.trim();
  const readings: { hex?: CrcReading; bits?: CrcReading } = {};
  if (/^0b/i.test(t)) {
    const b = t.slice(2).replace(/[\s_]/g, '');
    if (/^[01]{1,64}$/.test(b)) readings.bits = { value: BigInt(`0b${b}`), bits: b.length };
  }
  const h = t.replace(/^0x/i, '').replace(/[\s_]/g, '');
  if (/^[0-9a-f]+$/i.test(h) && h.length <= 16) readings.hex = { value: BigInt(`0x${h}`), digits: h.length };
  return readings;
}

type CrcReader = (text: string) => CrcReading | undefined;

/**
 * How a CRC written 0b is read. Beside bit streams (whose CRC field asks for hex, or 0b and bits)
 * 0b and 0s and 1s is bits, and other 0b text (0b5, 0b12) is hex when some CRC is plainly hex
 * (1f3; all 0b text is bits with a typo). Beside bytes (whose CRC field asks for hex) it is bits
 * when no CRC is hex only, else hex: a capture's CRCs 0b10 and 3f2a are 0x0b10 and 0x3f2a. Until
 * 2026-11-30 every 0b text was bits: 0b10 was the bits 10, and 0b12 or 0b5 were refused.
 */
function crcReader(inputs: readonly SampleInput[]): CrcReader {
  const readings = inputs.map((s) => parseCrc(s.crc));
  const prefixed = (text: string) => /^\s*0b/i.test(text);
  if (inputs.some((s) => s.format === 'bits')) {
    const plainHex = inputs.some((s, i) => !prefixed(s.crc) && readings[i]!.hex);
    return (text) => {
      const r = parseCrc(text);
      return prefixed(text) ? (r.bits ?? (plainHex ? r.hex : undefined)) : r.hex;
    };
  }
  const asBits = readings.some((r) => r.bits) && readings.every((r) => r.bits || !r.hex);
  return (text) => {
    const r = parseCrc(text);
    return asBits ? (prefixed(text) ? r.bits : r.hex) : (r.hex ?? r.bits);
  };
}

function sampleOf(
  input: SampleInput,
  i: number,
  mode: IdentifyMode,
  readCrc: CrcReader,
  errors: FieldError[],
): IdentifySample | undefined {
  const n = i + 1;
  const what = mode === 'codeword' ? 'codeword' : 'message';
  const field = (f: string) => `samples.${i}.${f}`;
  let message: Uint8Array | undefined;
  let bits: number | undefined;
  if (input.format === 'bits') {
    const stream = parseBitString(input.message);
    if (!stream)
      errors.push({
        field: field('message'),
        message: `Sample ${n}: the ${what} is not bits (0 and 1; spaces and underscores allowed).`,
      });
    else if (stream.bits > 8 * MAX_SAMPLE_BYTES)
      errors.push({ field: field('message'), message: `Sample ${n}: at most ${8 * MAX_SAMPLE_BYTES} bits.` });
    else ({ bytes: message, bits } = stream);
  } else if (input.format === 'file') {
    message = input.file;
    if (!message) errors.push({ field: field('file'), message: `Sample ${n}: choose a file.` });
  } else if (input.format === 'ascii') {
    message = new TextEncoder().encode(input.message);
  } else {
    message = parseHexBytes(input.message);
    if (!message)
      errors.push({
        field: field('message'),
        message: `Sample ${n}: the ${what} is not hex bytes (pairs of 0-9, a-f; spaces allowed).`,
      });
  }
  if (message && message.length === 0)
    errors.push({ field: field('message'), message: `Sample ${n}: the ${what} is empty.` });
  if (message && message.length > MAX_SAMPLE_BYTES)
    errors.push({ field: field('message'), message: `Sample ${n}: at most ${MAX_SAMPLE_BYTES} bytes.` });
  const stream = bits === undefined ? {} : { bits };
  if (mode === 'codeword') return message && { message, ...stream };
  const crc = readCrc(input.crc);
  if (!crc)
    errors.push({
      field: field('crc'),
      message:
        input.crc.trim() === ''
          ? `Sample ${n}: enter its CRC in hex.`
          : `Sample ${n}: the CRC must be hex digits (at most 16, e.g. 0xCBF43926), or 0b and its bits as sent (at most 64).`,
    });
  const written = crc?.bits === undefined ? { crcDigits: crc?.digits } : { crcBits: crc.bits };
  return message && crc && { message, ...stream, crc: crc.value, ...written };
}

/** Samples are all bit streams or all bytes, and their CRCs all hex or all bits of one width. */
function checkKinds(samples: (IdentifySample | undefined)[], width: number | undefined, errors: FieldError[]): void {
  const first = samples.find((s) => s !== undefined);
  samples.forEach((s, i) => {
    if (!s || !first) return;
    const n = i + 1;
    if ((s.bits === undefined) !== (first.bits === undefined))
      errors.push({
        field: `samples.${i}.format`,
        message: `Sample ${n}: give every sample as bits, or none (bit streams and bytes cannot be mixed).`,
      });
    if (s.crc === undefined) return;
    if ((s.crcBits === undefined) !== (first.crcBits === undefined))
      errors.push({
        field: `samples.${i}.crc`,
        message: `Sample ${n}: give every CRC in hex, or every CRC as 0b and its bits.`,
      });
    else if (s.crcBits !== undefined && s.crcBits !== (width ?? first.crcBits))
      errors.push({
        field: `samples.${i}.crc`,
        message: `Sample ${n}: the CRC has ${s.crcBits} bits, not ${width ?? first.crcBits}: a CRC given as bits has all W of them.`,
      });
  });
}

function hexValue(text: string, field: string, label: string, errors: FieldError[]): bigint | undefined {
  const t = text.trim();
  if (t === '') return undefined;
  // At least one digit: a digitless '0x' is no value (it was read as 0 and fixed the search to it).
  const v = t.length <= 20 && /^(0x)?[0-9a-f]+$/i.test(t) ? parseHex(t) : undefined;
  if (v === undefined) errors.push({ field, message: `${label} must be a hexadecimal value such as 0x1021.` });
  return v;
}

function fixedOf(input: FixedInput, errors: FieldError[]): FixedParams {
  const fixed: FixedParams = {};
  if (input.width.trim() !== '') {
    const w = Number(input.width);
    if (!Number.isInteger(w) || w < 1 || w > MAX_SEARCH_WIDTH)
      errors.push({ field: 'fixed.width', message: FORM_MESSAGES.width });
    else fixed.width = w;
  }
  const poly = hexValue(input.poly, 'fixed.poly', 'Polynomial', errors);
  const init = hexValue(input.init, 'fixed.init', 'Init', errors);
  const xorout = hexValue(input.xorout, 'fixed.xorout', 'XorOut', errors);
  // Without a fixed width, a value wider than any searched width is refused too (it matched nothing, silently).
  const fits = (v: bigint | undefined, field: string, label: string) => {
    const width = fixed.width ?? MAX_SEARCH_WIDTH;
    if (v === undefined || v >> BigInt(width) === 0n) return;
    // A polynomial with its x^W term (0x104c11db7 for 32 bits, as some tools write it): the form taken.
    const topOnly = field === 'fixed.poly' && fixed.width !== undefined && v >> BigInt(width) === 1n;
    const hint = topOnly ? `: without its x^${width} term it is ${hex(v & ((1n << BigInt(width)) - 1n), width)}` : '';
    errors.push({ field, message: `${label} does not fit in ${width} bits${hint}.` });
  };
  if (poly !== undefined) {
    if (!fixed.width)
      errors.push({
        field: 'fixed.width',
        message: 'Fix the width too: the polynomial is given without its top term.',
      });
    else if (!(poly & 1n)) {
      // Reflected, an even value with its top bit set is odd: code such as zlib's writes CRC-32 0xedb88320.
      const w = fixed.width;
      const normal = poly >> BigInt(w) === 0n ? reflect(poly, w) : 0n;
      const hint =
        normal & 1n
          ? `: ${hex(poly, w)} looks reflected; in normal form, without its x^${w} term, it is ${hex(normal, w)}`
          : '';
      errors.push({ field: 'fixed.poly', message: `The polynomial must be odd (its x^0 term set)${hint}.` });
    }
    fits(poly, 'fixed.poly', 'Polynomial');
    fixed.poly = poly;
  }
  fits(init, 'fixed.init', 'Init');
  fits(xorout, 'fixed.xorout', 'XorOut');
  if (init !== undefined) fixed.init = init;
  if (xorout !== undefined) fixed.xorout = xorout;
  if (input.refin) fixed.refin = input.refin === 'true';
  if (input.refout) fixed.refout = input.refout === 'true';
  if (input.byteOrder) fixed.byteOrder = input.byteOrder;
  return fixed;
}

/**
 * Copies of one sample add nothing: with fewer than two different samples there is nothing to
 * search. One message with two CRCs fits no CRC at all: the search would only say that none fits.
 */
function checkSamplesAgree(samples: IdentifySample[], errors: FieldError[]): void {
  const messageKey = (s: IdentifySample) => `${s.bits ?? ''}:${hexBytes(s.message)}`;
  const key = (s: IdentifySample) => `${messageKey(s)}:${s.crc ?? ''}:${s.crcBits ?? ''}`;
  if (samples.length >= 2 && new Set(samples.map(key)).size === 1) {
    errors.push({ field: 'samples.1.message', message: 'Sample 2 is the same as sample 1: add a different sample.' });
    return;
  }
  const firstWith = new Map<string, number>();
  samples.forEach((s, i) => {
    const first = firstWith.get(messageKey(s));
    if (first === undefined) firstWith.set(messageKey(s), i);
    else if (s.crc !== undefined && s.crc !== samples[first]!.crc)
      errors.push({
        field: `samples.${i}.crc`,
        message: `Sample ${i + 1} has the message of sample ${first + 1} with another CRC: no CRC gives both.`,
      });
  });
}

/** Checks the form and builds the request (at least two samples). */
export function parseIdentify(mode: IdentifyMode, inputs: readonly SampleInput[], fixedInput: FixedInput): Parsed {
  const errors: FieldError[] = [];
  if (inputs.length < 2) errors.push({ field: 'samples', message: FORM_MESSAGES.tooFew });
  if (inputs.length > MAX_SAMPLES) errors.push({ field: 'samples', message: FORM_MESSAGES.tooMany });
  const readCrc = crcReader(inputs);
  const samples = inputs.slice(0, MAX_SAMPLES).map((s, i) => sampleOf(s, i, mode, readCrc, errors));
  const fixed = fixedOf(fixedInput, errors);
  checkKinds(samples, fixed.width, errors);
  // Width open in message mode: the CRCs bound it (4 hex digits: 16 bits at most), and an init or
  // xorout wider than that matched nothing ("No CRC of the widths searched reproduces every sample").
  if (!fixed.width && mode === 'message' && samples.every((s) => s !== undefined) && !errors.length) {
    const [, widest] = messageWidths({ mode, samples: samples as IdentifySample[], fixed });
    const fits = (v: bigint | undefined, field: string, label: string) => {
      if (v !== undefined && v >> BigInt(widest) !== 0n)
        errors.push({ field, message: `${label} does not fit in ${widest} bits, the widest CRC the samples allow.` });
    };
    fits(fixed.init, 'fixed.init', 'Init');
    fits(fixed.xorout, 'fixed.xorout', 'XorOut');
  }
  if (fixed.width) {
    samples.forEach((s, i) => {
      if (s?.crc !== undefined && s.crc >> BigInt(fixed.width!) !== 0n)
        errors.push({
          field: `samples.${i}.crc`,
          message: `Sample ${i + 1}: the CRC does not fit in ${fixed.width} bits.`,
        });
      // A codeword must hold a message before its CRC (it was answered "No CRC ... reproduces").
      if (mode === 'codeword' && s) {
        const crcSize = s.bits === undefined ? Math.ceil(fixed.width! / 8) : fixed.width!;
        const unit = s.bits === undefined ? 'bytes' : 'bits';
        const size = s.bits ?? s.message.length;
        if (size <= crcSize)
          errors.push({
            field: `samples.${i}.message`,
            message: `Sample ${i + 1}: a codeword of ${size} ${unit} holds no message before a ${fixed.width}-bit CRC.`,
          });
      }
    });
  }
  if (!errors.length) checkSamplesAgree(samples as IdentifySample[], errors);
  if (errors.length) return { ok: false, errors };
  return { ok: true, request: { mode, samples: samples as IdentifySample[], fixed } };
}
