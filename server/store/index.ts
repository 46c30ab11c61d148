/** Opens the configured store: MongoDB when MONGODB_URI is set, else the embedded default. */
import type { Config } from '../config';
import type { AnalyticsStore, StoredEvent } from './types';
import { emptyStats } from './types';

/** Foundation placeholder: accepts events and reports empty statistics (issue #7 replaces it). */
class DiscardingStore implements AnalyticsStore {
  readonly name = 'discarding';
  async record(_events: StoredEvent[]) {}
  async stats() {
    return emptyStats();
  }
  async flush() {}
  async close() {}
}

export async function openStore(_config: Config): Promise<AnalyticsStore> {
  return new DiscardingStore();
}

export type { AnalyticsStore } from './types';
