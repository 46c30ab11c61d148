// Early refusal over a raw socket: a body declared larger than the limit is answered 413 (JSON
// error shape) before any of it is sent, and a body that never completes is cut off (after
// REQUEST_TIMEOUT_MS) with a 408. No wall-clock bounds: what is asserted is what was sent.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../harness/server';

const REQUEST_TIMEOUT_MS = 2_000;
let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ env: { REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS) } });
});
afterAll(async () => {
  await server?.stop();
});

/**
 * Opens a socket, writes `head`, calls `drip` while open; resolves once the server closes it with
 * what was received and how many body bytes `drip` had written by then.
 */
function rawRequest(head: string, drip?: (write: (s: string) => void) => void) {
  const { hostname, port } = new URL(server.url);
  return new Promise<{ text: string; bodyBytesSent: number }>((resolve, reject) => {
    let bodyBytesSent = 0;
    const socket = connect(Number(port), hostname, () => {
      socket.write(head);
      drip?.((s) => {
        if (!socket.writable) return;
        socket.write(s);
        bodyBytesSent += s.length;
      });
    });
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (d) => (text += d));
    socket.on('error', reject);
    socket.on('close', () => resolve({ text, bodyBytesSent }));
  });
}

describe('body limits', () => {
  for (const path of ['/api/analytics/pageview', '/api/generate']) {
    it(`answers a declared 1 GB body on ${path} with a JSON 413 and closes, before any is sent`, async () => {
      const head =
        `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${1024 ** 3}\r\n\r\n`;
      // No byte of the body is ever sent: the answer and the close can only come from the header.
      const { text } = await rawRequest(head);
      expect(text).toMatch(/^HTTP\/1\.1 413 /);
      expect(text).toMatch(/connection: close/i);
      expect(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4))).toEqual({ error: 'Request body too large' });
    });
  }

  it('answers a body that never completes with a JSON 408 and closes, after waiting for some of it', async () => {
    const head = `POST /api/analytics/pageview HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n`;
    let timer: NodeJS.Timeout | undefined;
    // A byte every 200 ms: the 100 declared bytes would take 20 s, ten times REQUEST_TIMEOUT_MS.
    const { text, bodyBytesSent } = await rawRequest(head, (write) => {
      timer = setInterval(() => write(' '), 200);
    });
    clearInterval(timer);
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
    expect(text).toMatch(/connection: close/i);
    expect(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4))).toEqual({
      error: `Request body not received within ${REQUEST_TIMEOUT_MS} ms`,
    });
    // The server waited for the slow body (it read some) and cut it off before it was complete.
    expect(bodyBytesSent).toBeGreaterThan(0);
    expect(bodyBytesSent).toBeLessThan(100);
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
