// Early refusal over a raw socket: a body declared larger than the limit is answered 413 (JSON
// error shape) before any of it is sent, and a slow body is cut off after REQUEST_TIMEOUT_MS.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../helpers/server';

const REQUEST_TIMEOUT_MS = 2_000;
let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ env: { REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS) } });
});
afterAll(async () => {
  await server?.stop();
});

/** Opens a socket, writes `head`, calls `drip` while open; resolves with what was received once closed. */
function rawRequest(head: string, drip?: (write: (s: string) => void) => void) {
  const { hostname, port } = new URL(server.url);
  return new Promise<{ text: string; ms: number }>((resolve, reject) => {
    const started = Date.now();
    const socket = connect(Number(port), hostname, () => {
      socket.write(head);
      drip?.((s) => socket.writable && socket.write(s));
    });
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (d) => (text += d));
    socket.on('error', reject);
    socket.on('close', () => resolve({ text, ms: Date.now() - started }));
  });
}

describe('body limits', () => {
  for (const path of ['/api/analytics/pageview', '/api/generate']) {
    it(`answers a declared 1 GB body on ${path} with a JSON 413 within 1 s, before any is sent`, async () => {
      const head =
        `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${1024 ** 3}\r\n\r\n`;
      const { text, ms } = await rawRequest(head);
      expect(ms).toBeLessThan(1_000);
      expect(text).toMatch(/^HTTP\/1\.1 413 /);
      expect(text).toMatch(/connection: close/i);
      expect(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4))).toEqual({ error: 'Request body too large' });
    });
  }

  it('answers a body sent a byte a second with a JSON 408 and closes once REQUEST_TIMEOUT_MS is over', async () => {
    const head = `POST /api/analytics/pageview HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n`;
    let timer: NodeJS.Timeout | undefined;
    const { text, ms } = await rawRequest(head, (write) => {
      timer = setInterval(() => write(' '), 1_000);
    });
    clearInterval(timer);
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
    expect(text).toMatch(/connection: close/i);
    expect(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4))).toEqual({
      error: `Request body not received within ${REQUEST_TIMEOUT_MS} ms`,
    });
    expect(ms).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 100);
    expect(ms).toBeLessThan(REQUEST_TIMEOUT_MS + 1_500);
  });

  it('still accepts bodies within the limit', async () => {
    const r = await fetch(`${server.url}/api/analytics/pageview`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ page_path: '/ok', session_id: 's' }),
    });
    expect(r.status).toBe(202);
  });
});
