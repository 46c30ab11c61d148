/** Opens the configured store: MongoDB when MONGODB_URI is set, else the embedded default in DATA_DIR. */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config';
import type { AnalyticsStore } from './types';
import { BufferedStore } from './buffered';
import { SqliteBackend } from './sqlite';
import { MongoBackend } from './mongo';

const EMBEDDED_FILE = 'analytics.sqlite';

export async function openStore(config: Config): Promise<AnalyticsStore> {
  const buffer = { bufferLimit: config.analyticsBufferLimit, shutdownFlushMs: config.analyticsShutdownFlushMs };
  if (config.mongoUri) {
    const backend = new MongoBackend({
      uri: config.mongoUri,
      dbName: config.mongoDb,
      retentionDays: config.analyticsRetentionDays,
    });
    // Not awaited: the server starts even while MongoDB is down and catches up when it returns.
    backend.prepare();
    return new BufferedStore(backend, buffer);
  }
  mkdirSync(config.dataDir, { recursive: true });
  return new BufferedStore(
    new SqliteBackend(join(config.dataDir, EMBEDDED_FILE), { retentionDays: config.analyticsRetentionDays }),
    buffer,
  );
}
