/** Admin authentication: `Authorization: Bearer <ADMIN_TOKEN>`, compared in constant time. */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import { HttpError } from './errors';

const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();

/** The bearer token of an Authorization header, or undefined. */
export function bearerToken(header: string | undefined): string | undefined {
  const m = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header ?? '');
  return m?.[1];
}

/**
 * True when `given` equals `expected`. Both are hashed to 32 bytes first, so the comparison takes
 * the same time whatever the length or content of the guess.
 */
export function tokenMatches(given: string | undefined, expected: string): boolean {
  const ok = timingSafeEqual(digest(given ?? ''), digest(expected));
  return ok && given !== undefined;
}

export function requireAdmin(adminToken: string): RequestHandler {
  return (req, res, next) => {
    if (!tokenMatches(bearerToken(req.get('authorization')), adminToken)) {
      res.set('WWW-Authenticate', 'Bearer realm="BitSmith analytics"');
      throw new HttpError(401, 'Admin token required: send Authorization: Bearer <ADMIN_TOKEN>');
    }
    next();
  };
}
