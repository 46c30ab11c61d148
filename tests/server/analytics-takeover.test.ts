/**
 * Two servers started at once on the DATA_DIR of a killed one (a process manager restarting its
 * instances after a crash): both find the dead server's journal at start. Each segment must be
 * replayed by one of them only; before, both took every segment, the faster one deleted them
 * once written, and the other then failed to read them back and stayed "unavailable" for good
 * (stats 503, every later event journaled but never written while it ran).
 */
import { rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../harness/server';
import { closedPort, getStats, pageview, post } from './analytics-helpers';

/** More than one batch of the store (5,000 events), over many small segments. */
const EVENTS = 6_000;
const SMALL_SEGMENTS = { ANALYTICS_JOURNAL_MB: '2' };

async function health(server: RunningServer) {
  return (await (await fetch(`${server.url}/healthz`)).json()).analytics as { available: boolean; buffered: number };
}

describe('journal takeover by two servers starting at once', () => {
  it('replays a killed server journal once, and both servers keep writing', async () => {
    const port = await closedPort();
    // MongoDB unreachable: every event stays in the journal until the kill.
    const first = await startServer({
      keepDataDir: true,
      env: { ...SMALL_SEGMENTS, MONGODB_URI: `mongodb://127.0.0.1:${port}/?serverSelectionTimeoutMS=300` },
    });
    for (let i = 0; i < EVENTS; i += 100) {
      const answers = await Promise.all(
        Array.from({ length: 100 }, (_, j) => post(first.url, 'pageview', pageview('/p', `s${i + j}`))),
      );
      expect(answers.filter((a) => a.status !== 202)).toEqual([]);
    }
    await first.stop('SIGKILL');

    const both = await Promise.all([
      startServer({ dataDir: first.dataDir, env: SMALL_SEGMENTS }),
      startServer({ dataDir: first.dataDir, env: SMALL_SEGMENTS }),
    ]);
    try {
      for (const server of both) {
        await expect.poll(async () => (await health(server)).buffered, { timeout: 20_000 }).toBe(0);
        expect((await health(server)).available).toBe(true);
        // Each takes new events and writes them.
        expect((await post(server.url, 'pageview', pageview('/after', `after-${server.url}`))).status).toBe(202);
      }
      // The other server's event is accepted once journaled and written just after: the stats
      // catch up (CI run 27 read 6001 while it was on its way).
      for (const server of both)
        await expect
          .poll(async () => {
            const stats = await getStats(server.url, server.adminToken, 'days=7');
            return stats.status === 200 ? stats.json.total_views : stats.status;
          })
          .toBe(EVENTS + 2);
    } finally {
      await Promise.all(both.map((s) => s.stop()));
      rmSync(first.dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
