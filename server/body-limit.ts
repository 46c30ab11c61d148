/**
 * Body limits in time and size. `bodyDeadline`: a body still arriving `ms` after the request
 * started is answered 408 with the JSON error shape and the connection closed (Node's own
 * requestTimeout, set a little later in server/index.ts, would close it with no body).
 * `refuseOversizedBodies`: refuses a body whose declared Content-Length exceeds the limit before reading any of it: the body
 * parser would wait for the whole body (a client declaring 1 GB and sending nothing held the request
 * open) before its 413. The connection is closed, since the unread body cannot be skipped.
 */
import type { Request, RequestHandler } from 'express';
import { HttpError } from './errors';

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
