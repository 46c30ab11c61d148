/**
 * The CRC generate request, checked in the two places it is made: the CRC page's form and
 * POST /api/generate. One set of rules (a term above x^0, init/xorout as hexadecimal text of at
 * most 40 characters that fits the CRC width, the data width range) and the page's sentences; the
 * API's are strict per field (anything that does not match is a 422 naming the field, never a 500
 * and never a file).
 */
import { z } from 'zod';
import { wholeNumberError } from '../number-text';
import { HDL_LANGUAGES, type HdlLanguage } from '../hdl/contract';
import {
  dataWidthMessage,
  doesNotFitMessage,
  fitsWidth,
  isDataWidth,
  MAX_PIPELINE_STAGES,
  PARTIAL_WIDTH_MESSAGE,
  PIPELINE_MESSAGE,
  type CrcConfig,
} from '../hdl/crc/config';
import {
  MAX_DATA_WIDTH_API,
  MAX_DATA_WIDTH_UI,
  MIN_DATA_WIDTH,
  POLY_BITS,
  parseHex,
  polyFromBits,
  type CrcParams,
} from './params';

/** Longest init/xorout text accepted. */
const HEX_MAX_LENGTH = 40;
/** init/xorout: hexadecimal digits, optionally 0x-prefixed, optionally surrounded by spaces. */
const HEX_TEXT = /^\s*(0[xX])?[0-9a-fA-F]+\s*$/;

const hasTermAboveX0 = (bits: readonly number[]): boolean => polyFromBits(bits).width >= 1;

// ---- The page's form -------------------------------------------------------------------------

/** The page's parameter fields as typed; a blank init/xorout means 0. */
export interface CustomFields {
  init: string;
  xorout: string;
  refin: boolean;
  refout: boolean;
}

/** A failure names the field it is about when there is one (the page marks that field invalid). */
export type Checked<T> = { ok: true; value: T } | { ok: false; error: string; field?: 'init' | 'xorout' };

/** The data width box: a whole number in the page's range (1..128). */
export function checkDataWidth(text: string): Checked<number> {
  const n = Number(text);
  // Decimal digits only: the number field shows nothing for '0x10' or ' 16' (from a link or a
  // draft), which Number() reads as 16, so the figures and Generate used a width not on the page.
  if (!/^\d+$/.test(text) || !isDataWidth(n, MAX_DATA_WIDTH_UI)) {
    return { ok: false, error: dataWidthMessage(MAX_DATA_WIDTH_UI) };
  }
  return { ok: true, value: n };
}

/** Hexadecimal text as the API accepts it (at least one digit, `0x` optional); undefined otherwise. */
export function parseHexText(text: string): bigint | undefined {
  if (text.length > HEX_MAX_LENGTH) return undefined;
  return HEX_TEXT.test(text) ? parseHex(text) : undefined;
}

/** A field's value: blank is 0; undefined when the text is not an acceptable hexadecimal value. */
function hexField(text: string): bigint | undefined {
  if (text.length <= HEX_MAX_LENGTH && text.trim() === '') return 0n;
  return parseHexText(text);
}

/** The parameters the polynomial bits and fields describe, or why they do not. */
export function checkParams(bits: number[], fields: CustomFields): Checked<CrcParams> {
  const { width, poly } = polyFromBits(bits);
  if (!hasTermAboveX0(bits)) {
    return { ok: false, error: 'Select at least one term above x0 (the CRC width is the highest set power).' };
  }
  const values: Record<'init' | 'xorout', bigint> = { init: 0n, xorout: 0n };
  for (const key of ['init', 'xorout'] as const) {
    const label = key === 'init' ? 'Init' : 'XorOut';
    const v = hexField(fields[key]);
    if (v === undefined)
      return { ok: false, error: `${label} must be a hexadecimal value such as 0xFFFF.`, field: key };
    if (!fitsWidth(v, width)) return { ok: false, error: doesNotFitMessage(label, width), field: key };
    values[key] = v;
  }
  const { refin, refout } = fields;
  return { ok: true, value: { width, poly, init: values.init, xorout: values.xorout, refin, refout } };
}

/** The page's wide-data-path options; the defaults give the classic single-cycle design. */
export interface StreamOptions {
  partialLastWord: boolean;
  pipelineStages: number;
}

/** The options left out (in the page's request and the API's): the classic single-cycle design. */
export const STREAM_DEFAULTS: Readonly<StreamOptions> = { partialLastWord: false, pipelineStages: 0 };

/**
 * init/refin/refout/xorout as sent: all four when any differs from the default (0, false, false,
 * 0), else none, so a plain polynomial's request is the spec's {poly, data_width, language}.
 */
function paramFields(fields: CustomFields) {
  const init = fields.init.trim() || '0';
  const xorout = fields.xorout.trim() || '0';
  const isDefault = parseHexText(init) === 0n && parseHexText(xorout) === 0n && !fields.refin && !fields.refout;
  return isDefault ? {} : { init, refin: fields.refin, refout: fields.refout, xorout };
}

/**
 * The POST /api/generate body: the spec's three fields, plus the parameters and the
 * wide-data-path options only when they are not the defaults (so the request is the spec's).
 */
export function generateBody(
  bits: number[],
  dataWidth: number,
  language: HdlLanguage,
  fields: CustomFields,
  options: StreamOptions = STREAM_DEFAULTS,
) {
  return {
    poly: bits,
    data_width: dataWidth,
    language,
    ...paramFields(fields),
    ...(options.partialLastWord ? { partial_last_word: true } : {}),
    ...(options.pipelineStages ? { pipeline_stages: options.pipelineStages } : {}),
  };
}

// ---- POST /api/generate ----------------------------------------------------------------------

/** The page's names of the hexadecimal fields, for their messages. */
const HEX_LABELS: Record<string, string> = { init: 'Init', xorout: 'XorOut', poly: 'Polynomial' };
const hexLabel = (path: readonly PropertyKey[] | undefined) => HEX_LABELS[String(path?.at(-1))] ?? 'The value';

/**
 * Hexadecimal text of at most 40 characters: init and xorout here, and in POST /api/hdl/crc (and
 * its poly). Its messages are the page's sentences, naming the field (until 2026-12-01 "must be a
 * hexadecimal number such as 0xFFFF" without it).
 */
export const hexValue = z
  .string()
  .max(HEX_MAX_LENGTH, { error: (i) => `${hexLabel(i.path)} must be at most ${HEX_MAX_LENGTH} characters.` })
  .regex(HEX_TEXT, { error: (i) => `${hexLabel(i.path)} must be a hexadecimal value such as 0xFFFF.` });

const POLY_LIST_MESSAGE = `Polynomial must be a list of ${POLY_BITS} coefficients (0 or 1).`;

/**
 * What a parameter left out is, in POST /api/generate and POST /api/hdl/crc alike (the OpenAPI
 * document states each as the field's `default`).
 */
export const PARAMETER_DEFAULTS = { init: '0', xorout: '0', refin: false, refout: false } as const;

/** Not a list, or a list of 0s and 1s: what the list schema then checks alone. */
const noOtherCoefficient = (v: unknown) => !Array.isArray(v) || v.every((b) => b === 0 || b === 1);

/** Strict: a misspelt option (`refIn`) is refused by name, never ignored for its default. */
export const generateRequestSchema = z
  .strictObject({
    poly: z
      // A list with another coefficient (2, "1", true) is told the field's sentence once, not
      // zod's "Invalid input" at each such entry (poly.2, poly.5, ...).
      .custom<unknown>(noOtherCoefficient, POLY_LIST_MESSAGE)
      .pipe(
        z
          .array(z.union([z.literal(0), z.literal(1)]), { error: POLY_LIST_MESSAGE })
          .length(POLY_BITS, `Polynomial must have exactly ${POLY_BITS} coefficients (x^0..x^${POLY_BITS - 1}).`)
          // Only a list of the right length: the wrong one is told that alone.
          .refine(
            (bits) => bits.length !== POLY_BITS || hasTermAboveX0(bits),
            'Polynomial must have a term above x^0.',
          ),
      ),
    data_width: z
      .number(wholeNumberError(dataWidthMessage(MAX_DATA_WIDTH_API), MIN_DATA_WIDTH, MAX_DATA_WIDTH_API))
      .int()
      .min(MIN_DATA_WIDTH)
      .max(MAX_DATA_WIDTH_API),
    language: z.enum(HDL_LANGUAGES),
    init: hexValue.optional().meta({ default: PARAMETER_DEFAULTS.init }),
    refin: z.boolean().optional().meta({ default: PARAMETER_DEFAULTS.refin }),
    refout: z.boolean().optional().meta({ default: PARAMETER_DEFAULTS.refout }),
    xorout: hexValue.optional().meta({ default: PARAMETER_DEFAULTS.xorout }),
    partial_last_word: z.boolean().optional().meta({ default: STREAM_DEFAULTS.partialLastWord }),
    pipeline_stages: z
      .number(wholeNumberError(PIPELINE_MESSAGE, 0, MAX_PIPELINE_STAGES))
      .int()
      .min(0)
      .max(MAX_PIPELINE_STAGES)
      .optional()
      .meta({ default: STREAM_DEFAULTS.pipelineStages }),
  })
  .superRefine((req, ctx) => {
    if (req.partial_last_word && req.data_width % 8 !== 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['partial_last_word'],
        message: PARTIAL_WIDTH_MESSAGE,
      });
    }
    const { width } = polyFromBits(req.poly);
    if (width < 1) return;
    for (const key of ['init', 'xorout'] as const) {
      // Text that is not hex has its own issue; only a value can be too wide.
      const value = req[key] === undefined ? undefined : parseHex(req[key]);
      if (value !== undefined && !fitsWidth(value, width)) {
        ctx.addIssue({ code: 'custom', path: [key], message: doesNotFitMessage(HEX_LABELS[key]!, width) });
      }
    }
  });

export type GenerateRequest = z.infer<typeof generateRequestSchema>;

/** A validated request -> the generator's configuration (fields left out: PARAMETER_DEFAULTS). */
export function requestConfig(req: GenerateRequest): { config: CrcConfig; language: HdlLanguage } {
  const { width, poly } = polyFromBits(req.poly);
  const params: CrcParams = {
    width,
    poly,
    init: parseHex(req.init ?? PARAMETER_DEFAULTS.init)!,
    refin: req.refin ?? PARAMETER_DEFAULTS.refin,
    refout: req.refout ?? PARAMETER_DEFAULTS.refout,
    xorout: parseHex(req.xorout ?? PARAMETER_DEFAULTS.xorout)!,
  };
  const config: CrcConfig = { params, dataWidth: req.data_width };
  // Only options that change the design are kept: without them the file is the classic one.
  if (req.partial_last_word) config.partialLastWord = true;
  if (req.pipeline_stages) config.pipelineStages = req.pipeline_stages;
  return { config, language: req.language };
}
