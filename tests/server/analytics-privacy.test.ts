/**
 * The server's second line of privacy (issue 16 item 6): whatever a client sends, the stored
 * events keep no URL fragment and no credential-like query value. Read back from the real
 * database file after a real server stored them over HTTP.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startServer } from '../harness/server';
import { post } from './analytics-helpers';
import { packJson } from '../../src/core/packed-json';

const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJzZWNyZXQtdXNlciJ9.c2lnbmF0dXJlLXNlY3JldA';
const SAMPLES = packJson([['hex', '313233343536373839', 'cbf43926']]);

describe('stored analytics never keep tokens (real server, embedded store)', () => {
  it('stores page paths without fragment and redacts credential-like values and link content in page_path, referrer and page_url', async () => {
    const server = await startServer({ keepDataDir: true });
    try {
      const views = await post(server.url, 'pageview', {
        page_path: `/jwt-debugger?tab=1&access_token=${TOKEN}#token=${TOKEN}`,
        referrer: `https://example.com/cb?code=${TOKEN}&state=ok`,
        session_id: 'privacy-1',
      });
      const error = await post(server.url, 'error', {
        error_context: 'uncaught',
        // An older page (cached offline) may still send what its message quotes: the user's input.
        error_message: 'Encoding failed: "ä" at position 2 is outside the ASCII range',
        session_id: 'privacy-1',
        page_url: `http://localhost/jwt-debugger?api_key=${TOKEN}#token=${TOKEN}`,
      });
      // A CRC Identify link carries the user's captured samples (packed): never stored.
      const identify = await post(server.url, 'pageview', {
        page_path: `/crc-generator?tab=identify&samples=${SAMPLES}&width=32`,
        session_id: 'privacy-1',
      });
      expect([views.status, error.status, identify.status]).toEqual([202, 202, 202]);
    } finally {
      expect(await server.stop('SIGTERM')).toBe(0);
    }
    const db = new Database(join(server.dataDir, 'analytics.sqlite'), { readonly: true });
    try {
      const stored = db.prepare('SELECT kind, data FROM events ORDER BY id').all() as { kind: string; data: string }[];
      const pages = db.prepare('SELECT * FROM daily_pages').all();
      expect(stored.map((e) => e.kind)).toEqual(['pageview', 'error', 'pageview']);
      const [view, error, identify] = stored.map((e) => JSON.parse(e.data) as Record<string, string>);
      expect(identify).toMatchObject({ page_path: '/crc-generator?tab=identify&samples=REDACTED&width=32' });
      expect(view).toMatchObject({
        page_path: '/jwt-debugger?tab=1&access_token=REDACTED',
        referrer: 'https://example.com/cb?code=REDACTED&state=ok',
      });
      expect(error).toMatchObject({
        page_url: 'http://localhost/jwt-debugger?api_key=REDACTED',
        error_message: 'Encoding failed: "…" at position 2 is outside the ASCII range',
      });
      const everything = JSON.stringify([stored, pages]);
      for (const part of TOKEN.split('.')) expect(everything).not.toContain(part);
      expect(everything).not.toContain(SAMPLES);
    } finally {
      db.close();
    }
  });
});
