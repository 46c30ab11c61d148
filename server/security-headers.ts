/**
 * The security headers (helmet), computed once at start. helmet's middleware rebuilds and sets its
 * dozen headers one middleware at a time on every request, a visible share of the CPU of a small
 * request such as an analytics event; the values never change, so they are captured here once.
 */
import helmet from 'helmet';
import type { RequestHandler, Response } from 'express';

const HELMET_OPTIONS: Parameters<typeof helmet>[0] = {
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
};

/** helmet's headers for our options, as one object (usable in a single writeHead). */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = (() => {
  const headers: Record<string, string> = {};
  const recorder = { setHeader: (name: string, value: string) => (headers[name] = value), removeHeader() {} };
  let done = false;
  helmet(HELMET_OPTIONS)({} as never, recorder as never, () => (done = true));
  if (!done) throw new Error('helmet did not finish synchronously: its headers cannot be precomputed');
  return Object.freeze(headers);
})();

const ENTRIES = Object.entries(SECURITY_HEADERS);

export function setSecurityHeaders(res: Response): void {
  for (const [name, value] of ENTRIES) res.setHeader(name, value);
}

export const securityHeaders: RequestHandler = (_req, res, next) => {
  setSecurityHeaders(res);
  next();
};
