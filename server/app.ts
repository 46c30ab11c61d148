/**
 * Builds the request listener: analytics events' fast path (server/fast-ingest.ts), then the
 * Express 5 app: security headers, rate limiting of /api, the APIs, JSON 404 and error handling,
 * compressed API answers, and the built app (server/static.ts).
 */
import express, { type Express, type RequestHandler } from 'express';
import type { RequestListener } from 'node:http';
import { fastIngest } from './fast-ingest';
import { rateLimit } from 'express-rate-limit';
import compression from 'compression';
import { join } from 'node:path';
import type { Config } from './config';
import type { AnalyticsStore } from './store/types';
import { answerOptions, apiNotFound, errorHandler, pageMethods } from './errors';
import { bearerToken, tokenMatches } from './auth';
import { ingestRouter, statsRouter } from './routes/analytics';
import { securityHeaders } from './security-headers';
import { crcRouter } from './routes/crc';
import { crcIdentifyRouter } from './routes/crc-identify';
import { hdlRouter } from './routes/hdl';
import { openApiRouter } from './openapi/router';
import { allowedMethods, documentationGaps } from './openapi/coverage';
import type { GeneratePool } from './services/hdl-pool';
import { projectRoot } from './paths';
import { bodyDeadline } from './body-limit';
import { serveBuiltApp } from './static';
import { MongoRateLimitStore } from './rate-limit/mongo';

interface AppDeps {
  config: Config;
  store: AnalyticsStore;
  generatePool: GeneratePool;
}

/** The listener, and the Express app behind it (tests/server/openapi.test.ts reads its routes). */
export type AppListener = RequestListener & { app: Express };

export function createApp({ config, store, generatePool }: AppDeps): AppListener {
  const app = express();
  // API paths in their exact letter case only (the routers too: server/routes/api-router.ts):
  // `/API/predefined` answered GET and 404'd POST, where a route's path takes a 405.
  app.set('case sensitive routing', true);
  app.disable('x-powered-by');
  if (config.trustProxy !== undefined) app.set('trust proxy', config.trustProxy);

  // Every answer carries the security headers, computed once (server/security-headers.ts).
  app.use(securityHeaders);

  // A body that trickles in is answered 408 (JSON) once REQUEST_TIMEOUT_MS is over.
  const deadline = bodyDeadline(config.requestTimeoutMs);
  const limiter = config.rateLimitPerMinute > 0 ? apiRateLimit(config) : undefined;

  // Analytics events: the common case before the router (server/fast-ingest.ts), the rest here.
  const beforeEvent = limiter ? [limiter, deadline] : [deadline];
  // OPTIONS from the route list, before any router answers it for the paths it matches.
  app.use(['/api', '/healthz'], answerOptions(allowedMethods));
  app.use('/api/analytics', ingestRouter(store, beforeEvent));

  app.get('/healthz', (_req, res) => {
    const { lastError: _hidden, ...analytics } = store.health(); // driver errors can name internal hosts
    res.json({ status: 'ok', store: store.name, analytics });
  });
  const notFound = apiNotFound(allowedMethods);
  app.use('/healthz', notFound);

  app.use('/api', deadline);

  // Answers worth compressing (a generated HDL file of up to ~620 KB, the catalogue, the stats),
  // by Accept-Encoding; the ingest's empty 202s skip the middleware's per-request cost.
  app.use(
    ['/api/generate', '/api/hdl', '/api/crc/identify', '/api/predefined', '/api/analytics/stats', '/api/openapi.json'],
    compression(),
  );
  // The same limiter as the events' (one budget per client across the API).
  if (limiter) app.use('/api', limiter);

  app.use('/api/analytics', statsRouter(store, config.adminToken));
  app.use('/api', crcRouter(generatePool));
  app.use('/api', crcIdentifyRouter(generatePool));
  app.use('/api', hdlRouter(generatePool));
  app.use('/api', openApiRouter());
  app.use('/api', notFound);
  // The same paths in another case (`/API/predefined`, `/HEALTHZ`): no route, for every method.
  app.use(/^\/(api|healthz)(?=\/|$)/i, notFound);

  serveBuiltApp(app, config.staticDir ?? join(projectRoot(), 'dist', 'client'));
  app.use(pageMethods);

  app.use(errorHandler);
  // Every route is in the OpenAPI document (server/openapi/routes.ts), or the server does not start.
  const gaps = documentationGaps(app);
  if (gaps.length) throw new Error(`The OpenAPI route list and the app differ: ${gaps.join('; ')}`);
  const fast = fastIngest(app, store, beforeEvent);
  const listener: RequestListener = (req, res) => {
    if (!fast(req, res)) app(req, res);
  };
  return Object.assign(listener, { app });
}

/** The API's rate limit per client (RATE_LIMIT_PER_MINUTE). */
function apiRateLimit(config: Config): RequestHandler {
  return rateLimit({
    windowMs: 60_000,
    limit: config.rateLimitPerMinute,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    message: { error: 'Too many requests, please slow down' },
    // With MONGODB_URI, counters live in MongoDB so every instance enforces the same limit;
    // if MongoDB cannot answer, requests pass (the limit protects, it must not take the site down).
    ...(config.mongoUri
      ? { store: new MongoRateLimitStore(config.mongoUri, config.mongoDb), passOnStoreError: true }
      : {}),
    // The authenticated admin reading stats is not counted against the visitors' budget of
    // its address (a burst of ingest must not lock the dashboard out); wrong tokens are.
    skip: (req) =>
      req.baseUrl + req.path === '/api/analytics/stats' &&
      tokenMatches(bearerToken(req.get('authorization')), config.adminToken),
  });
}
