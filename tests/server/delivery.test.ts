// Compressed delivery over real HTTP (issue 14 item 7, issue 16 item 3): text assets precompressed
// at build time and API answers compressed on the fly, chosen by Accept-Encoding, with Vary; the
// decoded bytes are exactly the raw file or answer.
import { request } from 'node:http';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../harness/server';
import { bitsFromPoly } from '../../src/core/crc/params';

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A request whose body is not decoded (fetch would decode it and hide the encoding). */
function raw(url: string, acceptEncoding: string, init: { method?: string; body?: string } = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: init.method ?? 'GET',
        headers: { 'accept-encoding': acceptEncoding, ...(init.body ? { 'content-type': 'application/json' } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}

function decode(r: Raw): Buffer {
  const encoding = r.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(r.body);
  if (encoding === 'gzip') return gunzipSync(r.body);
  expect(encoding, 'no other encoding is ever sent').toBeUndefined();
  return r.body;
}

const client = join(process.cwd(), 'dist/client');
const assets = readdirSync(join(client, 'assets'));
const largest = (ext: string) =>
  assets
    .filter((f) => f.endsWith(ext))
    .map((f) => ({ f, size: readFileSync(join(client, 'assets', f)).length }))
    .sort((a, b) => b.size - a.size)[0]!.f;

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

describe('compressed delivery', () => {
  it.each([
    ['br, gzip', 'br'],
    ['gzip', 'gzip'],
    ['gzip;q=1, br;q=0.1', 'gzip'],
    ['identity', undefined],
    ['', undefined],
  ])('sends JS, CSS and WASM assets to Accept-Encoding "%s" as %s, byte for byte', async (accept, expected) => {
    for (const file of [largest('.js'), largest('.css'), largest('.wasm')]) {
      const r = await raw(`${server.url}/assets/${file}`, accept);
      expect(r.status, file).toBe(200);
      expect(r.headers['content-encoding'], file).toBe(expected);
      expect(r.headers.vary, file).toMatch(/Accept-Encoding/i);
      expect(r.headers['cache-control'], file).toContain('immutable');
      const type = file.endsWith('.wasm') ? 'application/wasm' : file.endsWith('.css') ? 'text/css' : 'text/javascript';
      expect(r.headers['content-type'], file).toContain(type);
      expect(decode(r).equals(readFileSync(join(client, 'assets', file))), file).toBe(true);
      if (expected) expect(r.body.length, file).toBeLessThan(readFileSync(join(client, 'assets', file)).length);
    }
  });

  it('compresses the initial JavaScript well below its raw size', async () => {
    const html = readFileSync(join(client, 'index.html'), 'utf8');
    const entry = /src="\/assets\/([^"]+\.js)"/.exec(html)?.[1];
    expect(entry).toBeDefined();
    const plain = await raw(`${server.url}/assets/${entry}`, 'identity');
    const br = await raw(`${server.url}/assets/${entry}`, 'br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body.length * 2).toBeLessThan(plain.body.length);
  });

  it('compresses a generated HDL file and the predefined list, with Vary', async () => {
    const body = JSON.stringify({ poly: bitsFromPoly(64, 0x42f0e1eba9ea3693n), data_width: 1024, language: 'verilog' });
    const plain = await raw(`${server.url}/api/generate`, 'identity', { method: 'POST', body });
    expect(plain.status).toBe(200);
    expect(plain.body.length).toBeGreaterThan(100_000);
    for (const accept of ['br', 'gzip']) {
      const r = await raw(`${server.url}/api/generate`, accept, { method: 'POST', body });
      expect(r.headers['content-encoding']).toBe(accept);
      expect(r.headers.vary).toMatch(/Accept-Encoding/i);
      expect(r.body.length * 5).toBeLessThan(plain.body.length);
      expect(decode(r).equals(plain.body)).toBe(true);
    }
    const list = await raw(`${server.url}/api/predefined`, 'gzip');
    expect(list.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decode(list).toString('utf8'))).toBeInstanceOf(Array);
  });
});
