/** Runs a generation job in the pool; a refusal (503) carries Retry-After. Shared by /api/generate and /api/hdl/*. */
import type { Response } from 'express';
import { GenerateBusyError, type GeneratePool } from '../services/hdl-pool';
import type { HdlJob, HdlJobResult } from '../services/hdl-jobs';

export async function runInPool(pool: GeneratePool, job: HdlJob, res: Response): Promise<HdlJobResult> {
  try {
    return await pool.run(job);
  } catch (e) {
    if (e instanceof GenerateBusyError) res.set('Retry-After', String(e.retryAfterSeconds));
    throw e;
  }
}
