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

/** A thread that exited is replaced on the next call, but no sooner than this after the last start. */
export const RESTART_INTERVAL_MS = 1_000;

interface ThreadInit {
  thread: string;
  file: string;
  options: SqliteOptions;
  integrityCheckMs: number;
}

/** Starts a thread and waits until it has opened the database; rejects with its open error. */
function startThread(init: ThreadInit): Promise<{ worker: Worker; health: Partial<StoreHealth> }> {
  const { thread, ...workerData } = init;
  const worker = new Worker(thread, { workerData });
  return new Promise((resolve, reject) => {
    worker.once('message', (m: ThreadMessage) => {
      if (m.type === 'ready') resolve({ worker, health: m.health });
      else if (m.type === 'failed') {
        // Rejected at once: the thread may exit before terminate() settles, and its exit would win.
        reject(new Error(m.message));
        void worker.terminate();
      }
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the database thread stopped while opening (exit code ${code})`)));
  });
}

export class ThreadedSqliteBackend implements Backend {
  readonly name = 'embedded';
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private health: Partial<StoreHealth>;
  private worker!: Worker;
  /** Set while no thread runs: why the last one stopped. */
  private exited?: Error;
  private startedAt = Date.now();
  private restarting: Promise<void> | null = null;
  private closed = false;

  private constructor(
    private readonly init: ThreadInit,
    worker: Worker,
    initialHealth: Partial<StoreHealth>,
  ) {
    this.health = initialHealth;
    this.attach(worker);
  }

  /** Starts the thread and waits until it has opened the database; rejects with its open error. */
  static async open(
    file: string,
    options: SqliteOptions,
    integrityCheckMs: number,
    thread = threadFile(),
  ): Promise<ThreadedSqliteBackend> {
    const init = { thread, file, options, integrityCheckMs };
    const { worker, health } = await startThread(init);
    return new ThreadedSqliteBackend(init, worker, health);
  }

  private attach(worker: Worker): void {
    this.worker = worker;
    this.exited = undefined;
    let error: Error | undefined;
    worker.on('message', (m: ThreadMessage) => this.answer(m));
    // An uncaught error in the thread: it exits next (an 'error' without a listener would crash the server).
    worker.on('error', (e) => (error = e));
    worker.on('exit', (code) => {
      this.exited = new StoreUnavailableError(
        `Analytics database thread stopped (exit code ${code}${error ? `: ${error.message}` : ''})`,
      );
      for (const p of this.pending.values()) p.reject(this.exited);
      this.pending.clear();
    });
  }

  /**
   * Replaces a thread that exited (an uncaught error, a resource limit), at most once a
   * RESTART_INTERVAL_MS: requests wait for it, and the journal's events are written by the new
   * one. A thread that fails to start rejects the requests waiting; the next request tries again.
   */
  private restart(): Promise<void> {
    this.restarting ??= (async () => {
      await sleep(this.startedAt + RESTART_INTERVAL_MS - Date.now());
      if (this.closed) throw this.exited!;
      this.startedAt = Date.now();
      const { worker, health } = await startThread(this.init).catch((e: Error) => {
        throw new StoreUnavailableError(`Analytics database thread could not be restarted: ${e.message}`);
      });
      if (this.closed) {
        await worker.terminate();
        throw this.exited!;
      }
      this.health = health;
      this.attach(worker);
    })().finally(() => (this.restarting = null));
    return this.restarting;
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

  private async call(request: Request): Promise<unknown> {
    // Without a thread, wait for a new one (requests still reach it in the order they were made).
    if (this.exited) await this.restart();
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
    if (this.closed) return;
    this.closed = true;
    await this.restarting?.catch(() => {});
    if (this.exited) return;
    await this.call({ op: 'close' });
    await this.worker.terminate();
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));
