/**
 * Refuses a body whose declared Content-Length exceeds the limit before reading any of it: the body
 * parser would wait for the whole body (a client declaring 1 GB and sending nothing held the request
 * open) before its 413. The connection is closed, since the unread body cannot be skipped.
 */
import type { RequestHandler } from 'express';
import { HttpError } from './errors';

export function refuseOversizedBodies(limitBytes: number): RequestHandler {
  return (req, res, next) => {
    const declared = Number(req.get('content-length'));
    if (!(declared > limitBytes)) return next();
    res.set('Connection', 'close');
    next(new HttpError(413, 'Request body too large'));
  };
}
