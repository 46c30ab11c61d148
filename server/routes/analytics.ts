/**
 * Analytics routes. Ingest: five POST endpoints with strict schemas; bodies arrive as JSON or as
 * text/plain from sendBeacon; answered 202 once journaled on disk (503 when the journal cannot take them).
 * Stats: GET /stats?days=7|30|90 for the admin token only.
 */
import { text, type RequestHandler, type Router } from 'express';
import { apiRouter } from './api-router';
import type { ServerResponse } from 'node:http';
import { ZodError } from 'zod';
import { isUtf8, refuseNotUtf8, refuseOversizedBodies, refuseQuery } from '../body-limit';
import { emptyBody, HttpError, MALFORMED_JSON, NOT_AN_OBJECT, validationError } from '../errors';
import { requireAdmin } from '../auth';
import { isBot, StatsQuerySchema } from '../services/analytics';
import { StoreUnavailableError, type AnalyticsStore } from '../store/types';
import { JournalRefusedError } from '../store/journal';
import { EVENT_KINDS, type EventKind } from '../../src/core/analytics/contract';
import { schemas } from './analytics-schemas';
import { didYouMean, fieldNames, oneIssuePerField } from './hdl-schemas';
import { SECURITY_HEADERS } from '../security-headers';

/** Largest event body, in bytes. */
export const BODY_LIMIT = 16 * 1024;
/**
 * The 202 answer, written as is: res.json would serialise it and hash it for an ETag per event;
 * a string body goes out in the same write as the headers.
 */
const ACCEPTED = '{"ok":true}';
/**
 * Every header of the 202, the security headers included, as the flat list writeHead takes: on a
 * response with no header set yet (the fast path's), Node writes the list as it is, without
 * building and re-reading a header map; where headers were set, it replaces them.
 */
export const ACCEPTED_HEADERS: readonly string[] = [
  ...Object.entries(SECURITY_HEADERS).flat(),
  'Content-Type',
  'application/json; charset=utf-8',
  'Content-Length',
  String(ACCEPTED.length),
];

/**
 * The event body's text parsed as JSON, whatever its type (JSON or sendBeacon's text/plain) and
 * path (fast or Express), so one mistake gets one answer: a body that is JSON but not an object or
 * array (`null`, `42`) was a 400 as application/json and a 422 as text/plain until 2026-12-01.
 */
function bodyObject(body: string | undefined): unknown {
  // No body at all: the schema's "expected object, received undefined" did not say so.
  if (body === undefined || body === '') throw emptyBody('the event');
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    throw new HttpError(400, MALFORMED_JSON);
  }
  if (typeof value !== 'object' || value === null) throw new HttpError(400, NOT_AN_OBJECT);
  return value;
}

/**
 * Validates an event body and records it (crawlers get the same answer as everyone else, but
 * their events are not kept). Shared by this router and the fast path (server/fast-ingest.ts).
 */
export async function recordEvent(
  store: AnalyticsStore,
  kind: EventKind,
  body: string | undefined,
  userAgent: string | undefined,
): Promise<void> {
  const parsed = schemas[kind].safeParse(bodyObject(body));
  if (!parsed.success) throw validationError(new ZodError(oneIssuePerField(parsed.error.issues)));
  const { session_id, ...data } = parsed.data;
  if (isBot(userAgent, (data as { user_agent?: string }).user_agent)) return;
  await store.record([{ kind, ts: new Date(), session_id, data }]);
}

/** Answers an accepted event: a fixed body with its headers in one writeHead. */
export function writeAccepted(res: ServerResponse): void {
  res.writeHead(202, ACCEPTED_HEADERS as string[]).end(ACCEPTED);
}

/** Seconds a client is asked to wait when the journal cannot take its event. */
const REFUSED_RETRY_AFTER = '5';

/**
 * Answers an event the journal refused (full, or the disk refused the write) with 503 and
 * Retry-After and returns true: never a 202 for an event that is not on disk. Other errors: false.
 */
export function answerRefused(res: ServerResponse, err: unknown): boolean {
  if (!(err instanceof JournalRefusedError)) return false;
  const body = JSON.stringify({ error: `${err.message}; try again later` });
  res
    .writeHead(503, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': Buffer.byteLength(body),
      'Retry-After': REFUSED_RETRY_AFTER,
    })
    .end(body);
  return true;
}

export const isEventKind = (kind: string): kind is EventKind => (EVENT_KINDS as readonly string[]).includes(kind);

const NOT_AN_EVENT_TYPE = 'Send the event as JSON, with the header Content-Type: application/json (or text/plain)';

/**
 * A body of another type (a form: `curl -d` without a Content-Type header) is a 415 that says what
 * to send: no parser reads it, and the schema's "expected object, received undefined" misled.
 */
const requireEventType: RequestHandler = (req, _res, next) => {
  if (req.is(['application/json', 'text/plain']) === false) return next(new HttpError(415, NOT_AN_EVENT_TYPE));
  // JSON is UTF-8, as for the other APIs (server/body-limit.ts): the body parser decoded UTF-16 and
  // answered a 400 about malformed JSON, which sent the sender looking in the wrong place.
  if (req.is('application/json') && !isUtf8(req.headers['content-type']))
    return next(new HttpError(415, 'Unsupported content encoding'));
  next();
};

/**
 * POST /<kind> in full: the rate limiter and body deadline (`before`), the size limit, both
 * content types in any charset or content encoding the body parser knows. The common case is
 * answered before Express (server/fast-ingest.ts); this router takes the rest.
 */
export function ingestRouter(store: AnalyticsStore, before: RequestHandler[]): Router {
  const router = apiRouter();
  router.post(
    '/:kind',
    (req, _res, next) => next(isEventKind(req.params.kind as string) ? undefined : 'router'),
    ...before,
    refuseOversizedBodies(BODY_LIMIT),
    requireEventType,
    // Both types read as text and parsed by bodyObject, as on the fast path: one answer per mistake.
    text({ type: ['application/json', 'text/plain'], limit: BODY_LIMIT, verify: refuseNotUtf8 }),
    // The event is the body's: `?x=1` was stored without it (docs/analytics.md).
    refuseQuery('the event in the body'),
    async (req, res) => {
      try {
        await recordEvent(store, req.params.kind as EventKind, req.body as string | undefined, req.get('user-agent'));
      } catch (e) {
        if (answerRefused(res, e)) return;
        throw e;
      }
      writeAccepted(res);
    },
  );
  return router;
}

/** A misspelt parameter (`Days`) is told the name meant. */
const STATS_PARAMETER_HINT = didYouMean(fieldNames(StatsQuerySchema));

export function statsRouter(store: AnalyticsStore, adminToken: string): Router {
  const router = apiRouter();
  router.get('/stats', requireAdmin(adminToken), async (req, res) => {
    const query = StatsQuerySchema.safeParse(req.query);
    if (!query.success)
      throw validationError(new ZodError(oneIssuePerField(query.error.issues, STATS_PARAMETER_HINT)), {
        status: 400,
        root: 'query',
      });
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
