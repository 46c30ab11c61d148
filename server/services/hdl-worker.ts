/** A thread of the pool (server/services/hdl-pool.ts): HDL generation or a CRC identification; each kernel loads once per thread. */
import { runIdentifyJob } from './crc-identify';
import { runHdlJob } from './hdl-jobs';
import type { PoolJob } from './hdl-pool';

export default function run(job: PoolJob) {
  if (!('identify' in job)) return runHdlJob(job);
  Atomics.store(job.started, 0, 1);
  return runIdentifyJob(job);
}
