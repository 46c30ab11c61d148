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

/** The problems `PRAGMA quick_check` finds in `file` (at most 20); [] when the database is intact. */
export function quickCheck(file: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerFile(), { workerData: { file } });
    worker.once('message', (problems: string[]) => resolve(problems));
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`integrity check exited with code ${code}`));
    });
  });
}
