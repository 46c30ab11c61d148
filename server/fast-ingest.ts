/**
 * The analytics events' common case, answered before Express's router: a POST to
 * /api/analytics/<kind> (no query string) with a declared length and a JSON or text/plain body in
 * UTF-8, not compressed. Events are most of the server's requests, and Express's router and body parsers
 * were most of an event's CPU (docs/analytics.md, "Ingest throughput"). Any other request, or an
 * event in another charset or encoding or without a Content-Length, goes to the Express app,
 * whose ingest router handles it in full.
 *
 * The request and response get Express's prototypes (as Express itself does first), so the same
 * rate limiter (req.ip with `trust proxy`), body limits and JSON error handler run on them.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Express, Request, RequestHandler, Response } from 'express';
import { notUtf8Error, refuseOversizedBodies } from './body-limit';
import { errorHandler, type HttpError } from './errors';
import { setSecurityHeaders } from './security-headers';
import {
  ACCEPTED_HEADERS,
  answerRefused,
  BODY_LIMIT,
  isEventKind,
  recordEvent,
  writeAccepted,
} from './routes/analytics';
import type { AnalyticsStore } from './store/types';
import type { EventKind } from '../src/core/analytics/contract';

const PREFIX = '/api/analytics/';
const TYPES = new Set(['application/json', 'text/plain']);

/** The event kind of a request the fast path can answer, or undefined. */
function fastKind(req: IncomingMessage): EventKind | undefined {
  if (req.method !== 'POST' || !req.url?.startsWith(PREFIX)) return undefined;
  // A query string is the Express route's to refuse (a 400, as for the other APIs).
  const kind = req.url.slice(PREFIX.length);
  if (!isEventKind(kind)) return undefined;
  const h = req.headers;
  if (h['content-length'] === undefined || h['transfer-encoding'] !== undefined) return undefined;
  if (h['content-encoding'] !== undefined && h['content-encoding'].toLowerCase() !== 'identity') return undefined;
  return plainUtf8(h['content-type']) ? kind : undefined;
}

/** `application/json` or `text/plain`, with no parameter but `charset=utf-8`. */
function plainUtf8(contentType: string | undefined): boolean {
  if (!contentType) return false;
  const [type, ...params] = contentType.toLowerCase().split(';');
  if (!TYPES.has(type!.trim())) return false;
  return params.every((p) => /^\s*charset\s*=\s*"?utf-8"?\s*$/.test(p));
}

/** Runs Express-style middleware in order, then `done` (with the first error, if any). */
function runEach(handlers: RequestHandler[], req: Request, res: Response, done: (err?: unknown) => void): void {
  let i = 0;
  const next = (err?: unknown) => {
    if (err !== undefined || i === handlers.length) return done(err);
    void handlers[i++]!(req, res, next);
  };
  next();
}

/**
 * Reads the body as UTF-8 text (the HTTP parser delivers exactly the declared length), or the
 * error saying where its bytes are not UTF-8, as the Express route's body parser says it.
 */
function readText(req: IncomingMessage, done: (text: string, error?: HttpError) => void): void {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const bytes = Buffer.concat(chunks);
    const error = notUtf8Error(bytes);
    if (error) return done('', error);
    const text = bytes.toString('utf8');
    // Like the body parser (iconv-lite), a leading byte-order mark is not part of the text.
    done(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  });
}

/**
 * The fast path's response prototype. The 202 brings the security headers in its one header list
 * (writeAccepted); any other answer (an error, a 429, a 408, a 503) gets them as it is written, so
 * every answer carries them and the common one pays for no header map.
 */
function fastResponse(app: Express): Response {
  const writeHead = app.response.writeHead as (this: ServerResponse, ...args: unknown[]) => ServerResponse;
  return Object.create(app.response, {
    writeHead: {
      value(this: Response, ...args: unknown[]) {
        if (args.at(-1) !== ACCEPTED_HEADERS) setSecurityHeaders(this);
        return writeHead.apply(this, args);
      },
    },
  }) as Response;
}

/**
 * A request listener that answers the events it can and returns true, or returns false for
 * the app to handle. `before`: the middleware the Express route runs first (rate limit, deadline).
 */
export function fastIngest(
  app: Express,
  store: AnalyticsStore,
  before: RequestHandler[],
): (req: IncomingMessage, res: ServerResponse) => boolean {
  const checks = [...before, refuseOversizedBodies(BODY_LIMIT)];
  const responsePrototype = fastResponse(app);
  return (incoming, outgoing) => {
    const kind = fastKind(incoming);
    if (!kind) return false;
    const req = Object.setPrototypeOf(incoming, app.request) as Request;
    const res = Object.setPrototypeOf(outgoing, responsePrototype) as Response;
    req.res = res;
    res.req = req;
    const fail = (err: unknown) => errorHandler(err, req, res, () => {});
    runEach(checks, req, res, (err) => {
      if (err !== undefined) return fail(err);
      readText(req, (text, notUtf8) => {
        if (res.headersSent) return; // the body deadline answered 408 first
        if (notUtf8) return fail(notUtf8);
        // An empty body is no body, as for the body parser (the schema then says what is missing).
        const body = text === '' ? undefined : text;
        recordEvent(store, kind, body, req.get('user-agent')).then(
          () => writeAccepted(res),
          (e: unknown) => answerRefused(res, e) || fail(e),
        );
      });
    });
    return true;
  };
}
