/** Runs a job in the pool; a refusal (503) carries Retry-After. Shared by /api/generate, /api/hdl/* and /api/crc/identify. */
import type { Response } from 'express';
import { GenerateBusyError, type GeneratePool } from '../services/hdl-pool';
import type { HdlJob, HdlJobResult } from '../services/hdl-jobs';
import type { IdentifyJob, IdentifyJobResult } from '../services/crc-identify';

export function runInPool(pool: GeneratePool, job: HdlJob, res: Response): Promise<HdlJobResult>;
export function runInPool(pool: GeneratePool, job: IdentifyJob, res: Response): Promise<IdentifyJobResult>;
export async function runInPool(pool: GeneratePool, job: HdlJob | IdentifyJob, res: Response) {
  try {
    return await ('identify' in job ? pool.run(job) : pool.run(job));
  } catch (e) {
    if (e instanceof GenerateBusyError) res.set('Retry-After', String(e.retryAfterSeconds));
    throw e;
  }
}
