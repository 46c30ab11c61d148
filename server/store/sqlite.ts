/**
 * The embedded default: SQLite through better-sqlite3, one file in DATA_DIR. WAL journal, so a
 * committed batch survives a killed process; each flush is one transaction that appends the raw
 * events and bumps the daily rollup tables (the same rollups MongoStore keeps), so stats read a
 * few thousand rollup rows instead of millions of events.
 */
import Database from 'better-sqlite3';
import { StoreUnavailableError, type StoredEvent } from './types';
import { batchDeltas, type Backend, type DayRange, type StatsRows } from './rollup';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS events (
  id INTEGER PRIMARY KEY,
  ts INTEGER NOT NULL,
  kind TEXT NOT NULL,
  session_id TEXT NOT NULL,
  data TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS events_ts ON events (ts);
CREATE TABLE IF NOT EXISTS daily_pages (
  day TEXT NOT NULL, page_path TEXT NOT NULL, views INTEGER NOT NULL,
  PRIMARY KEY (day, page_path)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS daily_tools (
  day TEXT NOT NULL, tool_name TEXT NOT NULL, uses INTEGER NOT NULL,
  PRIMARY KEY (day, tool_name)
) WITHOUT ROWID;
-- Session ids are interned to small integers: the exact distinct count over a range then
-- compares integers, about twice as fast as comparing 36-character strings.
CREATE TABLE IF NOT EXISTS visitors (
  id INTEGER PRIMARY KEY, session_id TEXT NOT NULL UNIQUE
);
CREATE TABLE IF NOT EXISTS visitor_days (
  day TEXT NOT NULL, visitor INTEGER NOT NULL,
  PRIMARY KEY (day, visitor)
) WITHOUT ROWID;
`;

/** Raw events older than the retention are pruned at most this often. */
const PRUNE_EVERY_MS = 60 * 60 * 1000;

export interface SqliteOptions {
  /** Days raw events are kept (rollups are kept forever). */
  retentionDays: number;
}

export class SqliteBackend implements Backend {
  readonly name = 'embedded';
  private readonly db: Database.Database;
  private readonly writeBatch: (events: readonly StoredEvent[]) => void;
  private readonly readRows: (range: DayRange, limit: number) => StatsRows;
  private lastPrune = 0;

  constructor(
    file: string,
    private readonly options: SqliteOptions,
  ) {
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    // NORMAL in WAL mode: a commit is in the OS page cache before we acknowledge, so a killed
    // process loses nothing; only a power cut can lose the commits since the last checkpoint.
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma('busy_timeout = 5000');
    // 32 MB page cache: the rollup pages, scattered among millions of event rows, stay in memory.
    this.db.pragma('cache_size = -32000');
    this.db.exec(SCHEMA);
    this.writeBatch = this.prepareWrite();
    this.readRows = this.prepareRead();
  }

  private prepareWrite() {
    const insertEvent = this.db.prepare('INSERT INTO events (ts, kind, session_id, data) VALUES (?, ?, ?, ?)');
    const bumpPage = this.db.prepare(
      'INSERT INTO daily_pages (day, page_path, views) VALUES (?, ?, ?) ON CONFLICT (day, page_path) DO UPDATE SET views = views + excluded.views',
    );
    const bumpTool = this.db.prepare(
      'INSERT INTO daily_tools (day, tool_name, uses) VALUES (?, ?, ?) ON CONFLICT (day, tool_name) DO UPDATE SET uses = uses + excluded.uses',
    );
    const addVisitor = this.db.prepare('INSERT OR IGNORE INTO visitors (session_id) VALUES (?)');
    const addVisitorDay = this.db.prepare('INSERT OR IGNORE INTO visitor_days (day, visitor) SELECT ?, id FROM visitors WHERE session_id = ?');
    return this.db.transaction((events: readonly StoredEvent[]) => {
      for (const e of events) insertEvent.run(e.ts.getTime(), e.kind, e.session_id, JSON.stringify(e.data));
      const d = batchDeltas(events);
      for (const p of d.pages) bumpPage.run(p.day, p.key, p.count);
      for (const t of d.tools) bumpTool.run(t.day, t.key, t.count);
      for (const s of d.sessions) {
        addVisitor.run(s.key);
        addVisitorDay.run(s.day, s.key);
      }
    });
  }

  private prepareRead() {
    const sumViews = this.db.prepare('SELECT COALESCE(SUM(views), 0) AS n FROM daily_pages WHERE day BETWEEN ? AND ?').pluck();
    const sumTools = this.db.prepare('SELECT COALESCE(SUM(uses), 0) AS n FROM daily_tools WHERE day BETWEEN ? AND ?').pluck();
    const visitors = this.db.prepare('SELECT COUNT(DISTINCT visitor) FROM visitor_days WHERE day BETWEEN ? AND ?').pluck();
    const pages = this.db.prepare(
      'SELECT page_path AS key, SUM(views) AS count FROM daily_pages WHERE day BETWEEN ? AND ? GROUP BY page_path ORDER BY count DESC, page_path LIMIT ?',
    );
    const tools = this.db.prepare(
      'SELECT tool_name AS key, SUM(uses) AS count FROM daily_tools WHERE day BETWEEN ? AND ? GROUP BY tool_name ORDER BY count DESC, tool_name LIMIT ?',
    );
    const daily = this.db.prepare('SELECT day, SUM(views) AS count FROM daily_pages WHERE day BETWEEN ? AND ? GROUP BY day ORDER BY day');
    // One read transaction: every figure comes from the same snapshot.
    return this.db.transaction(
      (r: DayRange, limit: number): StatsRows => ({
        totalViews: sumViews.get(r.from, r.to) as number,
        uniqueVisitors: visitors.get(r.from, r.to) as number,
        toolUses: sumTools.get(r.from, r.to) as number,
        pages: pages.all(r.from, r.to, limit) as StatsRows['pages'],
        tools: tools.all(r.from, r.to, limit) as StatsRows['tools'],
        daily: daily.all(r.from, r.to) as StatsRows['daily'],
        prevViews: sumViews.get(r.prevFrom, r.prevTo) as number,
        prevVisitors: visitors.get(r.prevFrom, r.prevTo) as number,
        prevToolUses: sumTools.get(r.prevFrom, r.prevTo) as number,
      }),
    );
  }

  async write(events: readonly StoredEvent[]): Promise<void> {
    this.writeBatch(events);
    this.pruneIfDue();
  }

  async read(range: DayRange, limit: number): Promise<StatsRows> {
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
  }

  async close(): Promise<void> {
    if (!this.db.open) return;
    this.db.pragma('wal_checkpoint(TRUNCATE)');
    this.db.close();
  }
}
