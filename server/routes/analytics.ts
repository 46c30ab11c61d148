/** Analytics ingest and stats routes. Bodies arrive as JSON or as text/plain from sendBeacon. */
import { Router, json, text } from 'express';
import { z } from 'zod';
import { HttpError } from '../errors';
import type { AnalyticsStore } from '../store/types';
import { schemas, type IngestKind } from './analytics-schemas';

const BODY_LIMIT = '16kb';

/** Parses a text/plain body as JSON (sendBeacon); JSON bodies are already objects. */
function bodyObject(body: unknown): unknown {
  if (typeof body !== 'string') return body;
  try {
    return JSON.parse(body);
  } catch {
    throw new HttpError(400, 'Malformed JSON body');
  }
}

export function validationError(error: z.ZodError): HttpError {
  const details = error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  return new HttpError(422, `Validation failed: ${details.map((d) => `${d.path || 'body'}: ${d.message}`).join('; ')}`, details);
}

export function analyticsRouter(store: AnalyticsStore): Router {
  const router = Router();
  router.use(json({ limit: BODY_LIMIT, strict: true }), text({ type: 'text/plain', limit: BODY_LIMIT }));

  for (const kind of Object.keys(schemas) as IngestKind[]) {
    router.post(`/${kind}`, async (req, res) => {
      const parsed = schemas[kind].safeParse(bodyObject(req.body));
      if (!parsed.success) throw validationError(parsed.error);
      const { session_id, ...data } = parsed.data;
      await store.record([{ kind, ts: new Date(), session_id, data }]);
      res.status(202).json({ ok: true });
    });
  }
  return router;
}
