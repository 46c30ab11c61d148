/** A generation thread of the pool (server/services/hdl-pool.ts): the CRC kernel loads once per thread. */
import { runHdlJob, type HdlJob } from './hdl-jobs';

export default function generate(job: HdlJob) {
  return runHdlJob(job);
}
