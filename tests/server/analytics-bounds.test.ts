/**
 * Bounded analytics storage over real HTTP (issue 16 item 1): a flood of distinct page paths adds
 * at most ANALYTICS_DAILY_KEYS_MAX + 1 rollup rows per day (the rest count under "(other)"), paths
 * are cut to 256 characters (a query is part of the path and counts as its own key), and past ANALYTICS_MAX_DB_MB raw events are
 * dropped and counted on /healthz while the daily figures keep counting.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startServer } from '../harness/server';
import { getStats, pageview, post } from './analytics-helpers';

const health = async (url: string) => (await (await fetch(`${url}/healthz`)).json()).analytics;

async function postAll(url: string, bodies: { kind: string; body: object }[]): Promise<void> {
  for (let i = 0; i < bodies.length; i += 50) {
    const batch = bodies.slice(i, i + 50);
    const codes = await Promise.all(batch.map((b) => post(url, b.kind, b.body).then((r) => r.status)));
    expect(new Set(codes)).toEqual(new Set([202]));
  }
}

describe('bounded analytics storage (real server, embedded store)', () => {
  it('caps distinct paths per day under "(other)", a new query included, and cuts paths to 256 characters', async () => {
    const server = await startServer({ keepDataDir: true, env: { ANALYTICS_DAILY_KEYS_MAX: '10' } });
    const long = (i: number) => `/flood/${i}/${'x'.repeat(1990)}?q=${i}`;
    try {
      await postAll(server.url, [
        ...Array.from({ length: 3 }, () => ({ kind: 'pageview', body: pageview('/home', 's0') })),
        ...Array.from({ length: 300 }, (_, i) => ({ kind: 'pageview', body: pageview(long(i), `s${i % 7}`) })),
        ...Array.from({ length: 2 }, () => ({ kind: 'pageview', body: pageview('/home?utm=x', 's1') })),
      ]);
      const stats = await getStats(server.url, server.adminToken, 'days=7');
      expect(stats.json.total_views).toBe(305);
      const pages = stats.json.popular_pages as { page_path: string; view_count: number }[];
      const byPath = new Map(pages.map((p) => [p.page_path, p.view_count]));
      expect(byPath.get('/home'), 'a path known before the cap keeps counting').toBe(3);
      expect(byPath.get('/home?utm=x'), 'a query is a key of its own, new past the cap').toBeUndefined();
      expect(byPath.get('(other)')).toBe(305 - 3 - 9);
      expect(Math.max(...pages.map((p) => p.page_path.length))).toBeLessThanOrEqual(256);
    } finally {
      expect(await server.stop()).toBe(0);
    }
    const db = new Database(join(server.dataDir, 'analytics.sqlite'), { readonly: true });
    try {
      expect(db.prepare('SELECT COUNT(*) FROM daily_pages').pluck().get()).toBe(11);
      const longest = db.prepare("SELECT MAX(LENGTH(json_extract(data, '$.page_path'))) FROM events").pluck().get();
      expect(longest).toBe(256);
    } finally {
      db.close();
    }
  });

  it('stops storing raw events past ANALYTICS_MAX_DB_MB, counts them on /healthz, keeps the daily figures', async () => {
    const server = await startServer({ env: { ANALYTICS_MAX_DB_MB: '1' } });
    try {
      expect(await health(server.url)).toMatchObject({ overBudget: false, rawDroppedOverBudget: 0 });
      const error = (i: number) => ({
        error_context: 'flood',
        error_message: `${i} ${'e'.repeat(2000)}`,
        session_id: `s${i}`,
        page_url: `http://h/${'p'.repeat(2000)}`,
      });
      let sent = 0;
      while (!(await health(server.url)).overBudget) {
        expect(sent, 'the budget is reached within 2,000 large events').toBeLessThan(2000);
        await postAll(
          server.url,
          Array.from({ length: 100 }, (_, i) => ({ kind: 'error', body: error(sent + i) })),
        );
        sent += 100;
      }
      await postAll(
        server.url,
        Array.from({ length: 100 }, () => ({ kind: 'pageview', body: pageview('/after', 'late') })),
      );
      // A 202 means queued: the write-behind batch that counts them may still be on its way.
      await expect
        .poll(async () => (await health(server.url)).rawDroppedOverBudget, { timeout: 30_000 })
        .toBeGreaterThanOrEqual(100);
      expect((await health(server.url)).available).toBe(true);
      const stats = await getStats(server.url, server.adminToken, 'days=7');
      expect(stats.json.total_views).toBe(100);
      expect(server.output()).toMatch(/over ANALYTICS_MAX_DB_MB/);
    } finally {
      await server.stop();
    }
  });
});
