/**
 * A partly corrupted embedded database (issue 16 item 7), over real HTTP: the server starts, its
 * background PRAGMA quick_check finds the damage, /healthz reports it, the log says which file and
 * what to do, ingest keeps answering 202 (events wait in the bounded buffer) and stats answer 503.
 */
import { openSync, writeSync, closeSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startServer } from '../harness/server';
import { getStats, pageview, post } from './analytics-helpers';

const health = async (url: string) => (await (await fetch(`${url}/healthz`)).json()).analytics;

describe('integrity of the embedded store (real server)', () => {
  it('reports a healthy database as ok', async () => {
    const server = await startServer();
    try {
      await expect.poll(async () => (await health(server.url)).integrity).toBe('ok');
    } finally {
      await server.stop();
    }
  });

  it('detects pages corrupted behind an intact header, reports it and keeps buffering', async () => {
    const first = await startServer({ keepDataDir: true });
    const views = Array.from({ length: 400 }, (_, i) => post(first.url, 'pageview', pageview(`/p/${i}`, `s${i}`)));
    expect(new Set((await Promise.all(views)).map((r) => r.status))).toEqual(new Set([202]));
    expect(await first.stop()).toBe(0);

    // Overwrite everything after the first two pages (header and schema stay readable).
    const file = join(first.dataDir, 'analytics.sqlite');
    const size = statSync(file).size;
    expect(size).toBeGreaterThan(3 * 4096);
    const fd = openSync(file, 'r+');
    writeSync(fd, Buffer.alloc(size - 2 * 4096, 0xa5), 0, size - 2 * 4096, 2 * 4096);
    closeSync(fd);

    const server = await startServer({ dataDir: first.dataDir });
    try {
      await expect.poll(async () => (await health(server.url)).integrity).toBe('corrupt');
      // Unavailable as soon as the damage is known, before any event tries to write (docs/analytics.md).
      expect((await health(server.url)).available).toBe(false);
      expect(server.output()).toMatch(/events wait in the journal on disk meanwhile/);
      expect(server.output()).not.toMatch(/buffered in memory/);
      expect(server.output()).toMatch(/DATA_DIR: the analytics database .*analytics\.sqlite is corrupt/);
      expect(server.output()).toMatch(/move the file .* aside or restore it from a backup/);
      expect((await post(server.url, 'pageview', pageview('/after', 'later'))).status).toBe(202);
      await expect.poll(async () => (await health(server.url)).buffered).toBeGreaterThan(0);
      expect((await health(server.url)).available).toBe(false);
      expect((await getStats(server.url, server.adminToken)).status).toBe(503);
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    } finally {
      await server.stop();
    }
  });
});
