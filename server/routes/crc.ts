/**
 * CRC API: GET /predefined (the catalogue) and POST /generate (a Verilog or VHDL download, built
 * in the worker-thread pool of services/hdl-pool.ts; 503 with Retry-After when it is saturated).
 */
import type { Router } from 'express';
import { apiRouter } from './api-router';
import { jsonBody } from '../body-limit';
import { generateRequestSchema, requestConfig } from '../../src/core/crc/request';
import { predefinedBody } from '../services/crc';
import type { GeneratePool } from '../services/hdl-pool';
import { runInPool } from './hdl-run';
import { ZodError, type z } from 'zod';
import { didYouMean, fieldNames, oneIssuePerField } from './hdl-schemas';
import { FIELD_SENTENCES } from './field-sentences';
import type { HdlFile } from '../../src/core/hdl/contract';
import { validationError } from '../errors';

/** A generate request is ~200 bytes (68 coefficients and a few fields). */
export const GENERATE_BODY_LIMIT = 4 * 1024;

/** A misspelt field (`refIn`) is told the name meant. */
const FIELD_HINT = didYouMean(fieldNames(generateRequestSchema));

/** 422 with the first 20 problems listed: `{error, details: [{path, message}]}`. */
const invalidRequest = (error: z.ZodError) =>
  validationError(new ZodError(oneIssuePerField(error.issues, FIELD_HINT)), {
    title: 'Invalid generate request',
    maxIssues: 20,
    maxLength: 500,
  });

export function crcRouter(pool: GeneratePool): Router {
  const router = apiRouter();

  router.get('/predefined', (_req, res) => {
    res.set('Cache-Control', 'public, max-age=300').type('application/json').send(predefinedBody());
  });

  router.post('/generate', ...jsonBody(GENERATE_BODY_LIMIT), async (req, res) => {
    const parsed = generateRequestSchema.safeParse(req.body, FIELD_SENTENCES);
    if (!parsed.success) throw invalidRequest(parsed.error);
    const { config, language } = requestConfig(parsed.data);
    const job = { generator: 'crc', config, language, testbench: false, summary: false } as const;
    const [file] = (await runInPool(pool, job, res)).files as [HdlFile];
    res
      .status(200)
      .set('Content-Disposition', `attachment; filename="${file.name}"`)
      .type(language === 'verilog' ? 'text/x-verilog; charset=utf-8' : 'text/x-vhdl; charset=utf-8')
      .send(file.text);
  });

  return router;
}
