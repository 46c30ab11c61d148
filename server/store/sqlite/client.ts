/**
 * The embedded store as seen from the main thread: every database call is a message to the
 * thread that owns the connection (thread.ts), so the event loop never waits on SQLite.
 * Requests are answered in order; health is cached from each answer, so /healthz never asks.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Backend, DayRange, StatsRows } from '../rollup';
import type { SqliteOptions } from '.';
import type { ThreadMessage, ThreadRequest } from './thread';
import { StoreUnavailableError, type StoreHealth, type StoredEvent } from '../types';

type Pending = { resolve: (v: unknown) => void; reject: (e: Error) => void };
type Request = ThreadRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

/** The bundled thread beside the bundled server (dist/server/sqlite-thread.mjs, scripts/build.mjs). */
function threadFile(): string {
  const file = fileURLToPath(new URL('./sqlite-thread.mjs', import.meta.url));
  if (!existsSync(file)) throw new Error(`The database thread ${file} is missing: run npm run build`);
  return file;
}

export class ThreadedSqliteBackend implements Backend {
  readonly name = 'embedded';
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private health: Partial<StoreHealth>;
  private exited?: Error;

  private constructor(
    private readonly worker: Worker,
    initialHealth: Partial<StoreHealth>,
  ) {
    this.health = initialHealth;
    worker.on('message', (m: ThreadMessage) => this.answer(m));
    worker.on('exit', (code) => {
      this.exited = new StoreUnavailableError(`Analytics database thread stopped (exit code ${code})`);
      for (const p of this.pending.values()) p.reject(this.exited);
      this.pending.clear();
    });
  }

  /** Starts the thread and waits until it has opened the database; rejects with its open error. */
  static open(file: string, options: SqliteOptions, integrityCheckMs: number): Promise<ThreadedSqliteBackend> {
    const worker = new Worker(threadFile(), { workerData: { file, options, integrityCheckMs } });
    return new Promise((resolve, reject) => {
      worker.once('message', (m: ThreadMessage) => {
        if (m.type === 'ready') resolve(new ThreadedSqliteBackend(worker, m.health));
        else if (m.type === 'failed') void worker.terminate().then(() => reject(new Error(m.message)));
      });
      worker.once('error', reject);
    });
  }

  private answer(m: ThreadMessage): void {
    if (m.type === 'health') this.health = m.health;
    if (m.type !== 'done' && m.type !== 'error') return;
    this.health = m.health;
    const p = this.pending.get(m.id);
    this.pending.delete(m.id);
    if (!p) return;
    if (m.type === 'done') p.resolve(m.value);
    else if (m.name === 'StoreUnavailableError') p.reject(new StoreUnavailableError(m.message));
    else p.reject(Object.assign(new Error(m.message), { name: m.name }));
  }

  private call(request: Request): Promise<unknown> {
    if (this.exited) return Promise.reject(this.exited);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...request, id });
    });
  }

  async write(events: readonly StoredEvent[]): Promise<void> {
    await this.call({ op: 'write', events: [...events] });
  }

  async sync(): Promise<void> {
    await this.call({ op: 'sync' });
  }

  async read(range: DayRange, limit: number): Promise<StatsRows> {
    return (await this.call({ op: 'read', range, limit })) as StatsRows;
  }

  healthDetails(): Partial<StoreHealth> {
    return this.health;
  }

  async close(): Promise<void> {
    if (this.exited) return;
    await this.call({ op: 'close' });
    await this.worker.terminate();
  }
}
