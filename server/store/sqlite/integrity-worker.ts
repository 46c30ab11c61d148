/**
 * Runs `PRAGMA quick_check` on its own read-only connection in a worker thread, so checking a
 * large database never blocks the server's event loop. Posts the problems found ([] = intact).
 */
import Database from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';

const { file } = workerData as { file: string };
let problems: string[];
try {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    db.pragma('busy_timeout = 60000');
    const rows = db.pragma('quick_check(20)', { simple: false }) as { quick_check: string }[];
    problems = rows.map((r) => r.quick_check).filter((m) => m !== 'ok');
  } finally {
    db.close();
  }
} catch (e) {
  problems = [e instanceof Error ? e.message : String(e)];
}
parentPort?.postMessage(problems);
