/**
 * Builds the Express 5 app: security headers, rate limiting of /api, the APIs, JSON 404 and error
 * handling, compressed API answers, and the built app (server/static.ts). Importable by tests without listening.
 */
import express, { type Express } from 'express';
import helmet from 'helmet';
import { rateLimit } from 'express-rate-limit';
import compression from 'compression';
import { join } from 'node:path';
import type { Config } from './config';
import type { AnalyticsStore } from './store/types';
import { apiNotFound, errorHandler } from './errors';
import { bearerToken, tokenMatches } from './auth';
import { analyticsRouter } from './routes/analytics';
import { crcRouter } from './routes/crc';
import type { GeneratePool } from './services/crc-pool';
import { projectRoot } from './paths';
import { bodyDeadline } from './body-limit';
import { serveBuiltApp } from './static';
import { MongoRateLimitStore } from './store/mongo-rate-limit';

interface AppDeps {
  config: Config;
  store: AnalyticsStore;
  generatePool: GeneratePool;
}

export function createApp({ config, store, generatePool }: AppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  if (config.trustProxy !== undefined) app.set('trust proxy', config.trustProxy);

  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          // WebAssembly compilation needs 'wasm-unsafe-eval'; no other eval is allowed.
          scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
          workerSrc: ["'self'", 'blob:'],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          connectSrc: ["'self'"],
          fontSrc: ["'self'", 'data:'],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
    }),
  );

  app.get('/healthz', (_req, res) => {
    const { lastError: _hidden, ...analytics } = store.health(); // driver errors can name internal hosts
    res.json({ status: 'ok', store: store.name, analytics });
  });

  // A body that trickles in is answered 408 (JSON) once REQUEST_TIMEOUT_MS is over.
  app.use('/api', bodyDeadline(config.requestTimeoutMs));

  // Answers worth compressing (a generated HDL file of up to ~620 KB, the catalogue, the stats),
  // by Accept-Encoding; the ingest's empty 202s skip the middleware's per-request cost.
  app.use(['/api/generate', '/api/predefined', '/api/analytics/stats'], compression());

  if (config.rateLimitPerMinute > 0) {
    app.use(
      '/api',
      rateLimit({
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
          req.path === '/analytics/stats' && tokenMatches(bearerToken(req.get('authorization')), config.adminToken),
      }),
    );
  }

  app.use('/api/analytics', analyticsRouter(store, { adminToken: config.adminToken }));
  app.use('/api', crcRouter(generatePool));
  app.use('/api', apiNotFound);

  serveBuiltApp(app, config.staticDir ?? join(projectRoot(), 'dist', 'client'));

  app.use(errorHandler);
  return app;
}
