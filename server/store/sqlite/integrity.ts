/** Integrity of the embedded database, checked off the main thread (integrity-worker.ts). */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

/** The bundled worker beside the bundled server (dist/server/integrity-worker.mjs, scripts/build.mjs). */
function workerFile(): string {
  const file = fileURLToPath(new URL('./integrity-worker.mjs', import.meta.url));
  if (!existsSync(file)) throw new Error(`The integrity worker ${file} is missing: run npm run build`);
  return file;
}

/** A running check: the problems `PRAGMA quick_check` finds (at most 20; [] when intact), and its stop. */
export interface IntegrityCheck {
  problems: Promise<string[]>;
  /** Ends the check's thread and waits for it (a store closing must not leave it running). */
  stop(): Promise<void>;
}

export function quickCheck(file: string): IntegrityCheck {
  const worker = new Worker(workerFile(), { workerData: { file } });
  const problems = new Promise<string[]>((resolve, reject) => {
    worker.once('message', (found: string[]) => resolve(found));
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`integrity check exited with code ${code}`));
    });
  });
  return { problems, stop: async () => void (await worker.terminate()) };
}
