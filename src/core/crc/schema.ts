/**
 * The POST /api/generate request, validated strictly (types, ranges, lengths): anything that
 * does not match is a 422 with a message, never a 500 and never a file.
 */
import { z } from 'zod';
import { MAX_DATA_WIDTH_API, POLY_BITS, mask, parseHex, polyFromBits, type CrcParams, type HdlLanguage } from './params';

const hexValue = z
  .string()
  .max(40, 'must be at most 40 characters')
  .regex(/^\s*(0[xX])?[0-9a-fA-F]+\s*$/, 'must be a hexadecimal number such as 0xFFFF');

export const generateRequestSchema = z
  .object({
    poly: z
      .array(z.union([z.literal(0), z.literal(1)]), { error: 'must be an array of 0/1 coefficients' })
      .length(POLY_BITS, `must have exactly ${POLY_BITS} coefficients (x^0..x^${POLY_BITS - 1})`)
      .refine((bits) => polyFromBits(bits).width >= 1, 'must have a term above x^0'),
    data_width: z.number().int().min(1).max(MAX_DATA_WIDTH_API),
    language: z.enum(['verilog', 'vhdl']),
    init: hexValue.optional(),
    refin: z.boolean().optional(),
    refout: z.boolean().optional(),
    xorout: hexValue.optional(),
  })
  .superRefine((req, ctx) => {
    const { width } = polyFromBits(req.poly);
    if (width < 1) return;
    for (const key of ['init', 'xorout'] as const) {
      const text = req[key];
      if (text !== undefined && parseHex(text)! > mask(width)) {
        ctx.addIssue({ code: 'custom', path: [key], message: `must fit in ${width} bits (the CRC width)` });
      }
    }
  });

export type GenerateRequest = z.infer<typeof generateRequestSchema>;

/** A validated request -> parameters (defaults: init 0, refin false, refout false, xorout 0). */
export function requestParams(req: GenerateRequest): { params: CrcParams; dataWidth: number; language: HdlLanguage } {
  const { width, poly } = polyFromBits(req.poly);
  return {
    params: {
      width,
      poly,
      init: parseHex(req.init ?? '0')!,
      refin: req.refin ?? false,
      refout: req.refout ?? false,
      xorout: parseHex(req.xorout ?? '0')!,
    },
    dataWidth: req.data_width,
    language: req.language,
  };
}
