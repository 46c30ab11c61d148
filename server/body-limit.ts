/**
 * Body limits in time and size. `bodyDeadline`: a body still arriving `ms` after the request
 * started is answered 408 with the JSON error shape and the connection closed (Node's own
 * requestTimeout, set a little later in server/index.ts, would close it with no body).
 * `refuseOversizedBodies`: refuses a body whose declared Content-Length exceeds the limit before reading any of it: the body
 * parser would wait for the whole body (a client declaring 1 GB and sending nothing held the request
 * open) before its 413. The connection is closed, since the unread body cannot be skipped.
 * `jsonBody`: the whole chain of a route that takes a JSON body.
 */
import { json, type Request, type RequestHandler } from 'express';
import { isUtf8 as isUtf8Bytes } from 'node:buffer';
import { emptyBody, HttpError } from './errors';
import { decodeUtf8, notUtf8Where } from '../src/core/data/utf8';

export function refuseOversizedBodies(limitBytes: number): RequestHandler {
  return (req, res, next) => {
    const declared = Number(req.get('content-length'));
    if (!(declared > limitBytes)) return next();
    res.set('Connection', 'close');
    next(new HttpError(413, 'Request body too large'));
  };
}

const hasBody = (req: Request) =>
  req.headers['transfer-encoding'] !== undefined || Number(req.get('content-length')) > 0;

export function bodyDeadline(ms: number): RequestHandler {
  return (req, res, next) => {
    if (!hasBody(req) || req.readableEnded) return next();
    const timer = setTimeout(() => {
      if (res.headersSent) return;
      res.set('Connection', 'close');
      res.status(408).json({ error: `Request body not received within ${ms} ms` });
    }, ms);
    const clear = () => clearTimeout(timer);
    req.once('end', clear);
    res.once('close', clear);
    next();
  };
}

/**
 * A JSON body of at most `limitBytes`: too large is a 413 before it is read, another Content-Type
 * (curl -d sends a form) a 415 that says what to send, malformed JSON a 400 (server/errors.ts).
 */
export function jsonBody(limitBytes: number): RequestHandler[] {
  const requireJson: RequestHandler = (req, _res, next) =>
    next(
      !req.is('application/json')
        ? new HttpError(415, NOT_JSON)
        : isUtf8(req.headers['content-type'])
          ? undefined
          : new HttpError(415, 'Unsupported content encoding'),
    );
  return [
    refuseOversizedBodies(limitBytes),
    requireJson,
    json({ limit: limitBytes, strict: true, verify: refuseEmptyOrNotUtf8 }),
    refuseQuery('the options in the JSON body'),
  ];
}

/**
 * The options are the body's: a query string (`?language=vhdl`) was ignored and the defaults
 * answered (Verilog), where a misspelt body field is refused by name. `what` is what to send in the
 * body instead: `the options in the JSON body`, `the event in the body`.
 */
export function refuseQuery(what: string): RequestHandler {
  return (req, _res, next) => {
    const names = Object.keys(req.query as object);
    next(
      names.length === 0 ? undefined : new HttpError(400, `Send ${what}, not the query string (${names.join(', ')})`),
    );
  };
}

/**
 * JSON's bytes must be UTF-8: body-parser decoded others into U+FFFD without a word, and a
 * configuration's Windows-1252 "é" became "\uFFFD" in the generated design, where `bitsmith
 * generate --config` refuses the same file (an analytics event was stored with U+FFFD). Node's
 * isUtf8 first; where only for a refused body.
 */
export function notUtf8Error(body: Uint8Array): HttpError | undefined {
  if (isUtf8Bytes(body)) return undefined;
  const decoded = decodeUtf8(body);
  return 'notUtf8' in decoded
    ? new HttpError(400, `The body is not UTF-8 text: ${notUtf8Where(decoded.notUtf8)} (send JSON in UTF-8)`)
    : undefined;
}

/**
 * A body parser's `verify`: refuses a body declared (or defaulted to) UTF-8 whose bytes are not.
 * Another declared charset (an event in `charset=iso-8859-1`) is decoded as declared.
 */
export function refuseNotUtf8(_req: unknown, _res: unknown, body: Buffer, encoding?: string): void {
  if (encoding !== undefined && !/^utf-?8$/i.test(encoding)) return;
  const error = notUtf8Error(body);
  if (error) throw error;
}

/**
 * The `verify` of a JSON route: an empty body is refused, as the analytics events refuse one (the
 * body parser read it as `{}`, the defaults: a 200 with the default design), then bytes not UTF-8.
 */
function refuseEmptyOrNotUtf8(req: unknown, res: unknown, body: Buffer, encoding?: string): void {
  if (body.length === 0) throw emptyBody('the options');
  refuseNotUtf8(req, res, body, encoding);
}

/**
 * JSON is UTF-8 (RFC 8259): another charset is a 415. body-parser would decode any "utf-*" and
 * answer UTF-16 with a 400 about malformed JSON, which sends the sender looking in the wrong place.
 */
export function isUtf8(contentType: string | undefined): boolean {
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType ?? '')?.[1];
  return charset === undefined || /^utf-?8$/i.test(charset);
}

export const NOT_JSON = 'Send the body as JSON, with the header Content-Type: application/json';
