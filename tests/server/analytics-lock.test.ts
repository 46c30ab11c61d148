/**
 * Another process holding the embedded database's write lock (a backup tool, a second instance),
 * over real HTTP (issue 16 item 2): health checks and static files keep answering because SQLite
 * runs in its own thread; events posted during the lock are answered 202 once in the journal on
 * disk; after a kill -9 during the lock and a restart, every acknowledged event is stored, those
 * answered during the lock included (replayed from the journal), and none twice.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startServer } from '../harness/server';
import { getStats, pageview, post } from './analytics-helpers';

/** A second process that takes the write lock (BEGIN EXCLUSIVE) and holds it until killed. */
function holdWriteLock(file: string): Promise<ChildProcess> {
  const script = `
    const db = require('better-sqlite3')(${JSON.stringify(file)});
    db.pragma('busy_timeout = 10000');
    db.exec('BEGIN EXCLUSIVE');
    db.exec("CREATE TABLE IF NOT EXISTS lock_probe (x)");
    console.log('locked');
    setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['-e', script], { cwd: process.cwd(), stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => d.toString().includes('locked') && resolve(child));
    child.once('exit', (code) => reject(new Error(`lock holder exited with ${code}`)));
  });
}

describe('external lock on the embedded database (real server)', () => {
  it('keeps /healthz and static files answering, journals events, and loses no acknowledgement on kill -9', async () => {
    const first = await startServer({ keepDataDir: true });
    const healthy = await Promise.all(
      Array.from({ length: 200 }, (_, i) => post(first.url, 'pageview', pageview('/ok', `s${i}`))),
    );
    expect(new Set(healthy.map((r) => r.status))).toEqual(new Set([202]));

    const locker = await holdWriteLock(join(first.dataDir, 'analytics.sqlite'));
    try {
      const during = Array.from({ length: 20 }, (_, i) => post(first.url, 'pageview', pageview('/locked', `l${i}`)));
      // While the database thread waits on the lock, the event loop answers every probe.
      for (let i = 0; i < 20; i++) {
        expect((await fetch(`${first.url}/healthz`)).status).toBe(200);
        expect((await fetch(`${first.url}/`)).status).toBe(200);
      }
      expect(new Set((await Promise.all(during)).map((r) => r.status))).toEqual(new Set([202]));
      // Answered once journaled while the write waits on the lock; once SQLite's busy timeout
      // gives up, the store reports itself unavailable with the events waiting in the journal.
      const health = async () => (await (await fetch(`${first.url}/healthz`)).json()).analytics;
      await expect.poll(async () => (await health()).available, { timeout: 15_000 }).toBe(false);
      expect((await health()).buffered).toBe(20);
      expect(await first.stop('SIGKILL')).toBe(null);
    } finally {
      locker.kill('SIGKILL');
    }

    const second = await startServer({ dataDir: first.dataDir });
    try {
      // The journal is replayed at start; each event counts once (the healthy ones were committed
      // before the lock and are in the journal too, until their segment is deleted).
      const health = async () => (await (await fetch(`${second.url}/healthz`)).json()).analytics;
      await expect.poll(async () => (await health()).buffered, { timeout: 15_000 }).toBe(0);
      const stats = await getStats(second.url, second.adminToken, 'days=7');
      expect(stats.json.total_views).toBe(220);
      expect(stats.json.unique_visitors).toBe(220);
    } finally {
      await second.stop();
    }
  });
});
