import { createClient } from '../bridge';
import type { JwtWorkerApi } from './jwt.worker';

/** The worker that decodes long tokens, started on first use (or while the page holds it). */
export const jwtWorker = createClient<JwtWorkerApi>(
  () => new Worker(new URL('./jwt.worker.ts', import.meta.url), { type: 'module', name: 'jwt' }),
);
