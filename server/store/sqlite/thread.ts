/**
 * The worker thread that owns the embedded database (better-sqlite3 is synchronous: a lock held by
 * another process, a checkpoint or a large prune blocks this thread, never the server's event
 * loop). It runs SqliteBackend and answers the main thread's requests in order; see
 * client.ts for the other side.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { SqliteBackend, type SqliteOptions } from '.';
import type { DayRange } from '../rollup';
import type { StoredEvent } from '../types';

export type ThreadRequest =
  | { id: number; op: 'write'; events: StoredEvent[] }
  | { id: number; op: 'read'; range: DayRange; limit: number }
  | { id: number; op: 'sync' }
  | { id: number; op: 'close' };

export type ThreadMessage =
  | { type: 'ready'; health: object }
  | { type: 'failed'; message: string }
  | { type: 'health'; health: object }
  | { type: 'done'; id: number; value?: unknown; health: object }
  | { type: 'error'; id: number; name: string; message: string; health: object };

interface ThreadInit {
  file: string;
  options: SqliteOptions;
  integrityCheckMs: number;
}

const port = parentPort!;
const { file, options, integrityCheckMs } = workerData as ThreadInit;

let backend: SqliteBackend;
try {
  backend = new SqliteBackend(file, options);
  backend.startIntegrityChecks(integrityCheckMs, (m) => console.error(m));
  port.postMessage({ type: 'ready', health: backend.healthDetails() } satisfies ThreadMessage);
  // Changes that happen between requests (the integrity check's result) reach /healthz too.
  let last = '';
  setInterval(() => {
    const health = backend.healthDetails();
    const text = JSON.stringify(health);
    if (text !== last) port.postMessage({ type: 'health', health } satisfies ThreadMessage);
    last = text;
  }, 200).unref();
} catch (e) {
  port.postMessage({ type: 'failed', message: e instanceof Error ? e.message : String(e) } satisfies ThreadMessage);
}

async function handle(req: ThreadRequest): Promise<unknown> {
  if (req.op === 'write') return backend.write(req.events);
  if (req.op === 'read') return backend.read(req.range, req.limit);
  if (req.op === 'sync') return backend.sync();
  return backend.close();
}

port.on('message', (req: ThreadRequest) => {
  handle(req).then(
    (value) => port.postMessage({ type: 'done', id: req.id, value, health: backend.healthDetails() }),
    (e: Error) =>
      port.postMessage({
        type: 'error',
        id: req.id,
        name: e.name,
        message: e.message,
        health: backend.healthDetails(),
      }),
  );
});
