/**
 * Opens the configured store: MongoDB when MONGODB_URI is set, else the embedded default in
 * DATA_DIR; either way behind the journal in DATA_DIR/analytics-journal.
 */
import { join } from 'node:path';
import type { Config } from '../config';
import { makeDirectories } from '../make-directories';
import type { AnalyticsStore } from './types';
import { BufferedStore, type BufferOptions } from './buffered';
import type { Backend } from './rollup';
import { ThreadedSqliteBackend } from './sqlite/client';
import { MongoBackend } from './mongo';

export const EMBEDDED_FILE = 'analytics.sqlite';
/** Every accepted event is journaled here before its 202 (server/store/journal.ts). */
export const JOURNAL_DIR = 'analytics-journal';

export async function openStore(config: Config): Promise<AnalyticsStore> {
  makeDataDir(config.dataDir);
  const buffer = {
    journalDir: join(config.dataDir, JOURNAL_DIR),
    journalLimitBytes: config.analyticsJournalBytes,
    shutdownFlushMs: config.analyticsShutdownFlushMs,
  };
  if (config.mongoUri) {
    const backend = new MongoBackend({
      uri: config.mongoUri,
      dbName: config.mongoDb,
      retentionDays: config.analyticsRetentionDays,
      rollupRetentionDays: config.analyticsBounds.rollupRetentionDays,
      dailyKeysMax: config.analyticsBounds.dailyKeysMax,
    });
    // Not awaited: the server starts even while MongoDB is down and catches up when it returns.
    backend.prepare();
    return openBuffered(backend, buffer);
  }
  const embedded = await openEmbedded(config);
  try {
    return openBuffered(embedded, buffer);
  } catch (e) {
    await embedded.close(); // its thread would keep the process alive
    throw e;
  }
}

/** The journal in front of `backend`; a journal that cannot be read or written names its path and what to do. */
function openBuffered(backend: Backend, buffer: BufferOptions & { journalDir: string }): BufferedStore {
  try {
    return new BufferedStore(backend, buffer);
  } catch (e) {
    throw new Error(
      `DATA_DIR: cannot open the analytics journal ${buffer.journalDir} (${errorText(e)}); ` +
        'give the server write access to it, and move what is not a journal segment out of it',
    );
  }
}

/** Opens DATA_DIR/analytics.sqlite; a failure names the variable, the path and what to do. */
function makeDataDir(dataDir: string): void {
  try {
    makeDirectories(join(dataDir, JOURNAL_DIR));
  } catch (e) {
    throw new Error(
      `DATA_DIR: cannot create the directory ${dataDir} (${errorText(e)}); ` +
        'set DATA_DIR to a writable directory, or create this one and give the server write access',
    );
  }
}

async function openEmbedded(config: Config): Promise<ThreadedSqliteBackend> {
  const file = join(config.dataDir, EMBEDDED_FILE);
  try {
    // The connection lives in its own thread (sqlite/client.ts): SQLite never blocks the event loop.
    return await ThreadedSqliteBackend.open(
      file,
      { retentionDays: config.analyticsRetentionDays, ...config.analyticsBounds },
      config.analyticsIntegrityCheckMs,
    );
  } catch (e) {
    const corrupt = /not a database|malformed|corrupt/i.test(errorText(e));
    throw new Error(
      corrupt
        ? `DATA_DIR: the database ${file} is corrupt (${errorText(e)}); stop the server, move the file ` +
            '(and its -wal/-shm files) aside or restore it from a backup, then start again'
        : `DATA_DIR: cannot open the database ${file} (${errorText(e)}); ` +
            'check that DATA_DIR is a directory the server can write to',
    );
  }
}

function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
