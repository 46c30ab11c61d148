// The server skeleton over real HTTP: health, JSON 404, SPA fallback and real 404, headers, body limits,
// JSON errors without stack traces, rate limiting, config validation and graceful shutdown.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../harness/server';
import { pages } from '../../src/app/registry';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

describe('server skeleton', () => {
  it('answers GET /healthz with JSON', async () => {
    const r = await fetch(`${server.url}/healthz`);
    expect(r.status).toBe(200);
    expect(await r.json()).toMatchObject({ status: 'ok' });
  });

  it('answers unknown /api routes with a JSON 404', async () => {
    const r = await fetch(`${server.url}/api/does-not-exist`);
    expect(r.status).toBe(404);
    expect(r.headers.get('content-type')).toMatch(/application\/json/);
    expect((await r.json()).error).toMatch(/does-not-exist/);
  });

  it('serves the SPA for every declared route (history fallback) and its not-found page as a real 404', async () => {
    const routes = ['/', ...pages.map((p) => p.path), '/diagnostics'];
    expect(routes).toContain('/admin/analytics');
    for (const path of routes) {
      const r = await fetch(`${server.url}${path}`);
      expect(r.status, path).toBe(200);
      expect(r.headers.get('content-type'), path).toMatch(/text\/html/);
      expect(await r.text()).toContain('<div id="root">');
    }
    for (const path of ['/no/such/page', '/crc-generator/extra', '/index', '/IP-SUBNET/extra']) {
      const r = await fetch(`${server.url}${path}`);
      expect(r.status, path).toBe(404);
      expect(r.headers.get('content-type'), path).toMatch(/text\/html/);
      expect(await r.text(), 'the app renders its not-found page').toContain('<div id="root">');
    }
  });

  it('redirects a declared route in another case to it (301), keeping the query string', async () => {
    // The app opens the tool for such an address; the server answered it 404, a dead link to crawlers.
    for (const [path, location] of [
      ['/IP-SUBNET', '/ip-subnet'],
      ['/CRC-Generator?width=16&poly=0x1021', '/crc-generator?width=16&poly=0x1021'],
      ['/Admin/Analytics/', '/admin/analytics'],
      ['/DIAGNOSTICS', '/diagnostics'],
    ]) {
      const r = await fetch(`${server.url}${path}`, { redirect: 'manual' });
      expect(r.status, path).toBe(301);
      expect(r.headers.get('location'), path).toBe(location);
    }
  });

  it('redirects a declared route with a trailing slash to it (301), keeping the query string', async () => {
    // Answered 200 with the app, which rewrote the address itself: two addresses for one page.
    for (const [path, location] of [
      ['/crc-generator/', '/crc-generator'],
      ['/ip-subnet/?ip=10.0.0.1&prefix=8', '/ip-subnet?ip=10.0.0.1&prefix=8'],
      ['/admin/analytics//', '/admin/analytics'],
    ]) {
      const r = await fetch(`${server.url}${path}`, { redirect: 'manual' });
      expect(r.status, path).toBe(301);
      expect(r.headers.get('location'), path).toBe(location);
    }
    for (const path of ['/crc-generator/extra/', '//', '//crc-generator/'])
      expect((await fetch(`${server.url}${path}`, { redirect: 'manual' })).status, path).toBe(404);
  });

  it('asks search engines not to index the admin dashboard, and only it', async () => {
    // /admin/analytics was served like any tool page: a crawler following the navbar link indexed it.
    for (const path of ['/admin/analytics', '/admin/analytics/'])
      expect((await fetch(`${server.url}${path}`)).headers.get('x-robots-tag'), path).toBe('noindex, nofollow');
    for (const path of ['/', '/crc-generator', '/benchmarks'])
      expect((await fetch(`${server.url}${path}`)).headers.get('x-robots-tag'), path).toBeNull();
  });

  it('sends security headers that still allow WebAssembly and workers', async () => {
    const r = await fetch(`${server.url}/`);
    const csp = r.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("'wasm-unsafe-eval'");
    expect(csp).toContain("default-src 'self'");
    expect(csp).not.toContain("'unsafe-eval'");
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
    expect(r.headers.get('x-powered-by')).toBeNull();
  });

  it('serves built assets immutable and WebAssembly as application/wasm', async () => {
    const assets = readdirSync(join(process.cwd(), 'dist/client/assets'));
    const js = assets.find((f) => f.endsWith('.js'))!;
    const r = await fetch(`${server.url}/assets/${js}`);
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toContain('immutable');
    const wasm = assets.find((f) => f.endsWith('.wasm'));
    expect(wasm, 'the client build contains a .wasm asset').toBeDefined();
    const w = await fetch(`${server.url}/assets/${wasm}`);
    expect(w.headers.get('content-type')).toBe('application/wasm');
    expect(WebAssembly.validate(new Uint8Array(await w.arrayBuffer()))).toBe(true);
    expect((await fetch(`${server.url}/assets/missing-file.js`)).status).toBe(404);
  });

  it('answers malformed JSON with 400 and no stack trace', async () => {
    const r = await fetch(`${server.url}/api/analytics/pageview`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"page_path": ',
    });
    expect(r.status).toBe(400);
    const text = await r.text();
    expect(JSON.parse(text).error).toBeTruthy();
    expect(text).not.toMatch(/at .*\.(m?js|ts):\d+/);
  });

  it('answers a URL whose percent-escapes are not UTF-8 with 400 naming the URL, not the body', async () => {
    for (const path of ['/assets/%E0%A4%A', '/json-formatter/%FF']) {
      const r = await fetch(`${server.url}${path}`);
      expect(r.status, path).toBe(400);
      expect((await r.json()).error, path).toBe('Malformed URL: its percent-escapes are not UTF-8');
    }
  });

  it("names what is wrong with a static file's URL: not found, outside the files, a NUL character", async () => {
    const cases: [string, number, string][] = [
      ['/assets/missing-file.js', 404, 'Not found'],
      ['/assets/', 404, 'Not found'],
      ['/assets/..%2f..%2fpackage.json', 403, 'Forbidden'],
      ['/assets/x%00.js', 400, 'Malformed URL: it contains a NUL character'],
    ];
    for (const [path, status, error] of cases) {
      const r = await fetch(`${server.url}${path}`);
      expect(r.status, path).toBe(status);
      expect(await r.json(), path).toEqual({ error });
    }
  });

  it('names the whole path of an unknown API route', async () => {
    const r = await fetch(`${server.url}/api/analytics/nope`, { method: 'PUT' });
    expect(r.status).toBe(404);
    expect((await r.json()).error).toBe('No API route PUT /api/analytics/nope');
  });

  it('matches API paths in their exact case only: another case is the JSON 404 for every method', async () => {
    // Until 2026-12-03 GET /API/PREDEFINED answered the catalogue and POST a 404, POST /API/HDL/UART
    // a design and GET a 404, GET /HEALTHZ the health and OPTIONS a 404.
    for (const path of ['/API/PREDEFINED', '/API/HDL/UART', '/Api/generate', '/api/HDL/uart', '/HEALTHZ', '/API']) {
      for (const method of ['GET', 'POST', 'OPTIONS']) {
        const r = await fetch(`${server.url}${path}`, {
          method,
          ...(method === 'POST' ? { headers: { 'content-type': 'application/json' }, body: '{}' } : {}),
        });
        expect(r.status, `${method} ${path}`).toBe(404);
        expect(await r.json(), `${method} ${path}`).toEqual({ error: `No API route ${method} ${path}` });
      }
    }
    expect((await fetch(`${server.url}/api/predefined`)).status).toBe(200);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    // The app's pages and files are not the API's: a route in another case is still its 301, a file is served.
    const page = await fetch(`${server.url}/CRC-Generator`, { redirect: 'manual' });
    expect(page.status).toBe(301);
    expect(page.headers.get('location')).toBe('/crc-generator');
    const asset = readdirSync(join(process.cwd(), 'dist/client/assets')).find((f) => f.endsWith('.js'))!;
    expect((await fetch(`${server.url}/ASSETS/${asset}`)).status).toBe(200);
    expect((await fetch(`${server.url}/apix`)).headers.get('content-type')).toMatch(/^text\/html/);
  });

  it('answers a method an API route does not take with 405 and Allow', async () => {
    const cases: [string, string, string][] = [
      ['GET', '/api/analytics/pageview', 'POST'],
      ['PUT', '/api/generate', 'POST'],
      ['DELETE', '/api/analytics/stats', 'GET, HEAD'],
      ['POST', '/api/predefined', 'GET, HEAD'],
      ['POST', '/healthz', 'GET, HEAD'],
    ];
    for (const [method, path, allow] of cases) {
      const r = await fetch(`${server.url}${path}`, { method });
      expect(r.status, `${method} ${path}`).toBe(405);
      expect(r.headers.get('allow'), `${method} ${path}`).toBe(allow);
      expect(await r.json()).toEqual({ error: `${method} is not allowed on ${path}: use ${allow}` });
    }
  });

  it('answers a page or file asked with another method than GET with a JSON 405 and Allow, not an HTML page', async () => {
    for (const [method, path] of [
      ['POST', '/'],
      ['PUT', '/json-formatter'],
      ['DELETE', '/icon.svg'],
      ['POST', '/no-such-page'],
    ]) {
      const r = await fetch(`${server.url}${path}`, { method });
      expect(r.status, `${method} ${path}`).toBe(405);
      expect(r.headers.get('allow'), `${method} ${path}`).toBe('GET, HEAD');
      expect(await r.json()).toEqual({ error: `${method} is not allowed on ${path}: use GET, HEAD` });
    }
    const options = await fetch(`${server.url}/json-formatter`, { method: 'OPTIONS' });
    expect(options.status).toBe(204);
    expect(options.headers.get('allow')).toBe('GET, HEAD');
  });

  it("answers OPTIONS with each route's own methods (the stats route is GET, not the events' POST)", async () => {
    const cases: [string, string][] = [
      ['/api/analytics/stats', 'GET, HEAD'],
      ['/api/analytics/pageview', 'POST'],
      ['/api/generate', 'POST'],
      ['/healthz', 'GET, HEAD'],
    ];
    for (const [path, allow] of cases) {
      const r = await fetch(`${server.url}${path}`, { method: 'OPTIONS' });
      expect(r.status, path).toBe(204);
      expect(r.headers.get('allow'), path).toBe(allow);
    }
    expect((await fetch(`${server.url}/api/nothing`, { method: 'OPTIONS' })).status).toBe(404);
  });

  it("answers OPTIONS on an unknown event kind with the JSON 404 its other methods get (not Express's 200 POST)", async () => {
    for (const path of ['/api/analytics/bogus', '/api/analytics/PAGEVIEW']) {
      for (const method of ['OPTIONS', 'GET', 'POST']) {
        const r = await fetch(`${server.url}${path}`, { method });
        expect(r.status, `${method} ${path}`).toBe(404);
        expect(r.headers.get('allow'), `${method} ${path}`).toBeNull();
        expect(await r.json(), `${method} ${path}`).toEqual({ error: `No API route ${method} ${path}` });
      }
    }
  });

  it('caps body sizes with 413', async () => {
    const body = JSON.stringify({ page_path: '/x'.repeat(200_000), session_id: 's' });
    const r = await fetch(`${server.url}/api/analytics/pageview`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(r.status).toBe(413);
    expect((await r.json()).error).toMatch(/too large/i);
  });

  it('accepts a page view', async () => {
    const r = await fetch(`${server.url}/api/analytics/pageview`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        page_path: '/ip-subnet?x=1',
        user_agent: 'vitest',
        referrer: 'direct',
        session_id: 'session-1',
      }),
    });
    expect(r.status).toBeLessThan(300);
  });
});

describe('server configuration and lifecycle', () => {
  it('rate-limits /api per client when RATE_LIMIT_PER_MINUTE is set, not the SPA', async () => {
    const limited = await startServer({ env: { RATE_LIMIT_PER_MINUTE: '3' } });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) codes.push((await fetch(`${limited.url}/api/nothing`)).status);
      expect(codes.slice(0, 3)).toEqual([404, 404, 404]);
      expect(codes.slice(3)).toEqual([429, 429]);
      expect((await fetch(`${limited.url}/`)).status).toBe(200);
    } finally {
      await limited.stop();
    }
  });

  it('refuses to start with invalid configuration, saying why', () => {
    const r = spawnSync(process.execPath, ['dist/server/index.mjs'], {
      env: { ...process.env, PORT: 'not-a-port' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(r.status).not.toBe(0);
    expect(r.stderr).toMatch(/Invalid configuration: PORT/);
  });

  it('prints a generated admin token when ADMIN_TOKEN is unset', async () => {
    const s = await startServer({ env: { ADMIN_TOKEN: '' } });
    try {
      expect(s.output()).toMatch(/Admin token .*: \S{16,}/);
    } finally {
      await s.stop();
    }
  });

  it('shuts down gracefully on SIGTERM (exit code 0)', async () => {
    const s = await startServer();
    const code = await s.stop('SIGTERM');
    expect(code).toBe(0);
    expect(s.output()).toMatch(/SIGTERM received/);
  });
});
