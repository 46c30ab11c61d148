/**
 * POST /api/crc/identify: the CRC page's Identify search (src/core/crc/identify) over JSON, in the
 * worker-thread pool of /api/hdl/* (server/services/crc-identify.ts) with the page's limits, so
 * the event loop only parses the JSON. 503 + Retry-After when the pool is saturated; a search
 * still running at the pool's deadline (GENERATE_TIMEOUT_MS) is stopped and answered 422 with
 * what narrows it.
 */
import type { Router } from 'express';
import { apiRouter } from './api-router';
import { z } from 'zod';
import { jsonBody } from '../body-limit';
import { HttpError, problemsError, validationError } from '../errors';
import { identifyJob } from '../services/crc-identify';
import { DeadlineError, type GeneratePool } from '../services/hdl-pool';
import { runInPool } from './hdl-run';
import { didYouMean, fieldNames, oneIssuePerField, type UnknownFieldHint } from './hdl-schemas';
import { FIELD_SENTENCES } from './field-sentences';
import { FORM_MESSAGES, MAX_SAMPLES, NO_FIXED, type FixedInput } from '../../src/core/crc/identify';
import { MAX_SEARCH_WIDTH } from '../../src/core/crc/identify/setups';

/**
 * A MiB of JSON: a jumbo frame's worth of hex in every sample of a full set, or a few samples of
 * the page's 64 KiB; JSON.parse of it takes a few milliseconds of the event loop.
 */
export const IDENTIFY_BODY_LIMIT = 1024 * 1024;

const hexText = z.string().max(20);

/** The parameters the user knows already: the search looks only where they hold. */
const fixedSchema = z
  .object({
    width: z.number({ error: FORM_MESSAGES.width }).int().min(1).max(MAX_SEARCH_WIDTH).optional(),
    poly: hexText.optional().meta({ description: 'Without the x^width term, e.g. 0x8005.' }),
    init: hexText.optional(),
    xorout: hexText.optional(),
    refin: z.boolean().optional(),
    refout: z.boolean().optional(),
    byteOrder: z
      .enum(['big', 'little'])
      .optional()
      .meta({ description: "Codeword mode only: the order of the CRC's bytes at the end of each codeword." }),
  })
  .strict();
/** The fields of fixed, which a client may put at the top by mistake. */
const FIXED_FIELDS = Object.keys(fixedSchema.shape);

export const identifyRequestSchema = z
  .object({
    mode: z.enum(['message', 'codeword']).default('message'),
    samples: z
      .array(
        z
          .object({
            message: z.string().max(IDENTIFY_BODY_LIMIT),
            format: z
              .enum(['hex', 'ascii', 'bits'])
              .default('hex')
              .meta({ description: 'bits: 0 and 1 in the order sent (spaces, underscores allowed), any length.' }),
            crc: z.string().max(100).optional().meta({
              description: 'The CRC in hex as the algorithm outputs it, or 0b and its bits as sent (message mode).',
            }),
          })
          .strict(),
      )
      .min(2, FORM_MESSAGES.tooFew)
      .max(MAX_SAMPLES, FORM_MESSAGES.tooMany),
    fixed: fixedSchema.default({}),
  })
  .strict()
  // Only a codeword carries its CRC in bytes of some order: in message mode the field was ignored
  // silently (the command refuses --byte-order without --codeword, the page shows it for codewords).
  .superRefine((body, ctx) => {
    if (body.mode === 'message' && body.fixed.byteOrder !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['fixed', 'byteOrder'],
        message: 'The byte order goes with codeword mode (the CRC of a message has no bytes to order).',
      });
    // A codeword carries its CRC: a sample's crc beside it was dropped without a word.
    if (body.mode === 'codeword')
      body.samples.forEach((sample, i) => {
        if (sample.crc !== undefined)
          ctx.addIssue({
            code: 'custom',
            path: ['samples', i, 'crc'],
            message: `Sample ${i + 1}: a codeword carries its CRC at its end; give it in message, not in crc (or use message mode).`,
          });
      });
  });

export const identifyAnswerSchema = z.object({
  matches: z.array(
    z.object({
      name: z.string().nullable(),
      aliases: z.array(z.string()),
      width: z.number().int(),
      poly: z.string(),
      init: z.string(),
      refin: z.boolean(),
      refout: z.boolean(),
      xorout: z.string(),
      check: z.string(),
      byteOrder: z.enum(['big', 'little']).optional(),
      leftAligned: z.boolean().optional().meta({ description: 'Codewords: the CRC is in the top bits of its bytes.' }),
      equivalents: z.number().int().meta({ description: 'Other init/xorout pairs giving the same CRCs.' }),
    }),
  ),
  families: z.array(
    z.object({
      width: z.number().int(),
      poly: z.string(),
      init: z.string(),
      refin: z.boolean(),
      refout: z.boolean(),
      xorout: z.string(),
      count: z.string().meta({ description: 'Parameter sets of this polynomial that fit (decimal).' }),
      names: z.array(z.string()),
      byteOrder: z.enum(['big', 'little']).optional(),
      leftAligned: z.boolean().optional(),
    }),
  ),
  remaining: z.string().meta({ description: 'Every parameter set that fits (decimal).' }),
  missing: z.array(z.string()).meta({ description: 'What the samples lack to decide.' }),
  truncated: z.boolean(),
  widths: z.tuple([z.number().int(), z.number().int()]),
  decider: z.string().nullable().meta({
    description:
      'When several sets remain: a message (hex) for which each gives a different CRC, so one more sample of it decides.',
  }),
  undecidable: z.array(z.enum(['refin', 'refout'])).meta({
    description: 'What no number of these samples can decide: refin for bit streams, refout for CRCs as bits.',
  }),
});

const fixedInput = (f: z.infer<typeof identifyRequestSchema>['fixed']): FixedInput => ({
  width: f.width?.toString() ?? '',
  poly: f.poly ?? '',
  init: f.init ?? '',
  xorout: f.xorout ?? '',
  refin: f.refin === undefined ? '' : f.refin ? 'true' : 'false',
  refout: f.refout === undefined ? '' : f.refout ? 'true' : 'false',
  byteOrder: f.byteOrder ?? NO_FIXED.byteOrder,
});

/**
 * A refused request, from the schema or the search's own checks in the thread alike: the first 20
 * problems by field, and `error` in at most 500 characters (docs/api.md, Errors).
 */
const INVALID_REQUEST = { title: 'Invalid identify request', maxIssues: 20, maxLength: 500 };

/**
 * A top-level field that belongs under fixed (`"width": 8`) is told so; another misspelt one the
 * name meant.
 */
const FIELD_HINT: UnknownFieldHint = (key) =>
  FIXED_FIELDS.includes(key) ? 'it goes under fixed' : didYouMean(fieldNames(identifyRequestSchema))(key);

/** What to do about a search that ran out of time. */
const tooLong = (e: DeadlineError) =>
  `The search did not finish within ${e.timeoutMs / 1000} s: fix the width (and, for codewords, the byte order) or the polynomial, or add samples of equal length.`;

export function crcIdentifyRouter(pool: GeneratePool): Router {
  const router = apiRouter();
  router.post('/crc/identify', ...jsonBody(IDENTIFY_BODY_LIMIT), async (req, res) => {
    const body = identifyRequestSchema.safeParse(req.body, FIELD_SENTENCES);
    if (!body.success)
      throw validationError(new z.ZodError(oneIssuePerField(body.error.issues, FIELD_HINT)), INVALID_REQUEST);
    const { mode, samples, fixed } = body.data;
    const inputs = samples.map((s) => ({ format: s.format, message: s.message, crc: s.crc ?? '' }));
    const job = identifyJob({ mode, inputs, fixed: fixedInput(fixed) });
    const answer = await runInPool(pool, job, res).catch((e: unknown) => {
      if (!(e instanceof DeadlineError)) throw e;
      throw new HttpError(422, tooLong(e), [{ path: 'fixed.width', message: tooLong(e) }]);
    });
    if ('errors' in answer)
      throw problemsError(
        answer.errors.map((e) => ({ path: e.field, message: e.message })),
        INVALID_REQUEST,
      );
    res.json(answer.report);
  });
  return router;
}
