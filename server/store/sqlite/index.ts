/**
 * The embedded default: SQLite through better-sqlite3, one file in DATA_DIR. WAL journal, so a
 * committed batch survives a killed process; each flush is one transaction that appends the raw
 * events and bumps the daily rollup tables (the same rollups MongoStore keeps), so stats read a
 * few thousand rollup rows instead of millions of events. Storage is bounded: each day's rollups
 * hold at most `dailyKeysMax` distinct paths and tool names (the rest under OTHER_KEY), rollups and
 * raw events are pruned after their retention, and beyond `maxDbBytes` raw events are dropped.
 */
import Database from 'better-sqlite3';
import { StoreUnavailableError, type StoreHealth, type StoredEvent } from '../types';
import { quickCheck, type IntegrityCheck } from './integrity';
import {
  OTHER_KEY,
  STORAGE_DEFAULTS,
  batchDeltas,
  utcDay,
  type Backend,
  type DayRange,
  type StatsRows,
} from '../rollup';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS events (
  id INTEGER PRIMARY KEY,
  ts INTEGER NOT NULL,
  kind TEXT NOT NULL,
  session_id TEXT NOT NULL,
  data TEXT NOT NULL,
  eid TEXT
);
CREATE INDEX IF NOT EXISTS events_ts ON events (ts);
-- The id an event got when it was accepted: a replayed or retried event is inserted once
-- (rows from before version 3 have none; NULLs do not collide).
CREATE UNIQUE INDEX IF NOT EXISTS events_eid ON events (eid);
CREATE TABLE IF NOT EXISTS daily_pages (
  day TEXT NOT NULL, page_path TEXT NOT NULL, views INTEGER NOT NULL,
  PRIMARY KEY (day, page_path)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS daily_tools (
  day TEXT NOT NULL, tool_name TEXT NOT NULL, uses INTEGER NOT NULL,
  PRIMARY KEY (day, tool_name)
) WITHOUT ROWID;
-- Visitors (sessions that viewed a page), interned to small integers, with the last day seen.
CREATE TABLE IF NOT EXISTS visitor (
  id INTEGER PRIMARY KEY, session_id TEXT NOT NULL UNIQUE, last_day TEXT NOT NULL
);
-- Each (day, visitor) once: exact distinct counts over any range (like MongoDB's session docs).
CREATE TABLE IF NOT EXISTS visitor_days (
  day TEXT NOT NULL, visitor INTEGER NOT NULL,
  PRIMARY KEY (day, visitor)
) WITHOUT ROWID;
-- How many visitors were last seen on each day. For a range that ends on or after the newest
-- day, "visitors active in the range" = "visitors last seen on or after its first day": an exact
-- count that reads one row per day instead of one per visitor.
CREATE TABLE IF NOT EXISTS visitors_by_last_day (
  day TEXT PRIMARY KEY, n INTEGER NOT NULL
) WITHOUT ROWID;
-- One row rewritten by sync() with synchronous=FULL: a commit that syncs the whole WAL.
CREATE TABLE IF NOT EXISTS journal_sync (id INTEGER PRIMARY KEY, at INTEGER NOT NULL);
`;

/**
 * Bumped when the schema changes. Before 2: visitor rollups are rebuilt from the raw events.
 * Before 3: events get the `eid` column and its unique index, in place (rows are kept).
 */
const SCHEMA_VERSION = 3;

/** How long a connection waits for another's lock (busy_timeout), and retryWhileBusy at most. */
const BUSY_TIMEOUT_MS = 5000;

/**
 * Runs `f` again while SQLite answers SQLITE_BUSY without waiting (it does not call the busy handler
 * where waiting could deadlock: switching a new file to WAL while another connection opens it),
 * for at most BUSY_TIMEOUT_MS. Several servers may open one DATA_DIR at the same moment.
 */
function retryWhileBusy<T>(f: () => T): T {
  const deadline = Date.now() + BUSY_TIMEOUT_MS;
  for (;;) {
    try {
      return f();
    } catch (e) {
      if (!String((e as { code?: unknown }).code).startsWith('SQLITE_BUSY') || Date.now() > deadline) throw e;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20); // 20 ms, then again
    }
  }
}

/** Raw events older than the retention are pruned at most this often. */
const PRUNE_EVERY_MS = 60 * 60 * 1000;

/** Totals of a finished period (the comparison figures). */
interface PeriodRow {
  views: number;
  visitors: number;
  tools: number;
  to: string;
}

export interface SqliteOptions {
  /** Days raw events are kept. */
  retentionDays: number;
  /** Days daily rollups are kept (at least the longest stats range and its previous period). */
  rollupRetentionDays?: number;
  /** Distinct page paths (and tool names) one day's rollup holds; the rest count under OTHER_KEY. */
  dailyKeysMax?: number;
  /** Database size beyond which raw events are no longer stored (rollups, which are bounded, are). */
  maxDbBytes?: number;
}

/** How often (in batches) the database size is read for the disk budget. */
const SIZE_CHECK_EVERY = 32;

export class SqliteBackend implements Backend {
  readonly name = 'embedded';
  private readonly db: Database.Database;
  private readonly writeBatch: (events: readonly StoredEvent[]) => void;
  private readonly readRows: (range: DayRange, limit: number) => StatsRows;
  private lastPrune = 0;
  private readonly periods = new Map<string, PeriodRow>();
  private batchesSinceSizeCheck = SIZE_CHECK_EVERY;
  private overBudget = false;
  /** Raw events not stored because the database was over its size budget. */
  private rawDropped = 0;
  private integrity: 'checking' | 'ok' | 'corrupt' = 'checking';
  private integrityTimer?: NodeJS.Timeout;
  /** The check running now, stopped by close(): its thread must not outlive the store's. */
  private integrityCheck?: IntegrityCheck;
  private closing = false;

  private readonly options: Required<SqliteOptions>;

  constructor(
    private readonly file: string,
    options: SqliteOptions,
  ) {
    this.options = { ...STORAGE_DEFAULTS, ...options };
    this.db = new Database(file, { timeout: BUSY_TIMEOUT_MS });
    retryWhileBusy(() => this.db.pragma('journal_mode = WAL'));
    // NORMAL in WAL mode: a commit is in the OS page cache, so a killed process loses nothing;
    // before a journal segment is deleted, `sync` makes every commit durable against a power cut.
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    // 32 MB page cache: the rollup pages, scattered among millions of event rows, stay in memory.
    this.db.pragma('cache_size = -32000');
    this.migrate();
    this.writeBatch = this.prepareWrite();
    this.readRows = this.prepareRead();
  }

  /**
   * Creates the schema and upgrades older files in place, in one transaction: raw events and
   * rollups are kept; a file older than version 2 gets its visitor rollups rebuilt from raw events.
   */
  private migrate(): void {
    const version = this.db.pragma('user_version', { simple: true }) as number;
    if (version === SCHEMA_VERSION) {
      this.db.exec(SCHEMA);
      return;
    }
    // BEGIN IMMEDIATE: the write lock first (waiting for it), so another server creating or upgrading
    // the same file at the same moment is waited for, and the version is read again under the lock.
    const rebuildVisitors = retryWhileBusy(() => this.db.transaction(() => this.upgrade()).immediate());
    if (!rebuildVisitors) return;
    const pageviews = this.db.prepare("SELECT ts, session_id FROM events WHERE kind = 'pageview' ORDER BY ts").raw();
    const rows = pageviews.all() as [number, string][];
    if (rows.length === 0) return;
    const write = this.prepareVisitorWrite();
    this.db.transaction(() => write(rows.map(([ts, session]) => ({ day: utcDay(ts), key: session }))))();
  }

  /** The schema's upgrade, in migrate's transaction; returns whether the visitor rollups must be rebuilt. */
  private upgrade(): boolean {
    const version = this.db.pragma('user_version', { simple: true }) as number;
    if (version === SCHEMA_VERSION) {
      this.db.exec(SCHEMA); // upgraded by another server meanwhile
      return false;
    }
    const rebuildVisitors = version < 2;
    if (rebuildVisitors)
      this.db.exec(
        'DROP TABLE IF EXISTS visitors; DROP TABLE IF EXISTS visitor_days; DROP TABLE IF EXISTS daily_sessions;',
      );
    const columns = this.db.prepare("SELECT name FROM pragma_table_info('events')").pluck().all();
    if (columns.length > 0 && !columns.includes('eid')) this.db.exec('ALTER TABLE events ADD COLUMN eid TEXT');
    this.db.exec(SCHEMA);
    this.db.pragma(`user_version = ${SCHEMA_VERSION}`);
    return rebuildVisitors;
  }

  /** Records (day, session) visits: interned id, visitor_days, last day seen and its counter. */
  private prepareVisitorWrite() {
    const find = this.db.prepare('SELECT id, last_day FROM visitor WHERE session_id = ?');
    const insert = this.db.prepare('INSERT INTO visitor (session_id, last_day) VALUES (?, ?)');
    const move = this.db.prepare('UPDATE visitor SET last_day = ? WHERE id = ?');
    const count = this.db.prepare(
      'INSERT INTO visitors_by_last_day (day, n) VALUES (?, ?) ON CONFLICT (day) DO UPDATE SET n = n + excluded.n',
    );
    const addDay = this.db.prepare('INSERT OR IGNORE INTO visitor_days (day, visitor) VALUES (?, ?)');
    return (visits: { day: string; key: string }[]) => {
      for (const v of [...visits].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0))) {
        const known = find.get(v.key) as { id: number; last_day: string } | undefined;
        let id: number | bigint;
        if (!known) {
          id = insert.run(v.key, v.day).lastInsertRowid;
          count.run(v.day, 1);
        } else {
          id = known.id;
          if (v.day > known.last_day) {
            move.run(v.day, id);
            count.run(known.last_day, -1);
            count.run(v.day, 1);
          }
        }
        addDay.run(v.day, id);
      }
    };
  }

  private prepareWrite() {
    // An event whose id is already stored (a replay, a retried batch) is skipped, rollups included.
    const insertEvent = this.db.prepare(
      'INSERT OR IGNORE INTO events (eid, ts, kind, session_id, data) VALUES (?, ?, ?, ?, ?)',
    );
    // A key new to its day goes under OTHER_KEY once the day holds dailyKeysMax keys: a flood of
    // distinct values adds at most dailyKeysMax + 1 rows per day. COUNT reads at most that many.
    const capped = (table: string, column: string, amount: string) =>
      this.db.prepare(
        `INSERT INTO ${table} (day, ${column}, ${amount}) SELECT $day, CASE ` +
          `WHEN EXISTS (SELECT 1 FROM ${table} WHERE day = $day AND ${column} = $key) THEN $key ` +
          `WHEN (SELECT COUNT(*) FROM ${table} WHERE day = $day) < $max THEN $key ELSE '${OTHER_KEY}' END, $n ` +
          `WHERE true ON CONFLICT (day, ${column}) DO UPDATE SET ${amount} = ${amount} + excluded.${amount}`,
      );
    const bumpPage = capped('daily_pages', 'page_path', 'views');
    const bumpTool = capped('daily_tools', 'tool_name', 'uses');
    const max = this.options.dailyKeysMax;
    const addVisits = this.prepareVisitorWrite();
    return this.db.transaction((batch: readonly StoredEvent[]) => {
      const events: StoredEvent[] = [];
      for (const e of batch) {
        // Over the budget only the id is kept (exactly once needs it), not the event's fields.
        const data = this.overBudget ? '{}' : JSON.stringify(e.data);
        if (insertEvent.run(e.id ?? null, e.ts.getTime(), e.kind, e.session_id, data).changes > 0) events.push(e);
      }
      if (this.overBudget) this.rawDropped += events.length;
      if (events.length === 0) return;
      const d = batchDeltas(events);
      for (const p of d.pages) bumpPage.run({ day: p.day, key: p.key, n: p.count, max });
      for (const t of d.tools) bumpTool.run({ day: t.day, key: t.key, n: t.count, max });
      addVisits(d.sessions);
      this.forgetPeriodsFrom(events);
    });
  }

  private prepareRead() {
    const sumViews = this.db
      .prepare('SELECT COALESCE(SUM(views), 0) AS n FROM daily_pages WHERE day BETWEEN ? AND ?')
      .pluck();
    const sumTools = this.db
      .prepare('SELECT COALESCE(SUM(uses), 0) AS n FROM daily_tools WHERE day BETWEEN ? AND ?')
      .pluck();
    const distinctVisitors = this.db
      .prepare('SELECT COUNT(DISTINCT visitor) FROM visitor_days WHERE day BETWEEN ? AND ?')
      .pluck();
    const newestDay = this.db.prepare('SELECT MAX(day) FROM visitors_by_last_day WHERE n > 0').pluck();
    const seenSince = this.db.prepare('SELECT COALESCE(SUM(n), 0) FROM visitors_by_last_day WHERE day >= ?').pluck();
    // Exact either way; the counter path reads one row per day and serves every range ending today.
    const visitors = (from: string, to: string): number => {
      const newest = newestDay.get() as string | null;
      return (newest === null || newest <= to ? seenSince.get(from) : distinctVisitors.get(from, to)) as number;
    };
    // A finished period never changes (events are stamped with the current time), so its totals
    // are computed once; a backdated write (tests, imports) drops the periods it touches.
    const period = (from: string, to: string): PeriodRow => {
      const key = `${from}|${to}`;
      let row = this.periods.get(key);
      if (!row) {
        row = {
          views: sumViews.get(from, to) as number,
          visitors: visitors(from, to),
          tools: sumTools.get(from, to) as number,
          to,
        };
        this.periods.set(key, row);
      }
      return row;
    };
    const pages = this.db.prepare(
      'SELECT page_path AS key, SUM(views) AS count FROM daily_pages WHERE day BETWEEN ? AND ? GROUP BY page_path ORDER BY count DESC, page_path LIMIT ?',
    );
    const tools = this.db.prepare(
      'SELECT tool_name AS key, SUM(uses) AS count FROM daily_tools WHERE day BETWEEN ? AND ? GROUP BY tool_name ORDER BY count DESC, tool_name LIMIT ?',
    );
    const daily = this.db.prepare(
      'SELECT day, SUM(views) AS count FROM daily_pages WHERE day BETWEEN ? AND ? GROUP BY day ORDER BY day',
    );
    // One read transaction: every figure comes from the same snapshot.
    return this.db.transaction((r: DayRange, limit: number): StatsRows => {
      const prev = period(r.prevFrom, r.prevTo);
      return {
        totalViews: sumViews.get(r.from, r.to) as number,
        uniqueVisitors: visitors(r.from, r.to),
        toolUses: sumTools.get(r.from, r.to) as number,
        pages: pages.all(r.from, r.to, limit) as StatsRows['pages'],
        tools: tools.all(r.from, r.to, limit) as StatsRows['tools'],
        daily: daily.all(r.dailyFrom, r.to) as StatsRows['daily'],
        prevViews: prev.views,
        prevVisitors: prev.visitors,
        prevToolUses: prev.tools,
      };
    });
  }

  /** Drops cached finished periods that a batch with older timestamps writes into. */
  private forgetPeriodsFrom(events: readonly StoredEvent[]): void {
    if (this.periods.size === 0) return;
    let oldest = Infinity;
    for (const e of events) oldest = Math.min(oldest, e.ts.getTime());
    const day = utcDay(oldest);
    for (const [key, row] of this.periods) if (row.to >= day) this.periods.delete(key);
  }

  async write(events: readonly StoredEvent[]): Promise<void> {
    this.refuseIfCorrupt();
    this.checkBudgetIfDue();
    this.writeBatch(events);
    this.pruneIfDue();
  }

  /**
   * Makes every commit so far durable against a power cut (called before the journal deletes a
   * segment): one commit with synchronous=FULL syncs the WAL, and with it every earlier commit.
   */
  async sync(): Promise<void> {
    this.db.pragma('synchronous = FULL');
    try {
      this.db.prepare('INSERT OR REPLACE INTO journal_sync (id, at) VALUES (1, ?)').run(Date.now());
    } finally {
      this.db.pragma('synchronous = NORMAL');
    }
  }

  healthDetails(): Partial<StoreHealth> {
    return { overBudget: this.overBudget, rawDroppedOverBudget: this.rawDropped, integrity: this.integrity };
  }

  /**
   * Runs PRAGMA quick_check in a worker thread now and every `everyMs`. A corrupt file makes
   * writes fail (the events wait in the journal, BufferedStore retries, and /healthz shows
   * available: false) and stats answer 503, and `log` says what to do.
   */
  startIntegrityChecks(everyMs: number, log: (message: string) => void): void {
    const check = async () => {
      if (this.integrityCheck || this.closing) return; // one at a time
      const running = (this.integrityCheck = quickCheck(this.file));
      const problems = await running.problems.catch((e: Error) => [e.message]);
      this.integrityCheck = undefined;
      if (this.closing) return; // stopped by close(): it found nothing
      if (problems.length === 0) {
        this.integrity = 'ok';
        return;
      }
      if (this.integrity !== 'corrupt')
        log(
          `DATA_DIR: the analytics database ${this.file} is corrupt (${problems.slice(0, 3).join('; ')}); ` +
            'events wait in the journal on disk meanwhile. Stop the server, move the file (and its -wal/-shm files) ' +
            'aside or restore it from a backup (sqlite3 .recover can save most rows), then start again',
        );
      this.integrity = 'corrupt';
    };
    void check();
    this.integrityTimer = setInterval(() => void check(), everyMs);
    this.integrityTimer.unref();
  }

  private refuseIfCorrupt(): void {
    if (this.integrity === 'corrupt')
      throw new StoreUnavailableError('Analytics storage is corrupt: see the server log for what to do');
  }

  /** Reads the file size (pages in use, not free pages) every few batches against the budget. */
  private checkBudgetIfDue(): void {
    if (++this.batchesSinceSizeCheck < SIZE_CHECK_EVERY) return;
    this.batchesSinceSizeCheck = 0;
    const pages =
      (this.db.pragma('page_count', { simple: true }) as number) -
      (this.db.pragma('freelist_count', { simple: true }) as number);
    const bytes = pages * (this.db.pragma('page_size', { simple: true }) as number);
    const over = bytes >= this.options.maxDbBytes;
    if (over && !this.overBudget)
      console.warn(
        `Analytics database over ANALYTICS_MAX_DB_MB (${Math.round(bytes / 1e6)} MB): raw events are no longer stored, ` +
          'daily figures still are; raise the budget or lower ANALYTICS_RETENTION_DAYS',
      );
    this.overBudget = over;
  }

  async read(range: DayRange, limit: number): Promise<StatsRows> {
    this.refuseIfCorrupt();
    try {
      return this.readRows(range, limit);
    } catch (e) {
      throw new StoreUnavailableError(`Analytics storage cannot be read: ${(e as Error).message}`);
    }
  }

  /** Deletes raw events past the retention, in small chunks so writers are never held long. */
  private pruneIfDue(): void {
    const now = Date.now();
    if (now - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = now;
    const cutoff = now - this.options.retentionDays * 86_400_000;
    const del = this.db.prepare('DELETE FROM events WHERE id IN (SELECT id FROM events WHERE ts < ? LIMIT 5000)');
    while (del.run(cutoff).changes > 0);
    this.pruneRollups(utcDay(now - this.options.rollupRetentionDays * 86_400_000));
    this.batchesSinceSizeCheck = SIZE_CHECK_EVERY; // freed pages count at the next batch
  }

  /** Deletes rollup rows of days before `day`, and visitors last seen before it. */
  private pruneRollups(day: string): void {
    this.db.transaction(() => {
      for (const table of ['daily_pages', 'daily_tools', 'visitor_days', 'visitors_by_last_day'])
        this.db.prepare(`DELETE FROM ${table} WHERE day < ?`).run(day);
      this.db.prepare('DELETE FROM visitor WHERE last_day < ?').run(day);
    })();
  }

  async close(): Promise<void> {
    this.closing = true;
    clearInterval(this.integrityTimer);
    // Not left running into the process's exit: exits racing live worker threads can crash
    // (nodejs/node#25007), and a server stopped right after starting runs into one.
    await this.integrityCheck?.stop();
    if (!this.db.open) return;
    this.db.pragma('wal_checkpoint(TRUNCATE)');
    this.db.close();
  }
}
