/**
 * The write path in front of any backend: events queue in memory and are written in batches
 * (group commit: whatever arrived while the previous batch was being written goes in the next one).
 * While the database is healthy, `record` resolves after its batch is written, so an answered
 * request is stored. While it is down, `record` resolves once the events are buffered; the buffer
 * is bounded (extra events are dropped and counted) and is retried with exponential backoff until
 * the database comes back.
 */
import { DEFAULT_TOP_LIMIT, MAX_TOP_LIMIT } from '../../src/core/analytics/contract';
import { dayRange, toStats, type Backend } from './rollup';
import {
  StoreUnavailableError,
  type AnalyticsStore,
  type Stats,
  type StatsQuery,
  type StoreHealth,
  type StoredEvent,
} from './types';

interface BufferOptions {
  /** Most events held in memory while the database is down. */
  bufferLimit?: number;
  /** Largest batch handed to the backend at once. */
  maxBatch?: number;
  /** How long `record` waits for its batch before answering anyway (events stay buffered). */
  ackTimeoutMs?: number;
  /** Backoff between retries after a failed write: from min, doubling, up to max. */
  retryMinMs?: number;
  retryMaxMs?: number;
  /** How long `close` keeps trying to write the buffer (server/index.ts force-exits after 10 s). */
  shutdownFlushMs?: number;
  log?: (message: string) => void;
}

interface Waiter {
  /** Resolved once this many events (in arrival order) have been written. */
  seq: number;
  /** ...or at this time (ms), whichever comes first. */
  deadline: number;
  resolve: () => void;
}

export class BufferedStore implements AnalyticsStore {
  private queue: StoredEvent[] = [];
  private enqueued = 0;
  private written = 0;
  private dropped = 0;
  private waiters: Waiter[] = [];
  private draining: Promise<void> | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private ackTimer: NodeJS.Timeout | null = null;
  private failures = 0;
  private available = true;
  private lastError?: string;
  private closed = false;
  private readonly opts: Required<BufferOptions>;

  constructor(
    private readonly backend: Backend,
    options: BufferOptions = {},
  ) {
    this.opts = {
      bufferLimit: 100_000,
      maxBatch: 5_000,
      ackTimeoutMs: 1_000,
      retryMinMs: 100,
      retryMaxMs: 5_000,
      shutdownFlushMs: 8_000,
      log: (m) => console.warn(m),
      ...options,
    };
  }

  get name(): string {
    return this.backend.name;
  }

  record(events: StoredEvent[]): Promise<void> {
    const room = Math.max(0, this.opts.bufferLimit - this.queue.length);
    const accepted = events.length <= room ? events : events.slice(0, room);
    if (accepted.length < events.length) this.countDrops(events.length - accepted.length);
    if (accepted.length === 0) return Promise.resolve();
    for (const e of accepted) this.queue.push(e);
    this.enqueued += accepted.length;
    const seq = this.enqueued;
    this.kick();
    if (!this.available || this.closed) return Promise.resolve();
    return this.writtenUpTo(seq);
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
   * One timer for all waiters (a timer per request cost ingest throughput): waiters arrive in
   * deadline order, so it fires for the oldest, answers every waiter past its deadline, re-arms.
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
    // Events answered on an ack timeout are written before we read (later arrivals need not be).
    await this.writtenUpTo(this.enqueued);
    if (!this.available) throw new StoreUnavailableError(this.unavailableMessage());
    const limit = Math.min(Math.max(1, Math.floor(query.limit ?? DEFAULT_TOP_LIMIT)), MAX_TOP_LIMIT);
    const range = dayRange(query.days, query.now);
    return toStats(range, await this.backend.read(range, limit));
  }

  /** Writes everything queued, retrying at once instead of waiting out the backoff. */
  async flush(timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.queue.length > 0 || this.draining) {
      if (this.draining) await this.draining;
      else {
        if (Date.now() > deadline) break;
        this.clearRetry();
        this.kick(false);
        await this.draining;
        if (this.queue.length > 0 && !this.available)
          await sleep(Math.min(this.backoff(), Math.max(0, deadline - Date.now())));
      }
    }
    if (this.queue.length > 0)
      throw new StoreUnavailableError(
        `${this.queue.length} analytics events could not be written: ${this.lastError ?? 'timeout'}`,
      );
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    try {
      await this.flush(this.opts.shutdownFlushMs);
    } catch (e) {
      this.opts.log(`Analytics store closing with unwritten events: ${(e as Error).message}`);
    } finally {
      this.clearRetry();
      this.releaseWaiters();
      if (this.ackTimer) clearTimeout(this.ackTimer);
      await this.backend.close();
    }
  }

  health(): StoreHealth {
    return {
      backend: this.backend.name,
      available: this.available,
      buffered: this.queue.length,
      bufferLimit: this.opts.bufferLimit,
      dropped: this.dropped,
      stored: this.written,
      ...this.backend.healthDetails?.(),
      ...(this.lastError ? { lastError: this.lastError } : {}),
    };
  }

  /** Starts a drain unless one runs or a retry is pending (`deferred`: let the event loop gather a batch). */
  private kick(deferred = true): void {
    if (this.draining || this.retryTimer || this.queue.length === 0) return;
    this.draining = (async () => {
      if (deferred) await new Promise((r) => setImmediate(r));
      await this.drain();
    })().finally(() => {
      this.draining = null;
      if (this.queue.length > 0 && this.available && !this.retryTimer) this.kick();
    });
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.slice(0, this.opts.maxBatch);
      try {
        await this.backend.write(batch);
      } catch (e) {
        this.onWriteFailure(e);
        return;
      }
      this.queue.splice(0, batch.length);
      this.written += batch.length;
      if (!this.available)
        this.opts.log(`Analytics storage is back; ${this.queue.length} buffered events left to write`);
      this.available = true;
      this.failures = 0;
      this.lastError = undefined;
      this.releaseWaiters(this.written);
    }
  }

  private onWriteFailure(e: unknown): void {
    this.lastError = e instanceof Error ? e.message : String(e);
    if (this.available) this.opts.log(`Analytics storage unavailable, buffering events: ${this.lastError}`);
    this.available = false;
    this.failures++;
    // Requests waiting for this batch are answered now: their events stay buffered.
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

  private countDrops(n: number): void {
    if (this.dropped === 0 || Math.floor(this.dropped / 1000) !== Math.floor((this.dropped + n) / 1000)) {
      this.opts.log(
        `Analytics buffer full (${this.opts.bufferLimit} events): ${this.dropped + n} events dropped so far`,
      );
    }
    this.dropped += n;
  }

  private unavailableMessage(): string {
    return 'Analytics storage is unavailable, statistics will be back when it reconnects';
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
