/**
 * HDL API: POST /hdl/crc, /hdl/uart, /hdl/fifo and /hdl/fsm take a generator's configuration as
 * JSON (server/routes/hdl-schemas.ts) and answer `{files: [{name, text}], summary}`: the design and,
 * with `testbench: true`, its testbench, byte for byte what the page and the bitsmith command
 * give. Checks and generation run in the worker-thread pool of /api/generate (503 + Retry-After
 * when it is saturated); a refused configuration is a 422 naming the field.
 */
import type { Router } from 'express';
import { apiRouter } from './api-router';
import { z } from 'zod';
import { jsonBody } from '../body-limit';
import { validationError } from '../errors';
import { HDL_GENERATORS, type HdlGeneratorName } from '../services/hdl-names';
import type { GeneratePool } from '../services/hdl-pool';
import { HDL_BODY_LIMITS, didYouMean, fieldNames, hdlRequestSchemas, oneIssuePerField } from './hdl-schemas';
import { runInPool } from './hdl-run';

/** 422 as POST /api/generate answers it, `{error, details: [{path, message}]}`, an unknown field under its own name. */
function invalidConfiguration(generator: HdlGeneratorName, issues: z.core.$ZodIssue[]) {
  return validationError(new z.ZodError(oneIssuePerField(issues, FIELD_HINTS[generator])), {
    title: 'Invalid configuration',
    maxIssues: 20,
    maxLength: 500,
  });
}

/** A misspelt field of each generator's body is told the name meant. */
const FIELD_HINTS = Object.fromEntries(
  HDL_GENERATORS.map((g) => [g, didYouMean(fieldNames(hdlRequestSchemas[g]))]),
) as Record<HdlGeneratorName, ReturnType<typeof didYouMean>>;

/** Deeper than any configuration (4 levels at most); a body this deep cannot be sent to a thread (its clone overflows the stack). */
const MAX_BODY_DEPTH = 32;

/** The top-level field under which `body` nests deeper than `max` levels, or undefined (iterative: any depth). */
function tooDeepField(body: unknown, max = MAX_BODY_DEPTH): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  for (const [field, value] of Object.entries(body)) {
    const stack: [unknown, number][] = [[value, 2]];
    while (stack.length > 0) {
      const [v, depth] = stack.pop()!;
      if (typeof v !== 'object' || v === null) continue;
      if (depth > max) return field;
      for (const child of Object.values(v)) stack.push([child, depth + 1]);
    }
  }
  return undefined;
}

export function hdlRouter(pool: GeneratePool): Router {
  const router = apiRouter();
  for (const generator of HDL_GENERATORS) {
    const limit = HDL_BODY_LIMITS[generator];
    router.post(`/hdl/${generator}`, ...jsonBody(limit), async (req, res) => {
      const deep = tooDeepField(req.body);
      if (deep !== undefined)
        throw invalidConfiguration(generator, [
          { code: 'custom', path: [deep], message: `nested more than ${MAX_BODY_DEPTH} levels deep`, input: undefined },
        ]);
      // Checked and generated in the pool (services/hdl-jobs.ts): the FSM's checks can take ~100 ms.
      const { files, summary, issues } = await runInPool(pool, { generator, body: req.body }, res);
      if (issues) throw invalidConfiguration(generator, issues);
      res.status(200).json({ files, summary });
    });
  }
  return router;
}
