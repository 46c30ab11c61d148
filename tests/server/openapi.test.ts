/**
 * GET /api/openapi.json from the real built server: a valid OpenAPI 3.1 document (checked by a real
 * validator), listing every route the app answers (the server refuses to start otherwise: shown
 * here on an Express app with a route the list lacks), every listed route answered, and every
 * request body example accepted by the live server.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import express, { Router } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../harness/server';
import { apiRoutesOf, documentationGaps } from '../../server/openapi/coverage';
import { API_ROUTES } from '../../server/openapi/routes';
import { CATALOGUE } from '../../src/core/crc/catalogue';
import { bitsFromPoly } from '../../src/core/crc/params';

interface Operation {
  parameters?: { name: string; in: string }[];
  requestBody?: { content: Record<string, { examples?: Record<string, { value: unknown }> }> };
  responses: Record<string, unknown>;
  security?: unknown[];
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
}

let server: RunningServer;
let doc: Document;
beforeAll(async () => {
  server = await startServer();
  const r = await fetch(`${server.url}/api/openapi.json`);
  expect(r.status).toBe(200);
  expect(r.headers.get('content-type')).toMatch(/^application\/json/);
  doc = (await r.json()) as Document;
});
afterAll(async () => {
  await server?.stop();
});

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ path, method, op })),
  );

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(doc as unknown as Parameters<Validator['validate']>[0]);
    expect(result.errors, JSON.stringify(result.errors, null, 2)).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(doc.openapi).toBe('3.1.0');
  });

  it('lists the route list the server checked its router against at start, and each route is answered', async () => {
    expect(operations().map(({ method, path }) => `${method} ${path}`)).toEqual(
      API_ROUTES.map((r) => `${r.method} ${r.path}`),
    );
    for (const path of ['/healthz', '/api/predefined', '/api/generate', '/api/analytics/stats', '/api/hdl/fsm']) {
      expect(Object.keys(doc.paths), path).toContain(path);
    }
    for (const { path, method } of operations()) {
      const r = await fetch(`${server.url}${path}`, {
        method: method.toUpperCase(),
        headers: { 'content-type': 'application/json' },
        body: method === 'post' ? '{}' : undefined,
      });
      const body = await r.text();
      expect(r.status, `${method} ${path}: ${body.slice(0, 200)}`).not.toBe(404);
      expect(body, `${method} ${path}`).not.toMatch(/No API route/);
    }
  });

  it('describes the GET routes with their parameters, answers and security', () => {
    const stats = doc.paths['/api/analytics/stats']!.get!;
    expect(stats.parameters?.map((p) => `${p.in} ${p.name}`)).toEqual(['query days', 'query limit']);
    // What a client gets without limit (docs/analytics.md: 10; the store applies it, so no JSON Schema default).
    expect(JSON.stringify(stats.parameters?.find((p) => p.name === 'limit'))).toMatch(/default 10\b/);
    expect(Object.keys(stats.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '429', '503']));
    expect(stats.security).toEqual([{ adminToken: [] }]);
    expect(Object.keys(doc.paths['/api/predefined']!.get!.responses)).toContain('200');
    const hdl = doc.paths['/api/hdl/crc']!.post!;
    expect(Object.keys(hdl.responses)).toEqual(['200', '400', '408', '413', '415', '422', '429', '503']);
  });

  it("describes /healthz's answer as the server gives it: the store's name and every analytics counter", async () => {
    const body = (await (await fetch(`${server.url}/healthz`)).json()) as {
      store: string;
      analytics: Record<string, unknown>;
    };
    interface Schema {
      properties: Record<string, { enum?: unknown[]; properties?: Record<string, unknown> }>;
    }
    const answer = doc.paths['/healthz']!.get!.responses['200'] as {
      content: { 'application/json': { schema: Schema } };
    };
    const schema = answer.content['application/json'].schema;
    expect(schema.properties.store!.enum).toEqual(['embedded', 'mongodb']);
    expect(schema.properties.store!.enum).toContain(body.store);
    expect(Object.keys(schema.properties.analytics!.properties!)).toEqual(
      expect.arrayContaining(Object.keys(body.analytics)),
    );
  });

  it("describes the 429's headers as the rate limit sends them, Retry-After included", async () => {
    const limited = await startServer({ env: { RATE_LIMIT_PER_MINUTE: '1' } });
    try {
      let r = await fetch(`${limited.url}/api/predefined`);
      for (let i = 0; i < 3 && r.status !== 429; i++) r = await fetch(`${limited.url}/api/predefined`);
      expect(r.status).toBe(429);
      const answer = doc.paths['/api/predefined']!.get!.responses['429'] as { headers: Record<string, unknown> };
      const sent = ['ratelimit', 'ratelimit-policy', 'retry-after'].filter((h) => r.headers.has(h));
      expect(sent).toEqual(['ratelimit', 'ratelimit-policy', 'retry-after']);
      expect(Object.keys(answer.headers).map((h) => h.toLowerCase())).toEqual(sent);
    } finally {
      await limited.stop();
    }
  });

  it('accepts every request body example of the document on the live server', async () => {
    let posted = 0;
    for (const { path, method, op } of operations()) {
      const examples = op.requestBody?.content['application/json']?.examples ?? {};
      for (const [name, { value }] of Object.entries(examples)) {
        const r = await fetch(`${server.url}${path}`, {
          method: method.toUpperCase(),
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(value),
        });
        const text = await r.text();
        expect([200, 202], `${path} example ${name}: ${r.status} ${text.slice(0, 300)}`).toContain(r.status);
        posted++;
      }
    }
    expect(posted).toBe(operations().filter(({ method }) => method === 'post').length);
  });

  it('states the default of a field read through a transform, and it is the one the server applies', async () => {
    // zod left them out (clockFreq, fifoDepth, an FSM's transitions, an event's referrer): a client
    // could not tell what leaving the field out means.
    type Props = Record<string, { default?: unknown; items?: { properties: Props } }>;
    const schemas = (doc as unknown as { components: { schemas: Record<string, { properties: Props }> } }).components
      .schemas;
    const uart = schemas.UARTRequest!.properties;
    expect([uart.clockFreq!.default, uart.fifoDepth!.default]).toEqual([100_000_000, 16]);
    expect(schemas.PageviewEvent!.properties.referrer!.default).toBe('direct');
    expect(schemas.ErrorEvent!.properties.page_url!.default).toBe('');
    expect(schemas.PerformanceEvent!.properties.tool_name!.default).toBe('');
    const transitions = schemas.FSMRequest!.properties.transitions!;
    expect(transitions.items!.properties.condition!.default).toBe('');
    expect(Array.isArray(transitions.default) && transitions.default.length).toBeGreaterThan(0);

    const design = async (generator: string, body: object) => {
      const r = await fetch(`${server.url}/api/hdl/${generator}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(r.status).toBe(200);
      return r.text();
    };
    const stated = { clockFreq: uart.clockFreq!.default, fifoDepth: uart.fifoDepth!.default };
    expect(await design('uart', stated)).toBe(await design('uart', {}));
    expect(await design('uart', { clockFreq: 50_000_000 })).not.toBe(await design('uart', {}));
    expect(await design('fsm', { transitions: transitions.default })).toBe(await design('fsm', {}));
  });

  it('states the default of every optional CRC field, and it is the one the server applies', async () => {
    // Until 2026-12-03 the two CRC requests left out the defaults of the parameters and options.
    type Props = Record<string, { default?: unknown }>;
    const { schemas } = (doc as unknown as { components: { schemas: Record<string, { properties: Props }> } })
      .components;
    const stated = (name: string, fields: string[]) =>
      Object.fromEntries(fields.map((f) => [f, schemas[name]!.properties[f]!.default]));
    const generate = stated('GenerateRequest', [
      'init',
      'refin',
      'refout',
      'xorout',
      'partial_last_word',
      'pipeline_stages',
    ]);
    expect(generate).toEqual({
      init: '0',
      refin: false,
      refout: false,
      xorout: '0',
      partial_last_word: false,
      pipeline_stages: 0,
    });
    const hdl = stated('CRCRequest', [
      'init',
      'refin',
      'refout',
      'xorout',
      'dataWidth',
      'partialLastWord',
      'pipelineStages',
    ]);
    expect(hdl).toEqual({
      init: '0',
      refin: false,
      refout: false,
      xorout: '0',
      dataWidth: 8,
      partialLastWord: false,
      pipelineStages: 0,
    });
    const answer = async (path: string, body: object) => {
      const r = await fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(r.status, path).toBe(200);
      return r.text();
    };
    const plain = { poly: bitsFromPoly(16, 0x8005n), data_width: 16, language: 'verilog' };
    expect(await answer('/api/generate', { ...plain, ...generate })).toBe(await answer('/api/generate', plain));
    const params = { width: 16, poly: '0x8005' };
    expect(await answer('/api/hdl/crc', { ...params, ...hdl })).toBe(await answer('/api/hdl/crc', params));
  });

  it("describes an event's metadata as the server takes it: at most 32 keys, identifiers, none reserved", async () => {
    // Until 2026-12-03 the document allowed any number of keys, and constructor, prototype and __proto__.
    interface Metadata {
      maxProperties: number;
      propertyNames: { pattern: string; not: { enum: string[] } };
    }
    const { schemas } = (doc as unknown as { components: { schemas: Record<string, { properties: object }> } })
      .components;
    const metadata = (schemas.ToolUsageEvent!.properties as { metadata: Metadata }).metadata;
    expect(metadata.maxProperties).toBe(32);
    expect(metadata.propertyNames.not.enum.sort()).toEqual(['__proto__', 'constructor', 'prototype']);
    const send = (metadata: string) =>
      fetch(`${server.url}/api/analytics/tool-usage`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: `{"tool_name": "t", "action": "a", "session_id": "s", "metadata": ${metadata}}`,
      });
    const keys = (n: number) => JSON.stringify(Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, i])));
    expect((await send(keys(metadata.maxProperties))).status).toBe(202);
    expect((await send(keys(metadata.maxProperties + 1))).status).toBe(422);
    for (const key of metadata.propertyNames.not.enum) {
      expect(new RegExp(metadata.propertyNames.pattern).test(key), key).toBe(true); // only `not` refuses it
      expect((await send(`{"${key}": 1}`)).status, key).toBe(422);
    }
    // A key that is no identifier is told the rule, not zod's "Invalid key in record".
    const dotted = await send('{"a.b": 1}');
    expect(dotted.status).toBe(422);
    expect(((await dotted.json()) as { details: unknown }).details).toEqual([
      { path: 'metadata.a.b', message: 'metadata keys must be identifiers (letters, digits, _ and -, at most 64)' },
    ]);
  });

  it('states both forms a field read through a preprocess takes, and the server takes each', async () => {
    // Until 2026-12-02 the document typed clockFreq and fifoDepth as integers only and an FSM
    // condition as text only: a client checking its requests against it refused what the server takes.
    type Schema = { anyOf?: { type: string }[]; additionalProperties?: Schema; items?: { properties: Props } };
    type Props = Record<string, Schema>;
    const schemas = (doc as unknown as { components: { schemas: Record<string, { properties: Props }> } }).components
      .schemas;
    const types = (s: Schema | undefined) => s?.anyOf?.map((form) => form.type);
    const uart = schemas.UARTRequest!.properties;
    expect([types(uart.clockFreq), types(uart.fifoDepth)]).toEqual([
      ['integer', 'string'],
      ['integer', 'string'],
    ]);
    const fsm = schemas.FSMRequest!.properties;
    expect(types(fsm.transitions!.items!.properties.condition)).toEqual(['string', 'integer']);
    expect(types(fsm.states!.items!.properties.outputs!.additionalProperties)).toEqual(['string', 'integer']);

    const design = async (generator: string, body: object) => {
      const r = await fetch(`${server.url}/api/hdl/${generator}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(r.status, JSON.stringify(body)).toBe(200);
      return r.text();
    };
    expect(await design('uart', { clockFreq: '50,000,000', fifoDepth: '32' })).toBe(
      await design('uart', { clockFreq: 50_000_000, fifoDepth: 32 }),
    );
    const always = (condition: unknown) => ({
      states: [{ name: 'A' }, { name: 'B' }],
      resetState: 'A',
      transitions: [{ from: 'A', to: 'B', condition }],
    });
    expect(await design('fsm', always(1))).toBe(await design('fsm', always('1')));
  });

  it("makes the catalogue algorithm a /api/generate example is named after (its file states the algorithm's check value)", async () => {
    const examples = doc.paths['/api/generate']!.post!.requestBody!.content['application/json']!.examples ?? {};
    const named = Object.entries(examples).filter(([name]) => CATALOGUE.some((a) => a.name === name));
    expect(named.length).toBeGreaterThan(0);
    for (const [name, { value }] of named) {
      const r = await fetch(`${server.url}/api/generate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(value),
      });
      const { check } = CATALOGUE.find((a) => a.name === name)!;
      expect(await r.text(), name).toContain(`Check value (CRC of the ASCII bytes "123456789"): ${check}\n`);
    }
  });
});

describe('the route check the server runs at start', () => {
  it('names a route the app answers that the list lacks, and a listed route the app does not answer', () => {
    const app = express();
    const api = Router();
    api.get('/predefined', (_req, res) => void res.json([]));
    api.post('/hdl/crc', (_req, res) => void res.json({}));
    api.post('/hdl/teapot', (_req, res) => void res.status(418).end());
    app.use('/api', api);
    app.get('/healthz', (_req, res) => void res.json({ status: 'ok' }));
    app.get('/{*path}', (_req, res) => void res.send('the app')); // not under /api: not the API's
    expect(apiRoutesOf(app)).toEqual([
      { method: 'get', path: '/api/predefined' },
      { method: 'post', path: '/api/hdl/crc' },
      { method: 'post', path: '/api/hdl/teapot' },
      { method: 'get', path: '/healthz' },
    ]);
    const gaps = documentationGaps(app);
    expect(gaps).toContain('POST /api/hdl/teapot is answered but not in server/openapi/routes.ts');
    expect(gaps).toContain('POST /api/hdl/fsm is in server/openapi/routes.ts but not answered');
    expect(gaps.filter((g) => /predefined|hdl\/crc |healthz/.test(g))).toEqual([]);
  });

  it('matches a route with a parameter against the listed paths it covers', () => {
    const app = express();
    const analytics = Router();
    analytics.post('/:kind', (_req, res) => void res.status(202).end());
    app.use('/api/analytics', analytics);
    const gaps = documentationGaps(app);
    expect(gaps.some((g) => g.includes('/api/analytics/:kind'))).toBe(false);
    expect(gaps.some((g) => g.startsWith('POST /api/analytics/pageview'))).toBe(false);
    expect(gaps).toContain('GET /api/analytics/stats is in server/openapi/routes.ts but not answered');
  });
});
