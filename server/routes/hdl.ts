/**
 * HDL API: POST /hdl/crc, /hdl/uart, /hdl/fifo and /hdl/fsm take a generator's configuration as
 * JSON (server/routes/hdl-schemas.ts) and answer `{files: [{name, text}], summary}`: the design and,
 * with `testbench: true`, its testbench, byte for byte what the page and the bitsmith command
 * give. Checks and generation run in the worker-thread pool of /api/generate (503 + Retry-After
 * when it is saturated); a refused configuration is a 422 naming the field.
 */
import { Router } from 'express';
import { z } from 'zod';
import { jsonBody } from '../body-limit';
import { validationError } from '../errors';
import { HDL_GENERATORS } from '../services/hdl-names';
import type { GeneratePool } from '../services/hdl-pool';
import { HDL_BODY_LIMITS, oneIssuePerField } from './hdl-schemas';
import { runInPool } from './hdl-run';

/** 422 as POST /api/generate answers it, `{error, details: [{path, message}]}`, an unknown field under its own name. */
function invalidConfiguration(issues: z.core.$ZodIssue[]) {
  return validationError(new z.ZodError(oneIssuePerField(issues)), {
    title: 'Invalid configuration',
    maxIssues: 20,
    maxLength: 500,
  });
}

export function hdlRouter(pool: GeneratePool): Router {
  const router = Router();
  for (const generator of HDL_GENERATORS) {
    const limit = HDL_BODY_LIMITS[generator];
    router.post(`/hdl/${generator}`, ...jsonBody(limit), async (req, res) => {
      // Checked and generated in the pool (services/hdl-jobs.ts): the FSM's checks can take ~100 ms.
      const { files, summary, issues } = await runInPool(pool, { generator, body: req.body }, res);
      if (issues) throw invalidConfiguration(issues);
      res.status(200).json({ files, summary });
    });
  }
  return router;
}
