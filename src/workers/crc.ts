import { createWorkerBridge } from './bridge';
import type { CrcWorkerApi } from '../../workers/crc.worker';

/** The CRC worker, started on first use. */
export const crcWorker = createWorkerBridge<CrcWorkerApi>(
  () => new Worker(new URL('../../workers/crc.worker.ts', import.meta.url), { type: 'module', name: 'crc' }),
);
