/**
 * Load burst against the real server on loopback (autocannon, 50 connections): every request that
 * was answered 2xx must show up in the stats, exactly. Throughput figures belong to the bench; this
 * test only checks that nothing accepted is lost.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import autocannon from 'autocannon';
import { startServer, type RunningServer } from '../harness/server';
import { getStats } from './analytics-helpers';

const REQUESTS = 10_000;
const SESSIONS = 500;

describe('analytics under a load burst (autocannon, 50 connections)', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('stores every accepted event', async () => {
    let n = 0;
    const json = { 'content-type': 'application/json' };
    const result = await autocannon({
      url: server.url,
      connections: 50,
      amount: REQUESTS,
      timeout: 30,
      requests: [
        {
          method: 'POST',
          path: '/api/analytics/pageview',
          headers: json,
          setupRequest: (req) => ({
            ...req,
            body: JSON.stringify({
              page_path: `/load/${n % 10}`,
              session_id: `load-${n++ % SESSIONS}`,
              referrer: 'direct',
            }),
          }),
        },
        // sendBeacon style
        {
          method: 'POST',
          path: '/api/analytics/tool-usage',
          headers: { 'content-type': 'text/plain;charset=UTF-8' },
          body: JSON.stringify({
            tool_name: 'Load Tool',
            action: 'burst',
            duration: 1,
            session_id: 'load-tool',
            metadata: { k: 1 },
          }),
        },
      ],
    });
    const accepted = result['2xx'];
    expect(result.errors).toBe(0);
    expect(result.timeouts).toBe(0);
    expect(result.non2xx).toBe(0);
    expect(accepted).toBe(REQUESTS);

    const stats = await getStats(server.url, server.adminToken, 'days=7&limit=1000');
    const s = stats.json as {
      total_views: number;
      unique_visitors: number;
      range: { tool_uses: number };
      tool_usage: { usage_count: number }[];
    };
    expect(s.total_views + s.range.tool_uses).toBe(accepted);
    expect(s.total_views).toBe(REQUESTS / 2);
    expect(s.unique_visitors).toBe(SESSIONS);
    expect(s.tool_usage).toEqual([{ tool_name: 'Load Tool', usage_count: REQUESTS / 2 }]);
    const health = await (await fetch(`${server.url}/healthz`)).json();
    expect(health.analytics).toMatchObject({ available: true, buffered: 0, refused: 0, stored: REQUESTS });
    console.log(
      `analytics load burst: ${accepted} accepted at ~${Math.round(result.requests.average)} req/s, p99 latency ${result.latency.p99} ms, all stored`,
    );
  });
});
