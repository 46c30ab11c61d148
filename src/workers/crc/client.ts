import { createClient } from '../bridge';
import type { CrcWorkerApi } from './crc.worker';

/** The CRC worker, started on first use. */
export const crcWorker = createClient<CrcWorkerApi>(
  () => new Worker(new URL('./crc.worker.ts', import.meta.url), { type: 'module', name: 'crc' }),
);
