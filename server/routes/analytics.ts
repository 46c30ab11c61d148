/**
 * Analytics routes. Ingest: five POST endpoints with strict schemas; bodies arrive as JSON or as
 * text/plain from sendBeacon; answered 202 once stored (or buffered while the database is down).
 * Stats: GET /stats?days=7|30|90 for the admin token only.
 */
import { Router, json, text } from 'express';
import { refuseOversizedBodies } from '../body-limit';
import { HttpError, validationError } from '../errors';
import { requireAdmin } from '../auth';
import { isBot, StatsQuerySchema } from '../services/analytics';
import { StoreUnavailableError, type AnalyticsStore } from '../store/types';
import { EVENT_KINDS } from '../../src/core/analytics/contract';
import { schemas } from './analytics-schemas';

const BODY_LIMIT = 16 * 1024;
/** The 202 answer, written as is: res.json would serialise it and hash it for an ETag per event. */
const ACCEPTED = Buffer.from('{"ok":true}');
const ACCEPTED_HEADERS = { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': ACCEPTED.length };

/** Parses a text/plain body as JSON (sendBeacon); JSON bodies are already objects. */
function bodyObject(body: unknown): unknown {
  if (typeof body !== 'string') return body;
  try {
    return JSON.parse(body);
  } catch {
    throw new HttpError(400, 'Malformed JSON body');
  }
}

interface AnalyticsRouterOptions {
  adminToken: string;
}

export function analyticsRouter(store: AnalyticsStore, { adminToken }: AnalyticsRouterOptions): Router {
  const router = Router();
  router.use(refuseOversizedBodies(BODY_LIMIT));
  router.use(json({ limit: BODY_LIMIT, strict: true }), text({ type: 'text/plain', limit: BODY_LIMIT }));

  for (const kind of EVENT_KINDS) {
    router.post(`/${kind}`, async (req, res) => {
      const parsed = schemas[kind].safeParse(bodyObject(req.body));
      if (!parsed.success) throw validationError(parsed.error);
      const { session_id, ...data } = parsed.data;
      // Crawlers get the same answer as everyone else, but their events are not kept.
      if (!isBot(req.get('user-agent'), (data as { user_agent?: string }).user_agent)) {
        await store.record([{ kind, ts: new Date(), session_id, data }]);
      }
      res.writeHead(202, ACCEPTED_HEADERS).end(ACCEPTED);
    });
  }

  router.get('/stats', requireAdmin(adminToken), async (req, res) => {
    const query = StatsQuerySchema.safeParse(req.query);
    if (!query.success) throw validationError(query.error, { status: 400 });
    res.set('Cache-Control', 'no-store');
    try {
      res.json(await store.stats(query.data));
    } catch (e) {
      if (!(e instanceof StoreUnavailableError)) throw e;
      res.set('Retry-After', '5').status(503).json({ error: e.message });
    }
  });
  return router;
}
