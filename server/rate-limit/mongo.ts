/**
 * express-rate-limit counters in MongoDB, so several instances behind a proxy enforce one limit
 * per client (issue 16 item 9). One document per client key and window: `{_id, hits, resetAt}`,
 * bumped atomically by one upsert with an update pipeline (a window that ended starts again at 1),
 * and removed by a TTL index on `resetAt` once its window is over.
 */
import { MongoClient, type Collection } from 'mongodb';
import type { IncrementResponse, Options, Store } from 'express-rate-limit';

interface CounterDoc {
  _id: string;
  hits: number;
  resetAt: Date;
}

export class MongoRateLimitStore implements Store {
  /** Counters are shared: express-rate-limit must not assume they are local to this process. */
  readonly localKeys = false;
  readonly prefix = 'bitsmith:';
  private windowMs = 60_000;
  private readonly client: MongoClient;
  private readonly counters: Collection<CounterDoc>;
  private indexed?: Promise<unknown>;

  constructor(uri: string, dbName: string) {
    this.client = new MongoClient(uri, {
      serverSelectionTimeoutMS: 2_000,
      connectTimeoutMS: 2_000,
      appName: 'bitsmith',
    });
    this.counters = this.client.db(dbName).collection<CounterDoc>('rate_limits');
  }

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  private ensureIndex(): Promise<unknown> {
    this.indexed ??= this.counters.createIndex({ resetAt: 1 }, { expireAfterSeconds: 0 }).catch((e: unknown) => {
      this.indexed = undefined; // try again with the next request
      throw e;
    });
    return this.indexed;
  }

  async increment(key: string): Promise<IncrementResponse> {
    await this.ensureIndex();
    const now = new Date();
    const live = { $gt: ['$resetAt', now] };
    const doc = await this.counters.findOneAndUpdate(
      { _id: this.prefix + key },
      [
        {
          $set: {
            hits: { $cond: [live, { $add: ['$hits', 1] }, 1] },
            resetAt: { $cond: [live, '$resetAt', new Date(now.getTime() + this.windowMs)] },
          },
        },
      ],
      { upsert: true, returnDocument: 'after' },
    );
    if (!doc) throw new Error('rate-limit counter upsert returned no document');
    return { totalHits: doc.hits, resetTime: doc.resetAt };
  }

  async decrement(key: string): Promise<void> {
    await this.counters.updateOne({ _id: this.prefix + key, hits: { $gt: 0 } }, { $inc: { hits: -1 } });
  }

  async resetKey(key: string): Promise<void> {
    await this.counters.deleteOne({ _id: this.prefix + key });
  }

  async shutdown(): Promise<void> {
    await this.client.close();
  }
}
