/**
 * MongoStore's database adapter, on the official driver (the only file that imports 'mongodb').
 * Collections: `events` (raw events, TTL index on `ts`) and `rollups`: one document per
 * (day, type, key) with `type` 'page' or 'tool' and a `count` bumped with `$inc` upserts, and
 * type 'session' documents that record each (day, session_id) once, so an exact distinct count of
 * visitors over any range is part of the same single aggregation that computes the stats.
 */
import {
  MongoBulkWriteError,
  MongoClient,
  MongoServerError,
  ObjectId,
  type AnyBulkWriteOperation,
  type Collection,
  type Db,
} from 'mongodb';
import { StoreUnavailableError, type StoredEvent } from '../types';
import {
  OTHER_KEY,
  STORAGE_DEFAULTS,
  batchDeltas,
  utcDay,
  type Backend,
  type DayRange,
  type Delta,
  type StatsRows,
} from '../rollup';

interface MongoOptions {
  uri: string;
  dbName: string;
  retentionDays: number;
  /** Days rollups are kept, and distinct keys per day and type (the rest count under OTHER_KEY). */
  rollupRetentionDays?: number;
  dailyKeysMax?: number;
  /** How long an operation waits for a reachable server before failing (driver default is 30 s). */
  serverSelectionTimeoutMS?: number;
}

interface RollupDoc {
  day: string;
  type: 'page' | 'tool' | 'session';
  key: string;
  count: number;
  /** The latest batches whose increments this document holds (see `write`). */
  applied?: ObjectId[];
}

interface EventDoc {
  /** The id the event got when it was accepted (the unique `_id` index keeps each once). */
  _id: ObjectId | string;
  ts: Date;
  kind: string;
  session_id: string;
  data: Record<string, unknown>;
  /** The batch the event was inserted with, until that batch's rollup increments are applied (see `write`). */
  pending?: ObjectId | true;
}

const DUPLICATE_KEY = 11000;
/**
 * Batch markers kept per rollup document. A marker is only consulted when its batch is replayed
 * after a crash, at the next write; it would have to be pushed out by this many later batches
 * touching the same document in between (other instances on the same database) to be missed.
 */
const APPLIED_MARKERS = 64;
const INDEX_OPTIONS_CONFLICT = new Set([85, 86]);
/**
 * Rounds of a batch's upserts: each round after the first retries only the increments another
 * instance's insert beat, which then match the document it inserted.
 */
const ROLLUP_ATTEMPTS = 5;

export class MongoBackend implements Backend {
  readonly name = 'mongodb';
  private readonly client: MongoClient;
  private readonly db: Db;
  private readonly events: Collection<EventDoc>;
  private readonly rollups: Collection<RollupDoc>;
  private ready: Promise<void> | null = null;
  private lastPrune = 0;
  /** Stable ids per event, so a retried batch does not insert an event twice. */
  private readonly ids = new WeakMap<StoredEvent, ObjectId>();

  constructor(private readonly options: MongoOptions) {
    // The driver connects lazily on the first operation and keeps monitoring the servers, so it
    // reconnects by itself when MongoDB comes back; BufferedStore retries failed writes.
    this.client = new MongoClient(options.uri, {
      serverSelectionTimeoutMS: options.serverSelectionTimeoutMS ?? 2_000,
      connectTimeoutMS: 2_000,
      maxPoolSize: 20,
      retryWrites: true,
      retryReads: true,
      appName: 'bitsmith',
    });
    this.db = this.client.db(options.dbName);
    this.events = this.db.collection<EventDoc>('events');
    this.rollups = this.db.collection<RollupDoc>('rollups');
  }

  /** Creates the indexes at start; when MongoDB is down, the first write or read retries it. */
  prepare(log: (message: string) => void = console.log): void {
    this.ensureReady().then(
      () =>
        log(
          `MongoDB ready: indexes on ${this.options.dbName}.events (TTL ${this.options.retentionDays} days) and .rollups`,
        ),
      (e: Error) => log(`MongoDB not reachable yet (${e.message}); events are buffered and written when it is`),
    );
  }

  /** Creates the indexes once per process (again after a failure). */
  private ensureReady(): Promise<void> {
    this.ready ??= this.createIndexes().catch((e) => {
      this.ready = null;
      throw e;
    });
    return this.ready;
  }

  private async createIndexes(): Promise<void> {
    const expireAfterSeconds = Math.round(this.options.retentionDays * 86_400);
    try {
      await this.events.createIndex({ ts: 1 }, { name: 'ts_ttl', expireAfterSeconds });
    } catch (e) {
      if (!(e instanceof MongoServerError && INDEX_OPTIONS_CONFLICT.has(Number(e.code)))) throw e;
      // The retention changed since the index was made: update it in place.
      await this.db.command({ collMod: 'events', index: { keyPattern: { ts: 1 }, expireAfterSeconds } });
    }
    // Serves the upserts (one document per key) and the stats' range $match on `day`.
    await this.rollups.createIndex({ day: 1, type: 1, key: 1 }, { name: 'day_type_key', unique: true });
  }

  /**
   * Exactly once per event id, without multi-document transactions (a standalone server has none):
   * 1. the batch gets an id; its events are inserted unordered with `pending: <batch>`, and
   *    duplicate ids (a replay of the journal, a retried batch) are ignored;
   * 2. the rollups are incremented for the events inserted now, each rollup update only where the
   *    document does not list the batch in `applied` yet, and adding it there in the same update;
   * 3. `pending` is cleared.
   * A crash (or a failed write) between the steps leaves events marked with their batch; when such
   * an event comes again, the whole batch it was inserted with is re-applied under its own id, so
   * the documents it already reached are skipped and the others counted: never twice, never lost.
   */
  async write(events: readonly StoredEvent[]): Promise<void> {
    await this.ensureReady();
    const batch = new ObjectId();
    const { inserted, unfinished } = await this.insertEvents(events, batch);
    if (inserted.length > 0) {
      await this.applyRollups(inserted, batch);
      await this.clearPending(batch);
    }
    for (const earlier of unfinished) await this.finishBatch(earlier);
    await this.pruneRollupsIfDue();
  }

  /** Applies a batch left unfinished by a crash: its events are those still marked with it. */
  private async finishBatch(batch: ObjectId | true): Promise<void> {
    const docs = await this.events.find({ pending: batch }).toArray();
    const events = docs.map((d) => ({ kind: d.kind, ts: d.ts, session_id: d.session_id, data: d.data }) as StoredEvent);
    if (events.length > 0) await this.applyRollups(events, batch === true ? new ObjectId() : batch);
    await this.clearPending(batch);
  }

  /** Step 3 of `write` (protected: the tests stop a batch here, as a crash would). */
  protected async clearPending(batch: ObjectId | true): Promise<void> {
    await this.events.updateMany({ pending: batch }, { $unset: { pending: '' } });
  }

  /** A write acknowledged only once in MongoDB's on-disk journal, and with it every earlier write. */
  async sync(): Promise<void> {
    await this.db
      .collection<{ _id: string; at: Date }>('journal_sync')
      .updateOne({ _id: 'journal' }, { $set: { at: new Date() } }, { upsert: true, writeConcern: { j: true } });
  }

  /**
   * The batch's increments, each applied once: a document that already lists the batch does not
   * match the filter, and its upsert then collides with the unique index (E11000: already counted).
   * Two instances inserting the same new document at once collide too (the server retries such an
   * upsert only when its filter is the index's equalities alone): the loser's increment is not
   * counted yet, so it is tried again, matching the document now there. It was dropped, so a day's
   * first views of a page, seen by two instances at once, went uncounted.
   */
  private async applyRollups(events: readonly StoredEvent[], batch: ObjectId): Promise<void> {
    const d = batchDeltas(events);
    let updates: RollupUpdate[] = [];
    for (const p of await this.capped('page', d.pages)) updates.push(inc('page', p.day, p.key, p.count, batch));
    for (const t of await this.capped('tool', d.tools)) updates.push(inc('tool', t.day, t.key, t.count, batch));
    for (const s of d.sessions) updates.push(sessionSeen(s.day, s.key));
    for (let attempt = 1; updates.length > 0; attempt++) {
      if (attempt > ROLLUP_ATTEMPTS) throw new Error('rollup upserts kept colliding with other instances');
      updates = await this.notCountedYet(await this.upsertRollups(updates), batch);
    }
  }

  /** Runs the upserts unordered; those that collided with the unique index. */
  private async upsertRollups(updates: RollupUpdate[]): Promise<RollupUpdate[]> {
    try {
      await this.rollups.bulkWrite(
        updates.map((u) => u.op),
        { ordered: false },
      );
      return [];
    } catch (e) {
      const writeErrors = e instanceof MongoBulkWriteError ? [e.writeErrors].flat() : null;
      if (!writeErrors || writeErrors.length === 0 || writeErrors.some((w) => w.code !== DUPLICATE_KEY)) throw e;
      return writeErrors.map((w) => updates[w.index]!);
    }
  }

  /**
   * Of the collided increments, those whose document does not list the batch: another instance
   * inserted it first. A collided session is counted: its document is the count.
   */
  private async notCountedYet(collided: RollupUpdate[], batch: ObjectId): Promise<RollupUpdate[]> {
    const increments = collided.filter((u) => u.id.type !== 'session');
    if (increments.length === 0) return [];
    const counted = await this.rollups
      .find({ applied: batch, $or: increments.map((u) => u.id) }, { projection: { day: 1, type: 1, key: 1 } })
      .toArray();
    const done = new Set(counted.map(rollupKey));
    return increments.filter((u) => !done.has(rollupKey(u.id)));
  }

  /**
   * The deltas with keys new to a day that already holds `dailyKeysMax` keys moved to OTHER_KEY.
   * Two instances writing at once can each add one batch's keys past the cap: still bounded.
   */
  private async capped(type: 'page' | 'tool', deltas: Delta[]): Promise<Delta[]> {
    const max = this.options.dailyKeysMax ?? STORAGE_DEFAULTS.dailyKeysMax;
    const out: Delta[] = [];
    for (const day of new Set(deltas.map((x) => x.day))) {
      const ofDay = deltas.filter((x) => x.day === day);
      const known = new Set(
        (
          await this.rollups
            .find({ day, type, key: { $in: ofDay.map((x) => x.key) } }, { projection: { key: 1 } })
            .toArray()
        ).map((r) => r.key),
      );
      let room = max - (await this.rollups.countDocuments({ day, type }));
      let other = 0;
      for (const x of ofDay) {
        if (known.has(x.key) || x.key === OTHER_KEY) out.push(x);
        else if (room-- > 0) out.push(x);
        else other += x.count;
      }
      if (other > 0) out.push({ day, key: OTHER_KEY, count: other });
    }
    return out;
  }

  /** Hourly: rollups of days past the rollup retention (raw events expire by their TTL index). */
  private async pruneRollupsIfDue(): Promise<void> {
    const now = Date.now();
    if (now - this.lastPrune < 3_600_000) return;
    this.lastPrune = now;
    const days = this.options.rollupRetentionDays ?? STORAGE_DEFAULTS.rollupRetentionDays;
    await this.rollups.deleteMany({ day: { $lt: utcDay(now - days * 86_400_000) } });
  }

  /**
   * Unordered insert that ignores duplicate ids (E11000). Returns the events inserted now, and the
   * batches that duplicates were inserted with and that are still unfinished (a crash between steps).
   */
  private async insertEvents(
    events: readonly StoredEvent[],
    batch: ObjectId,
  ): Promise<{ inserted: StoredEvent[]; unfinished: ObjectId[] }> {
    const docs: EventDoc[] = events.map((e) => {
      let id: ObjectId | string | undefined = e.id ?? this.ids.get(e);
      if (!id) this.ids.set(e, (id = new ObjectId()));
      return { _id: id, ts: e.ts, kind: e.kind, session_id: e.session_id, data: e.data, pending: batch };
    });
    const duplicates = new Set<number>();
    try {
      await this.events.insertMany(docs, { ordered: false });
    } catch (e) {
      const writeErrors = e instanceof MongoBulkWriteError ? [e.writeErrors].flat() : null;
      if (!writeErrors || writeErrors.length === 0 || writeErrors.some((w) => w.code !== DUPLICATE_KEY)) throw e;
      for (const w of writeErrors) duplicates.add(w.index);
    }
    const unfinished = new Map<string, ObjectId>();
    if (duplicates.size > 0) {
      const dupIds = docs.filter((_, i) => duplicates.has(i)).map((d) => d._id);
      const rows = await this.events
        .find({ _id: { $in: dupIds }, pending: { $exists: true } }, { projection: { pending: 1 } })
        .toArray();
      for (const r of rows) if (r.pending instanceof ObjectId) unfinished.set(r.pending.toHexString(), r.pending);
      // `pending: true` came from a version without batch markers: applied again under a new one.
      if (rows.some((r) => r.pending === true)) await this.finishBatch(true);
    }
    return { inserted: events.filter((_, i) => !duplicates.has(i)), unfinished: [...unfinished.values()] };
  }

  async read(r: DayRange, limit: number): Promise<StatsRows> {
    const inRange = { $gte: ['$day', r.from] };
    const current = { day: { $gte: r.from, $lte: r.to } };
    const pipeline = [
      { $match: { day: { $gte: r.prevFrom, $lte: r.to } } },
      {
        $facet: {
          totals: [
            { $match: { type: { $in: ['page', 'tool'] } } },
            { $group: { _id: { type: '$type', current: inRange }, n: { $sum: '$count' } } },
          ],
          visitors: [
            { $match: { type: 'session' } },
            { $group: { _id: { current: inRange, key: '$key' } } },
            { $group: { _id: '$_id.current', n: { $sum: 1 } } },
          ],
          pages: [
            { $match: { type: 'page', ...current } },
            { $group: { _id: '$key', n: { $sum: '$count' } } },
            { $sort: { n: -1, _id: 1 } },
            { $limit: limit },
          ],
          tools: [
            { $match: { type: 'tool', ...current } },
            { $group: { _id: '$key', n: { $sum: '$count' } } },
            { $sort: { n: -1, _id: 1 } },
            { $limit: limit },
          ],
          daily: [
            { $match: { type: 'page', day: { $gte: r.dailyFrom, $lte: r.to } } },
            { $group: { _id: '$day', n: { $sum: '$count' } } },
            { $sort: { _id: 1 } },
          ],
        },
      },
    ];
    type Row = { _id: unknown; n: number };
    let out: Record<'totals' | 'visitors' | 'pages' | 'tools' | 'daily', Row[]>;
    try {
      await this.ensureReady();
      const [facets] = (await this.rollups.aggregate(pipeline, { allowDiskUse: true }).toArray()) as (typeof out)[];
      if (!facets) throw new Error('the $facet stage returned no document');
      out = facets;
    } catch (e) {
      throw new StoreUnavailableError(`Analytics database (MongoDB) is unavailable: ${(e as Error).message}`);
    }
    const total = (type: string, cur: boolean) =>
      out.totals.find(
        (t) =>
          (t._id as { type: string; current: boolean }).type === type &&
          (t._id as { current: boolean }).current === cur,
      )?.n ?? 0;
    const visitors = (cur: boolean) => out.visitors.find((v) => v._id === cur)?.n ?? 0;
    const keyed = (rows: Row[]) => rows.map((x) => ({ key: String(x._id), count: x.n }));
    return {
      totalViews: total('page', true),
      uniqueVisitors: visitors(true),
      toolUses: total('tool', true),
      pages: keyed(out.pages),
      tools: keyed(out.tools),
      daily: out.daily.map((x) => ({ day: String(x._id), count: x.n })),
      prevViews: total('page', false),
      prevVisitors: visitors(false),
      prevToolUses: total('tool', false),
    };
  }

  /** Drops the whole database (the contract tests use a throwaway database per case). */
  async dropDatabase(): Promise<void> {
    await this.db.dropDatabase();
    this.ready = null;
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}

/** A rollup document's identity (the unique index `day_type_key`). */
interface RollupId {
  day: string;
  type: RollupDoc['type'];
  key: string;
}

/** One upsert of a batch, with the document it targets. */
interface RollupUpdate {
  id: RollupId;
  op: AnyBulkWriteOperation<RollupDoc>;
}

const rollupKey = (id: RollupId) => JSON.stringify([id.day, id.type, id.key]);

function inc(type: 'page' | 'tool', day: string, key: string, count: number, batch: ObjectId): RollupUpdate {
  return {
    id: { day, type, key },
    op: {
      updateOne: {
        filter: { day, type, key, applied: { $ne: batch } },
        update: { $inc: { count }, $push: { applied: { $each: [batch], $slice: -APPLIED_MARKERS } } },
        upsert: true,
      },
    },
  };
}

function sessionSeen(day: string, key: string): RollupUpdate {
  return {
    id: { day, type: 'session', key },
    op: { updateOne: { filter: { day, type: 'session', key }, update: { $setOnInsert: { count: 1 } }, upsert: true } },
  };
}
