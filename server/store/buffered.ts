/**
 * The write path in front of any backend. An accepted event gets an id, is appended to the
 * journal (server/store/journal.ts: group commit, one fdatasync per batch) and only then
 * acknowledged: `record` resolves once the event is on disk, whatever the database is doing, and
 * rejects with JournalRefusedError (the API answers 503 with Retry-After) when the journal is full
 * or the disk refuses the write; it never resolves for an event that is not on disk.
 *
 * Behind the journal, events are written to the database in batches (whatever arrived while the
 * previous batch was being written). The in-memory queue is only that batching stage: it holds at
 * most `memoryLimit` events; beyond it, or after a restart, events are read back from the journal.
 * A journal segment is deleted once every event in it is committed. The database ignores an id it
 * already has, so a replay after a crash never counts an event twice. A failed write marks the
 * store unavailable and is retried with exponential backoff.
 */
import { randomBytes } from 'node:crypto';
import { DEFAULT_TOP_LIMIT, MAX_TOP_LIMIT } from '../../src/core/analytics/contract';
import { dayRange, toStats, type Backend } from './rollup';
import { Journal, JournalRefusedError, type Cursor, type JournaledEvent } from './journal';
import {
  StoreUnavailableError,
  type AnalyticsStore,
  type Stats,
  type StatsQuery,
  type StoreHealth,
  type StoredEvent,
} from './types';

/** Default size limit of the journal (ANALYTICS_JOURNAL_MB). */
export const DEFAULT_JOURNAL_BYTES = 256 * 1024 * 1024;

export interface BufferOptions {
  /** Directory of the journal (DATA_DIR/analytics-journal in the server). */
  journalDir: string;
  /** Most bytes the journal holds; beyond it events are refused (503). */
  journalLimitBytes?: number;
  /** Journal segment size (default: an eighth of the limit, 64 KB to 4 MB). */
  journalSegmentBytes?: number;
  /** Most events waiting in memory for the database; the rest are read back from the journal. */
  memoryLimit?: number;
  /** Largest batch handed to the backend at once. */
  maxBatch?: number;
  /** How long stats wait for the events accepted before them to be written. */
  ackTimeoutMs?: number;
  /** Backoff between retries after a failed write: from min, doubling, up to max. */
  retryMinMs?: number;
  retryMaxMs?: number;
  /** How long `close` keeps trying to write the journal to the database (server/index.ts force-exits after 10 s). */
  shutdownFlushMs?: number;
  log?: (message: string) => void;
}

interface Waiter {
  /** Resolved once this many events (in journal order) have been written. */
  seq: number;
  /** ...or at this time (ms), whichever comes first. */
  deadline: number;
  resolve: () => void;
}

export class BufferedStore implements AnalyticsStore {
  private readonly journal: Journal;
  /** Events written + 0 .. written + queue.length - 1, in memory, waiting for the database. */
  private queue: JournaledEvent[] = [];
  /** Events after the queue are only in the journal; `cursor` is where the next one is. */
  private spilled: boolean;
  private cursor: Cursor;
  private written = 0;
  private refused = 0;
  private waiters: Waiter[] = [];
  private draining: Promise<void> | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private ackTimer: NodeJS.Timeout | null = null;
  private failures = 0;
  private available = true;
  private lastError?: string;
  private closed = false;
  /** Event ids: 96 random bits per process, then a counter. */
  private readonly idPrefix = randomBytes(12).toString('base64url');
  private nextId = 0;
  private readonly opts: Required<Omit<BufferOptions, 'journalSegmentBytes'>>;

  constructor(
    private readonly backend: Backend,
    options: BufferOptions,
  ) {
    this.opts = {
      journalLimitBytes: DEFAULT_JOURNAL_BYTES,
      memoryLimit: 10_000,
      maxBatch: 5_000,
      ackTimeoutMs: 1_000,
      retryMinMs: 100,
      retryMaxMs: 5_000,
      shutdownFlushMs: 8_000,
      log: (m) => console.warn(m),
      ...options,
    };
    this.journal = Journal.open(options.journalDir, {
      limitBytes: this.opts.journalLimitBytes,
      segmentBytes: options.journalSegmentBytes,
      log: this.opts.log,
    });
    // What the journal holds from before (a crash, or a database that was down at the last stop)
    // is replayed now; the database ignores the events it already has.
    this.cursor = this.journal.start();
    this.spilled = this.journal.recovered > 0;
    this.kick();
  }

  get name(): string {
    return this.backend.name;
  }

  /** Resolves once the events are in the journal on disk; rejects with JournalRefusedError if not. */
  async record(events: StoredEvent[]): Promise<void> {
    if (events.length === 0) return;
    const stamped: JournaledEvent[] = events.map((e) => ({
      ...e,
      id: `${this.idPrefix}${(this.nextId++).toString(36)}`,
    }));
    let at: Cursor;
    try {
      if (this.closed) throw new JournalRefusedError('Analytics storage is shutting down', 'disk');
      at = await this.journal.append(stamped);
    } catch (e) {
      this.countRefused(stamped.length, e as Error);
      throw e;
    }
    // Appends resolve in journal order. An event already read back from the journal is not queued twice.
    const next = this.written + this.queue.length;
    if (!this.spilled && at.index === next && this.queue.length + stamped.length <= this.opts.memoryLimit)
      for (const e of stamped) this.queue.push(e);
    else if (!this.spilled && at.index >= next) {
      this.spilled = true;
      this.cursor = at;
    }
    this.kick();
  }

  /** Resolves once the first `seq` events are written, or after the ack timeout. */
  private writtenUpTo(seq: number): Promise<void> {
    if (this.written >= seq) return Promise.resolve();
    return new Promise<void>((resolve) => {
      this.waiters.push({ seq, deadline: Date.now() + this.opts.ackTimeoutMs, resolve });
      this.armAckTimer();
    });
  }

  /**
   * One timer for all waiters: waiters arrive in deadline order, so it fires for the oldest,
   * answers every waiter past its deadline, re-arms.
   */
  private armAckTimer(): void {
    if (this.ackTimer || this.waiters.length === 0) return;
    this.ackTimer = setTimeout(
      () => {
        this.ackTimer = null;
        const now = Date.now();
        let n = 0;
        while (n < this.waiters.length && this.waiters[n]!.deadline <= now) this.waiters[n++]!.resolve();
        this.waiters.splice(0, n);
        this.armAckTimer();
      },
      Math.max(0, this.waiters[0]!.deadline - Date.now()),
    );
    this.ackTimer.unref();
  }

  async stats(query: StatsQuery): Promise<Stats> {
    if (!this.available) throw new StoreUnavailableError(this.unavailableMessage());
    // Events acknowledged before this request are written before we read (later arrivals need not be).
    await this.writtenUpTo(this.journal.end);
    if (!this.available) throw new StoreUnavailableError(this.unavailableMessage());
    const limit = Math.min(Math.max(1, Math.floor(query.limit ?? DEFAULT_TOP_LIMIT)), MAX_TOP_LIMIT);
    const range = dayRange(query.days, query.now);
    return toStats(range, await this.backend.read(range, limit));
  }

  /** Events acknowledged (in the journal) but not yet in the database. */
  private get behind(): number {
    return this.journal.end - this.written;
  }

  /** Writes everything acknowledged to the database, retrying at once instead of waiting out the backoff. */
  async flush(timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    await this.journal.whenIdle();
    while (this.behind > 0 || this.draining) {
      if (this.draining) await this.draining;
      else {
        if (Date.now() > deadline) break;
        this.clearRetry();
        this.kick(false);
        await this.draining;
        if (this.behind > 0 && !this.available)
          await sleep(Math.min(this.backoff(), Math.max(0, deadline - Date.now())));
      }
    }
    if (this.behind > 0)
      throw new StoreUnavailableError(
        `${this.behind} analytics events are not in the database yet (${this.lastError ?? 'timeout'}); ` +
          `they stay in the journal ${this.journal.dir} and are written at the next start`,
      );
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    try {
      await this.flush(this.opts.shutdownFlushMs);
      // Everything is in the database (and durable): a clean stop leaves an empty journal.
      await this.backend.sync?.();
      await this.journal.releaseAll(this.written);
    } catch (e) {
      this.opts.log(`Analytics store closing: ${(e as Error).message}`);
    } finally {
      this.clearRetry();
      this.releaseWaiters();
      if (this.ackTimer) clearTimeout(this.ackTimer);
      await this.journal.close();
      await this.backend.close();
    }
  }

  health(): StoreHealth {
    const details = this.backend.healthDetails?.();
    return {
      backend: this.backend.name,
      // A database known to be corrupt refuses writes: unavailable before any event tries one.
      available: this.available && details?.integrity !== 'corrupt',
      buffered: this.behind,
      journalBytes: this.journal.bytes(),
      journalLimitBytes: this.journal.limitBytes,
      refused: this.refused,
      stored: this.written,
      ...details,
      ...(this.lastError ? { lastError: this.lastError } : {}),
    };
  }

  /** Starts a drain unless one runs or a retry is pending (`deferred`: let the event loop gather a batch). */
  private kick(deferred = true): void {
    if (this.draining || this.retryTimer || this.behind === 0) return;
    this.draining = (async () => {
      if (deferred) await new Promise((r) => setImmediate(r));
      await this.drain();
    })().finally(() => {
      this.draining = null;
      if ((this.queue.length > 0 || this.spilled) && this.available && !this.retryTimer) this.kick();
    });
  }

  private async drain(): Promise<void> {
    for (;;) {
      try {
        if (this.queue.length === 0 && this.spilled) await this.readBack();
      } catch (e) {
        this.onWriteFailure(e);
        return;
      }
      if (this.queue.length === 0) return;
      const batch = this.queue.slice(0, this.opts.maxBatch);
      try {
        await this.backend.write(batch);
      } catch (e) {
        this.onWriteFailure(e);
        return;
      }
      this.queue.splice(0, batch.length);
      this.written += batch.length;
      await this.releaseJournal();
      if (!this.available) this.opts.log(`Analytics storage is back; ${this.behind} journaled events left to write`);
      this.available = true;
      this.failures = 0;
      this.lastError = undefined;
      this.releaseWaiters(this.written);
    }
  }

  /** Deletes the journal segments whose events are all written, once the database made them durable. */
  private async releaseJournal(): Promise<void> {
    if (!this.journal.releasable(this.written)) return;
    try {
      await this.backend.sync?.();
    } catch {
      return; // kept until the next batch's attempt: nothing is lost by keeping a segment longer
    }
    this.journal.release(this.written);
  }

  /** Refills the (empty) queue from the journal; once it has caught up, appends queue in memory again. */
  private async readBack(): Promise<void> {
    const events = await this.journal.read(this.cursor, this.opts.maxBatch);
    for (const e of events) this.queue.push(e);
    if (this.cursor.index >= this.journal.end) this.spilled = false;
  }

  private onWriteFailure(e: unknown): void {
    this.lastError = e instanceof Error ? e.message : String(e);
    if (this.available) this.opts.log(`Analytics storage unavailable, events wait in the journal: ${this.lastError}`);
    this.available = false;
    this.failures++;
    // Stats waiting for this batch are answered now (with 503).
    this.releaseWaiters();
    if (!this.closed) {
      this.retryTimer = setTimeout(() => {
        this.retryTimer = null;
        this.kick(false);
      }, this.backoff());
      this.retryTimer.unref();
    }
  }

  private backoff(): number {
    return Math.min(this.opts.retryMinMs * 2 ** Math.max(0, this.failures - 1), this.opts.retryMaxMs);
  }

  private clearRetry(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  /** Resolves waiters whose events are written (all of them when `upTo` is omitted). */
  private releaseWaiters(upTo = Infinity): void {
    let n = 0;
    for (const waiter of this.waiters) {
      if (waiter.seq > upTo) break;
      waiter.resolve();
      n++;
    }
    if (n > 0) this.waiters.splice(0, n);
  }

  private countRefused(n: number, e: Error): void {
    if (this.refused === 0 || Math.floor(this.refused / 1000) !== Math.floor((this.refused + n) / 1000))
      this.opts.log(`Analytics events refused with 503 (${e.message}): ${this.refused + n} so far`);
    this.refused += n;
  }

  private unavailableMessage(): string {
    return 'Analytics storage is unavailable, statistics will be back when it reconnects';
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
