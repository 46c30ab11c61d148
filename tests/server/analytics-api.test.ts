/**
 * The analytics API over HTTP against the real built server (dist/server/index.mjs): exact round
 * trip of posted events into the stats, admin auth, hostile bodies, bots, durability across a
 * SIGTERM and a SIGKILL, and the degraded mode when MongoDB cannot be reached.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { inspectJournal } from '../../server/store/journal';
import { SECURITY_HEADERS } from '../../server/security-headers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../harness/server';
import { closedPort, getStats, pageview, post, toolUsage } from './analytics-helpers';

const today = () => new Date().toISOString().slice(0, 10);

describe('analytics API (embedded store, real server)', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('answers the spec shape with zeros before any event', async () => {
    const r = await getStats(server.url, server.adminToken);
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      total_views: 0,
      unique_visitors: 0,
      popular_pages: [],
      tool_usage: [],
      daily_views: [],
    });
    expect(r.json.previous).toMatchObject({ total_views: 0, unique_visitors: 0 });
  });

  it('turns a mix of posted events into exactly the expected stats', async () => {
    // 3 sessions view pages; s1 views /a three times, s2 twice, s3 once on /b; tools used 5 times.
    const views: [string, string][] = [
      ['/a', 's1'],
      ['/a', 's1'],
      ['/a', 's1'],
      ['/a', 's2'],
      ['/b?x=1', 's2'],
      ['/b#frag', 's3'],
      ['/c', 's3'],
    ];
    const results = await Promise.all([
      ...views.map(([p, s]) => post(server.url, 'pageview', pageview(p, s))),
      ...['CRC Generator', 'CRC Generator', 'JWT Debugger', 'CRC Generator', 'Base64 Converter'].map((t, i) =>
        post(
          server.url,
          'tool-usage',
          toolUsage(t, 'run', `tool-only-${i}`, { size: i, ok: true, label: 'x', none: null }),
        ),
      ),
      post(server.url, 'suggestion', {
        suggestion: 'dark mode',
        tool_context: 'crc',
        session_id: 's9',
        user_agent: 'UA',
        timestamp: new Date().toISOString(),
      }),
      post(server.url, 'error', {
        error_context: 'load',
        error_message: 'boom',
        tool_name: 'JWT Debugger',
        session_id: 's9',
        user_agent: 'UA',
        page_url: 'http://x/',
        timestamp: 't',
      }),
      post(server.url, 'performance', {
        metric_name: 'page_load_time',
        value: 123.4,
        tool_name: '/',
        session_id: 's9',
        timestamp: 't',
      }),
    ]);
    for (const r of results) expect(r.status, r.text).toBe(202);

    const r = await getStats(server.url, server.adminToken, 'days=7');
    expect(r.status).toBe(200);
    expect({
      total_views: r.json.total_views,
      unique_visitors: r.json.unique_visitors,
      popular_pages: r.json.popular_pages,
      tool_usage: r.json.tool_usage,
      daily_views: r.json.daily_views,
    }).toEqual({
      total_views: 7,
      // Only sessions that viewed a page are visitors; tool-only sessions and s9 are not.
      unique_visitors: 3,
      popular_pages: [
        { page_path: '/a', view_count: 4 },
        { page_path: '/b', view_count: 1 }, // the fragment is dropped
        { page_path: '/b?x=1', view_count: 1 }, // the query is part of the path
        { page_path: '/c', view_count: 1 },
      ],
      tool_usage: [
        { tool_name: 'CRC Generator', usage_count: 3 },
        { tool_name: 'Base64 Converter', usage_count: 1 },
        { tool_name: 'JWT Debugger', usage_count: 1 },
      ],
      daily_views: [{ date: today(), views: 7 }],
    });
    for (const days of ['30', '90']) {
      const s = await getStats(server.url, server.adminToken, `days=${days}`);
      expect(s.json.total_views).toBe(7);
      expect(s.json.unique_visitors).toBe(3);
    }
  });

  it('accepts text/plain bodies from sendBeacon', async () => {
    const before = (await getStats(server.url, server.adminToken)).json.total_views as number;
    const r = await post(server.url, 'pageview', null, {
      contentType: 'text/plain;charset=UTF-8',
      raw: JSON.stringify(pageview('/beacon', 'beacon-session')),
    });
    expect(r.status).toBe(202);
    const perf = await post(server.url, 'performance', null, {
      contentType: 'text/plain',
      raw: JSON.stringify({ metric_name: 'page_load_time', value: 5, tool_name: '/', session_id: 'b', timestamp: 't' }),
    });
    expect(perf.status).toBe(202);
    expect((await getStats(server.url, server.adminToken)).json.total_views).toBe(before + 1);
  });

  it('answers 415, saying what to send, to an event sent as neither JSON nor text/plain', async () => {
    const before = (await getStats(server.url, server.adminToken, 'days=90')).json;
    const body = JSON.stringify(pageview('/typed', 'typed'));
    for (const contentType of [
      'application/x-www-form-urlencoded',
      'application/xml',
      'multipart/form-data; boundary=x',
    ])
      expect(await post(server.url, 'pageview', null, { raw: body, contentType }), contentType).toMatchObject({
        status: 415,
        json: { error: 'Send the event as JSON, with the header Content-Type: application/json (or text/plain)' },
      });
    // JSON is UTF-8 (as for the CRC API): another charset is a 415, not a 400 about malformed JSON.
    for (const charset of ['UTF-16', 'utf-16le', 'latin1'])
      expect(
        await post(server.url, 'pageview', null, {
          raw: body,
          contentType: `application/json; charset=${charset}`,
        }),
        charset,
      ).toMatchObject({ status: 415, json: { error: 'Unsupported content encoding' } });
    // No Content-Type at all (a byte body: fetch adds none).
    const untyped = await fetch(`${server.url}/api/analytics/pageview`, { method: 'POST', body: Buffer.from(body) });
    expect(untyped.status).toBe(415);
    expect((await getStats(server.url, server.adminToken, 'days=90')).json).toEqual(before);
  });

  it('answers 400, saying the body is empty, to an event with no body (not "expected object, received undefined")', async () => {
    const empty = { status: 400, json: { error: 'Empty request body: send the event as a JSON object' } };
    for (const contentType of ['application/json', 'text/plain', 'text/plain;charset=UTF-8'])
      expect(await post(server.url, 'pageview', null, { raw: '', contentType }), contentType).toMatchObject(empty);
    // Chunked (no Content-Length): the Express route, not the fast path.
    const chunked = await fetch(`${server.url}/api/analytics/pageview`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: new ReadableStream({ start: (c) => c.close() }),
      duplex: 'half',
    } as RequestInit);
    expect({ status: chunked.status, json: await chunked.json() }).toMatchObject(empty);
  });

  it('refuses an event with a query string (400, as the other APIs), on the fast path and through Express, and stores nothing', async () => {
    // Until 2026-12-03 `?x=1` was ignored: 202, and the event stored.
    const before = (await getStats(server.url, server.adminToken, 'days=7')).json.total_views as number;
    const body = JSON.stringify(pageview('/with-query', 'query-session'));
    const refused = { status: 400, json: { error: 'Send the event in the body, not the query string (x, y)' } };
    for (const kind of ['pageview?x=1&y', 'pageview/?x=1&y']) {
      expect(await post(server.url, kind, null, { raw: body }), kind).toMatchObject(refused);
      expect(await post(server.url, kind, null, { raw: body, contentType: 'text/plain' }), kind).toMatchObject(refused);
      // Chunked (no Content-Length): the Express route, not the fast path.
      const chunked = await fetch(`${server.url}/api/analytics/${kind}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: new Blob([body]).stream(),
        duplex: 'half',
      } as RequestInit);
      expect({ status: chunked.status, json: await chunked.json() }, `${kind}, chunked`).toMatchObject(refused);
    }
    expect((await getStats(server.url, server.adminToken, 'days=7')).json.total_views).toBe(before);
    // A bare "?" is no query string.
    expect((await post(server.url, 'pageview?', null, { raw: body })).status).toBe(202);
  });

  it('answers a body that is JSON but not an object (null, a number, a string) the same 400 however it is sent', async () => {
    const notAnObject = { status: 400, json: { error: 'Malformed JSON body: an object or array was expected' } };
    const url = `${server.url}/api/analytics/pageview`;
    for (const raw of ['null', '42', '"x"', 'true'])
      for (const contentType of ['application/json', 'text/plain', 'text/plain; charset=iso-8859-1']) {
        const label = `${raw} as ${contentType}`;
        expect(await post(server.url, 'pageview', null, { raw, contentType }), label).toMatchObject(notAnObject);
        // Chunked (no Content-Length): the Express route, not the fast path.
        const chunked = await fetch(url, {
          method: 'POST',
          headers: { 'Content-Type': contentType },
          body: new Blob([raw]).stream(),
          duplex: 'half',
        } as RequestInit);
        expect({ status: chunked.status, json: await chunked.json() }, `${label}, chunked`).toMatchObject(notAnObject);
      }
  });

  it('refuses an event whose bytes are not UTF-8, on the fast path and through Express, and stores nothing', async () => {
    // Until 2026-12-02 it was accepted (202) and stored with U+FFFD in place of the bytes.
    const before = (await getStats(server.url, server.adminToken, 'days=7')).json.total_views as number;
    const url = `${server.url}/api/analytics/pageview`;
    const text = JSON.stringify(pageview('/latin', 'caf~'));
    const bytes = Buffer.from(text, 'latin1');
    bytes[bytes.indexOf('~')] = 0xe9; // "é" in Windows-1252, sent as UTF-8
    for (const contentType of ['application/json', 'text/plain;charset=UTF-8']) {
      const fast = await fetch(url, { method: 'POST', headers: { 'content-type': contentType }, body: bytes });
      const chunked = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': contentType },
        body: new Blob([bytes]).stream(),
        duplex: 'half',
      } as RequestInit);
      const gzip = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': contentType, 'content-encoding': 'gzip' },
        body: gzipSync(bytes),
      });
      for (const [how, r] of [
        ['fast path', fast],
        ['chunked', chunked],
        ['gzip', gzip],
      ] as const) {
        expect(r.status, `${contentType}, ${how}`).toBe(400);
        expect((await r.json()).error, `${contentType}, ${how}`).toMatch(/^The body is not UTF-8 text: .*byte/);
      }
    }
    expect((await getStats(server.url, server.adminToken, 'days=7')).json.total_views).toBe(before);
  });

  it('stores events the fast path leaves to Express (gzip, Latin-1, chunked) like the common ones', async () => {
    // The common case (JSON or text/plain, UTF-8, a Content-Length) is answered before Express
    // (server/fast-ingest.ts); these go through the Express router and its body parsers.
    const before = (await getStats(server.url, server.adminToken, 'days=7')).json.total_views as number;
    const url = `${server.url}/api/analytics/pageview`;
    const json = (path: string) => JSON.stringify(pageview(path, 'fallback'));
    const answers = [
      await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
        body: gzipSync(json('/gzip')),
      }),
      await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'text/plain; charset=iso-8859-1' },
        body: Buffer.from(json('/café'), 'latin1'),
      }),
      await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: new Blob([json('/chunked')]).stream(),
        duplex: 'half',
      } as RequestInit),
      await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: `\ufeff${json('/bom')}`,
      }),
    ];
    for (const r of answers) {
      expect(r.status, await r.clone().text()).toBe(202);
      expect(await r.json()).toEqual({ ok: true });
      expect(r.headers.get('x-content-type-options')).toBe('nosniff');
      expect(r.headers.get('content-security-policy')).toContain("default-src 'self'");
    }
    const after = await getStats(server.url, server.adminToken, 'days=7');
    expect(after.json.total_views).toBe(before + 4);
    const paths = (after.json.popular_pages as { page_path: string }[]).map((p) => p.page_path);
    expect(paths).toEqual(expect.arrayContaining(['/gzip', '/café', '/chunked', '/bom']));
  });

  it('answers every ingest outcome, on the fast path or through Express, with each security header once', async () => {
    // The fast path writes the 202's headers as one list and adds them to any other answer as it
    // is written (server/fast-ingest.ts): a header missing or sent twice would show here (fetch
    // joins repeated headers with a comma).
    const url = `${server.url}/api/analytics/pageview`;
    const send = (body: string | Uint8Array<ArrayBuffer>, headers: Record<string, string> = {}) =>
      fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
    const answers: [string, Response, number][] = [
      ['fast path, accepted', await send(JSON.stringify(pageview('/headers', 'h'))), 202],
      ['fast path, malformed', await send('{'), 400],
      ['fast path, not an object', await send('"x"'), 400],
      ['fast path, invalid field', await send('{"page_path":5,"session_id":"h"}'), 422],
      [
        'Express, accepted',
        await send(Uint8Array.from(gzipSync(JSON.stringify(pageview('/headers', 'h')))), {
          'content-encoding': 'gzip',
        }),
        202,
      ],
      [
        'Express, invalid field',
        await send(Uint8Array.from(gzipSync('{"page_path":5}')), { 'content-encoding': 'gzip' }),
        422,
      ],
    ];
    for (const [name, r, status] of answers) {
      expect(r.status, name).toBe(status);
      for (const [header, value] of Object.entries(SECURITY_HEADERS))
        expect(r.headers.get(header), `${name}: ${header}`).toBe(value);
    }
  });

  it('drops obvious bots with a 2xx and counts scripted clients', async () => {
    const before = (await getStats(server.url, server.adminToken)).json.total_views as number;
    const googlebot = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
    expect((await post(server.url, 'pageview', pageview('/bot', 'bot1'), { userAgent: googlebot })).status).toBe(202);
    expect(
      (await post(server.url, 'pageview', { ...pageview('/bot', 'bot2'), user_agent: 'AhrefsBot/7.0' })).status,
    ).toBe(202);
    expect((await post(server.url, 'pageview', pageview('/human', 'h1'), { userAgent: 'curl/8.5.0' })).status).toBe(
      202,
    );
    const after = await getStats(server.url, server.adminToken);
    expect(after.json.total_views).toBe(before + 1);
    expect((after.json.popular_pages as { page_path: string }[]).some((p) => p.page_path === '/bot')).toBe(false);
  });

  it('requires the admin token, compared exactly', async () => {
    const cases: (string | null)[] = [
      null,
      '',
      'wrong',
      `${server.adminToken}x`,
      server.adminToken.slice(0, -1),
      server.adminToken.toUpperCase(),
    ];
    for (const token of cases) {
      const r = await getStats(server.url, token);
      expect(r.status, `token ${token}`).toBe(401);
      expect(r.json.error).toMatch(/Admin token required/);
      expect(r.headers.get('www-authenticate')).toMatch(/^Bearer/);
    }
    const basic = await fetch(`${server.url}/api/analytics/stats?days=7`, {
      headers: { Authorization: `Basic ${server.adminToken}` },
    });
    expect(basic.status).toBe(401);
    expect((await getStats(server.url, server.adminToken)).status).toBe(200);
  });

  it('accepts only 7, 30 or 90 days (30 when omitted)', async () => {
    for (const q of ['days=7', 'days=30', 'days=90'])
      expect((await getStats(server.url, server.adminToken, q)).status).toBe(200);
    const omitted = await getStats(server.url, server.adminToken, '');
    expect(omitted.status).toBe(200);
    expect((omitted.json.range as { days: number }).days).toBe(30);
    for (const q of [
      'days=1',
      'days=365',
      'days=abc',
      'days=7.0',
      'days=',
      'days=7&days=30',
      'days[$gt]=1',
      'limit=0',
      'limit=abc',
    ]) {
      const r = await getStats(server.url, server.adminToken, q);
      expect(r.status, q).toBe(400);
      expect(typeof r.json.error).toBe('string');
    }
  });

  it('names what is wrong with a stats query: the range of limit, a parameter of the query (not a body)', async () => {
    const limit = 'Validation failed: limit: limit must be a whole number from 1 to 1000';
    for (const q of ['limit=1001', 'limit=0', 'limit=1.5', 'limit=abc', 'limit=-3'])
      expect((await getStats(server.url, server.adminToken, q)).json.error, q).toBe(limit);
    // Decimal digits only, as days is matched exactly (until 2026-12-03 these were read as numbers: 200).
    for (const q of [
      'limit=0x2',
      'limit=0b11',
      'limit=%203',
      'limit=1e1',
      'limit=4.0',
      'limit=+5',
      'limit=5&limit=6',
    ]) {
      const r = await getStats(server.url, server.adminToken, q);
      expect({ status: r.status, error: r.json.error }, q).toEqual({ status: 400, error: limit });
    }
    expect((await getStats(server.url, server.adminToken, 'limit=5')).status).toBe(200);
    // An unknown parameter by its own name, as the HDL and CRC APIs name an unknown field (was
    // 'query: Unrecognized key: "Days"').
    // Each told the name meant (until 2026-12-04 'unknown field' alone).
    const misspelt = await getStats(server.url, server.adminToken, 'Days=7&Limit=5&from=1');
    expect(misspelt.json.error).toBe(
      'Validation failed: Days: unknown field (did you mean days?); Limit: unknown field (did you mean limit?); from: unknown field',
    );
    expect(misspelt.json.details).toEqual([
      { path: 'Days', message: 'unknown field (did you mean days?)' },
      { path: 'Limit', message: 'unknown field (did you mean limit?)' },
      { path: 'from', message: 'unknown field' },
    ]);
    expect((await getStats(server.url, server.adminToken, 'limit=1000')).status).toBe(200);
  });

  it('names each unknown field of an event under its own path, as JSON or as text/plain', async () => {
    // Was one problem at the body: 'body: Unrecognized keys: "tool", "extra"'.
    const body = { ...toolUsage('CRC', 'run', 's'), tool: 'CRC', extra: 1 };
    for (const contentType of ['application/json', 'text/plain']) {
      const r = await post(server.url, 'tool-usage', body, { contentType });
      expect(r.status, contentType).toBe(422);
      expect(r.json, contentType).toEqual({
        error: 'Validation failed: tool: unknown field; extra: unknown field',
        details: [
          { path: 'tool', message: 'unknown field' },
          { path: 'extra', message: 'unknown field' },
        ],
      });
    }
  });

  it('rejects hostile bodies with 4xx JSON and never stores them', async () => {
    const before = await getStats(server.url, server.adminToken, 'days=90');
    const big = 'x'.repeat(20_000);
    const bodies: { kind: string; body?: unknown; raw?: string; contentType?: string; status: number }[] = [
      { kind: 'pageview', body: { page_path: { $gt: '' }, session_id: 's' }, status: 422 },
      { kind: 'pageview', body: { page_path: '/a', session_id: { $ne: null } }, status: 422 },
      { kind: 'pageview', body: { page_path: '/a', session_id: 's', $where: 'sleep(1000)' }, status: 422 },
      { kind: 'pageview', body: { page_path: '/a', session_id: 's', extra: 1 }, status: 422 },
      { kind: 'pageview', body: { page_path: ['/a'], session_id: 's' }, status: 422 },
      { kind: 'pageview', body: { page_path: '/a'.repeat(1500), session_id: 's' }, status: 422 },
      { kind: 'pageview', body: { page_path: '/a', session_id: 's'.repeat(65) }, status: 422 },
      { kind: 'pageview', body: { page_path: '', session_id: 's' }, status: 422 },
      { kind: 'pageview', body: [pageview('/a', 's')], status: 422 },
      { kind: 'pageview', raw: 'null', status: 400 },
      { kind: 'pageview', raw: '"just a string"', status: 400 },
      { kind: 'pageview', raw: '{"page_path": "/a", ', status: 400 },
      { kind: 'pageview', raw: '{"page_path": "/a", ', contentType: 'text/plain', status: 400 },
      { kind: 'pageview', raw: '', status: 400 },
      {
        kind: 'pageview',
        raw: 'page_path=/a&session_id=s',
        contentType: 'application/x-www-form-urlencoded',
        status: 415,
      },
      { kind: 'pageview', body: { page_path: big, session_id: 's' }, status: 413 },
      {
        kind: 'pageview',
        raw: JSON.stringify({ page_path: big, session_id: 's' }),
        contentType: 'text/plain',
        status: 413,
      },
      { kind: 'tool-usage', body: toolUsage('CRC', 'run', 's', { $gt: 1 }), status: 422 },
      {
        kind: 'tool-usage',
        raw: '{"tool_name":"CRC","action":"run","session_id":"s","metadata":{"__proto__":{"polluted":true}}}',
        status: 422,
      },
      { kind: 'tool-usage', body: toolUsage('CRC', 'run', 's', { 'a.b': 1 }), status: 422 },
      { kind: 'tool-usage', body: toolUsage('CRC', 'run', 's', { nested: { deep: 1 } }), status: 422 },
      { kind: 'tool-usage', body: toolUsage('CRC', 'run', 's', { list: [1, 2] }), status: 422 },
      {
        kind: 'tool-usage',
        body: toolUsage('CRC', 'run', 's', Object.fromEntries(Array.from({ length: 33 }, (_, i) => [`k${i}`, i]))),
        status: 422,
      },
      { kind: 'tool-usage', body: { ...toolUsage('CRC', 'run', 's'), duration: '12' }, status: 422 },
      { kind: 'tool-usage', body: { ...toolUsage('CRC', 'run', 's'), duration: -1 }, status: 422 },
      { kind: 'tool-usage', raw: '{"tool_name":"CRC","action":"run","session_id":"s","duration":1e400}', status: 422 },
      { kind: 'performance', body: { metric_name: 'm', value: 'NaN', session_id: 's' }, status: 422 },
      { kind: 'error', body: { error_context: 'c', error_message: { $regex: '.*' }, session_id: 's' }, status: 422 },
      { kind: 'suggestion', body: { suggestion: 'x'.repeat(3000), session_id: 's' }, status: 422 },
    ];
    for (const b of bodies) {
      const r = await post(server.url, b.kind, b.body, { raw: b.raw, contentType: b.contentType });
      expect(r.status, `${b.kind} ${b.raw ?? JSON.stringify(b.body).slice(0, 80)}: ${r.text}`).toBe(b.status);
      expect(typeof r.json?.error).toBe('string');
    }
    const deep = '['.repeat(5000) + ']'.repeat(5000);
    const d = await post(server.url, 'pageview', null, { raw: deep });
    expect(d.status).toBeGreaterThanOrEqual(400);
    expect(d.status).toBeLessThan(500);
    const after = await getStats(server.url, server.adminToken, 'days=90');
    expect(after.json).toEqual(before.json);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('stores hostile-looking strings verbatim as plain data', async () => {
    const paths = ['/{"$gt":""}', "/'; DROP TABLE daily_pages; --", '/путь/ünïcødé/<script>'];
    for (const p of paths) expect((await post(server.url, 'pageview', pageview(p, 'odd'))).status).toBe(202);
    const pages = (await getStats(server.url, server.adminToken, 'days=7&limit=1000')).json.popular_pages as {
      page_path: string;
    }[];
    for (const p of paths) expect(pages.map((x) => x.page_path)).toContain(p);
  });

  it('counts popular pages by path plus query, with credential-like values redacted and no fragment', async () => {
    const visits = ['/url-encoder?x=1', '/url-encoder?x=1#top', '/url-encoder', '/url-encoder?x=2&token=abc'];
    for (const p of visits) expect((await post(server.url, 'pageview', pageview(p, 'query'))).status).toBe(202);
    const pages = (await getStats(server.url, server.adminToken, 'days=7&limit=1000')).json.popular_pages as {
      page_path: string;
      view_count: number;
    }[];
    const counts = Object.fromEntries(
      pages.filter((p) => p.page_path.startsWith('/url-encoder')).map((p) => [p.page_path, p.view_count]),
    );
    expect(counts).toEqual({ '/url-encoder?x=1': 2, '/url-encoder': 1, '/url-encoder?x=2&token=REDACTED': 1 });
  });

  it('keeps the JSON 404 for unknown API routes and reports store health', async () => {
    const r = await fetch(`${server.url}/api/analytics/nope`, { method: 'POST' });
    expect(r.status).toBe(404);
    expect((await r.json()).error).toMatch(/No API route/);
    const h = await (await fetch(`${server.url}/healthz`)).json();
    expect(h).toMatchObject({
      status: 'ok',
      store: 'embedded',
      analytics: { available: true, buffered: 0, refused: 0 },
    });
  });
});

describe('analytics durability (embedded store)', () => {
  async function postMany(url: string, n: number, session: string) {
    const rs = await Promise.all(
      Array.from({ length: n }, (_, i) => post(url, 'pageview', pageview(`/p${i % 5}`, `${session}-${i % 7}`))),
    );
    return rs.filter((r) => r.status === 202).length;
  }

  it('keeps everything acknowledged across SIGTERM and restart', async () => {
    const first = await startServer({ keepDataDir: true });
    const accepted = await postMany(first.url, 300, 'term');
    expect(accepted).toBe(300);
    expect(await first.stop('SIGTERM')).toBe(0);
    const second = await startServer({ dataDir: first.dataDir });
    try {
      const s = await getStats(second.url, second.adminToken, 'days=7');
      expect(s.json.total_views).toBe(300);
      expect(s.json.unique_visitors).toBe(7);
    } finally {
      await second.stop();
    }
  });

  it('keeps every acknowledged event when SIGTERM arrives in the middle of a burst', async () => {
    const first = await startServer({ keepDataDir: true });
    let accepted = 0;
    let sent = 0;
    let terminated: Promise<number | null> | undefined;
    // 20 clients post until the server stops answering; SIGTERM goes out after 150 answers.
    const clients = Array.from({ length: 20 }, async (_, c) => {
      for (;;) {
        sent++;
        const r = await post(first.url, 'pageview', pageview('/burst', `b${c}`)).catch(() => ({ status: 0 }));
        if (r.status !== 202) {
          expect(r.status).toBe(0); // refused once closed, never a 5xx
          return;
        }
        if (++accepted === 150) terminated = first.stop('SIGTERM');
      }
    });
    await Promise.all(clients);
    expect(await terminated).toBe(0);
    const second = await startServer({ dataDir: first.dataDir });
    try {
      const stored = (await getStats(second.url, second.adminToken, 'days=7')).json.total_views as number;
      // Every 202 is stored; a request whose answer was cut off may be stored too.
      expect(stored).toBeGreaterThanOrEqual(accepted);
      expect(stored).toBeLessThanOrEqual(sent);
      console.log(`SIGTERM mid-burst: ${accepted} answered 202 of ${sent} sent, ${stored} stored`);
    } finally {
      await second.stop();
    }
  });

  it('keeps everything acknowledged across SIGKILL (answered only once journaled)', async () => {
    const first = await startServer({ keepDataDir: true });
    const accepted = await postMany(first.url, 300, 'kill');
    expect(await first.stop('SIGKILL')).toBe(null);
    const second = await startServer({ dataDir: first.dataDir });
    try {
      expect((await getStats(second.url, second.adminToken, 'days=7')).json.total_views).toBe(accepted);
    } finally {
      await second.stop();
    }
  });
});

describe('analytics with rate limiting on (RATE_LIMIT_PER_MINUTE=5)', () => {
  it('limits ingest per client but never locks out the admin reading stats', async () => {
    const server = await startServer({ env: { RATE_LIMIT_PER_MINUTE: '5' } });
    try {
      // One budget per client whichever path answers: odd requests are gzipped (the Express
      // path), even ones take the fast path (server/fast-ingest.ts).
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++) {
        const body = JSON.stringify(pageview('/limited', `r${i}`));
        const r = await fetch(`${server.url}/api/analytics/pageview`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(i % 2 ? { 'content-encoding': 'gzip' } : {}) },
          body: i % 2 ? gzipSync(body) : body,
        });
        statuses.push(r.status);
      }
      expect(statuses).toEqual([202, 202, 202, 202, 202, 429, 429, 429]);
      const limited = await post(server.url, 'pageview', pageview('/limited', 'r9'));
      expect(limited.json?.error).toMatch(/Too many requests/);
      const stats = await getStats(server.url, server.adminToken, 'days=7');
      expect(stats.status).toBe(200);
      expect(stats.json.total_views).toBe(5); // exactly the accepted ones
      expect((await getStats(server.url, 'not-the-token')).status).toBe(429);
    } finally {
      await server.stop();
    }
  });
});

describe('analytics with MongoDB unreachable (MONGODB_URI pointing at a closed port)', () => {
  let server: RunningServer;
  beforeAll(async () => {
    const port = await closedPort();
    server = await startServer({
      keepDataDir: true,
      env: {
        MONGODB_URI: `mongodb://127.0.0.1:${port}/?serverSelectionTimeoutMS=300&connectTimeoutMS=300`,
        ANALYTICS_JOURNAL_MB: '0.02', // about 20 KB: some 130 page views
        ANALYTICS_SHUTDOWN_FLUSH_MS: '500',
      },
    });
  });
  afterAll(async () => {
    if (server?.process.exitCode === null) await server.stop('SIGKILL');
    if (server) rmSync(server.dataDir, { recursive: true, force: true });
  });
  let accepted = 0;

  it('journals ingest (202), answers 503 with Retry-After past ANALYTICS_JOURNAL_MB, and answers stats with 503', async () => {
    let refused = 0;
    for (let i = 0; i < 300; i += 30) {
      const rs = await Promise.all(
        Array.from({ length: 30 }, (_, k) =>
          fetch(`${server.url}/api/analytics/pageview`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify(pageview('/down', `d${i + k}`)),
          }),
        ),
      );
      for (const r of rs) {
        if (r.status === 202) accepted++;
        else {
          expect(r.status).toBe(503);
          expect(r.headers.get('retry-after')).toBe('5');
          expect((await r.json()).error).toMatch(/journal is full/);
          refused++;
        }
      }
    }
    expect(accepted).toBeGreaterThan(50);
    expect(refused).toBe(300 - accepted);
    const stats = await getStats(server.url, server.adminToken, 'days=7');
    expect(stats.status).toBe(503);
    expect(stats.json.error).toMatch(/unavailable/i);
    const h = await (await fetch(`${server.url}/healthz`)).json();
    expect(h.store).toBe('mongodb');
    expect(h.analytics).toMatchObject({ available: false, buffered: accepted, refused, journalLimitBytes: 20972 });
    expect(h.analytics.journalBytes).toBeLessThanOrEqual(20972);
    // Auth is still checked first.
    expect((await getStats(server.url, null)).status).toBe(401);
  });

  it('says on SIGTERM how many events stay in the journal, and keeps them there for the next start', async () => {
    expect(await server.stop('SIGTERM')).toBe(0);
    expect(server.output()).toMatch(
      new RegExp(`${accepted} analytics events are not in the database yet .*stay in the journal`),
    );
    const segments = inspectJournal(join(server.dataDir, 'analytics-journal'));
    expect(segments.reduce((n, s) => n + s.events, 0)).toBe(accepted);
  });
});
