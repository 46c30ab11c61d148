/**
 * Serves the built app (dist/client): hashed assets cached for a year, each text file sent
 * precompressed (`.br`/`.gz` written at build time by scripts/delivery-plugin.ts) when the client
 * accepts it, the SPA's index.html for every route the app declares (routes.json, written by the
 * same build), a 301 to the declared route for one typed in another case or with a trailing
 * slash, and the same page with HTTP 404 for anything else, so the app shows its not-found page
 * and crawlers see a real 404.
 */
import express, { type Express, type Request, type Response, type NextFunction } from 'express';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';

const TYPES: Readonly<Record<string, string>> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

/** Preferred first: brotli is smaller, gzip is universal. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

/** URL paths (`/assets/x.js`) of every file present on disk, compressed siblings included. */
function urlPaths(root: string): Set<string> {
  const out = new Set<string>();
  for (const path of files(root)) out.add(`/${relative(root, path).split(sep).join('/')}`);
  return out;
}

/** The compressed sibling to send for `urlPath`, if the client accepts one that the build wrote. */
function encodingFor(req: Request, urlPath: string, present: Set<string>) {
  const candidates = ENCODINGS.filter((e) => present.has(urlPath + e.suffix));
  if (candidates.length === 0) return undefined;
  const accepted = req.acceptsEncodings(...candidates.map((e) => e.name));
  return candidates.find((e) => e.name === accepted);
}

/**
 * Rewrites a request for a file with a compressed sibling to that sibling (express.static then
 * serves it with its own ETag, Range and caching rules), keeping the original Content-Type.
 * Only exact paths of files the build wrote are considered, so no path reaches the disk unchecked.
 */
function precompressed(present: Set<string>) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const urlPath = req.path;
    const type = TYPES[extname(urlPath)];
    if (!type || !ENCODINGS.some((e) => present.has(urlPath + e.suffix))) return next();
    res.vary('Accept-Encoding');
    const encoding = encodingFor(req, urlPath, present);
    if (encoding) {
      res.setHeader('Content-Encoding', encoding.name);
      res.type(type);
      req.url = req.url.replace(urlPath, urlPath + encoding.suffix);
    }
    next();
  };
}

/** Where the admin pages live (the analytics dashboard, /admin/analytics). */
const ADMIN_PREFIX = '/admin';

/** index.html with the given status, compressed when the build wrote a sibling. */
function sendIndex(root: string, present: Set<string>, req: Request, res: Response, status: number): void {
  res.vary('Accept-Encoding');
  const encoding = encodingFor(req, '/index.html', present);
  res.status(status).type('html').set('Cache-Control', 'no-cache');
  if (encoding) res.setHeader('Content-Encoding', encoding.name);
  res.sendFile(join(root, `index.html${encoding?.suffix ?? ''}`));
}

function declaredRoutes(root: string): Set<string> {
  const file = join(root, 'routes.json');
  // A build without routes.json (older dist) keeps the plain history fallback for every path.
  return existsSync(file) ? new Set(JSON.parse(readFileSync(file, 'utf8')) as string[]) : new Set();
}

/**
 * Each declared route by its lower-case form, for an address typed in another case
 * (/CRC-Generator); routes that differ only in case (none today) are left out rather than guessed.
 */
function routesByLowerCase(routes: Set<string>): Map<string, string> {
  const out = new Map<string, string>();
  const clash = new Set<string>();
  for (const route of routes) {
    const key = route.toLowerCase();
    if (out.has(key)) clash.add(key);
    out.set(key, route);
  }
  for (const key of clash) out.delete(key);
  return out;
}

/** Mounts the built app on `app`; does nothing when `root` has not been built. */
export function serveBuiltApp(app: Express, root: string): void {
  if (!existsSync(root)) return;
  const present = urlPaths(root);
  const routes = declaredRoutes(root);
  const byLowerCase = routesByLowerCase(routes);
  app.use(precompressed(present));
  // In any letter case, as before the app's routing became case-sensitive for the API (server/app.ts).
  app.use(
    /^\/assets(?=\/|$)/i,
    express.static(join(root, 'assets'), { immutable: true, maxAge: '1y', fallthrough: false }),
  );
  app.use(express.static(root, { index: false }));
  app.get('/{*path}', (req, res) => {
    const path = req.path.length > 1 ? req.path.replace(/\/+$/, '') : req.path;
    const known = routes.size === 0 || routes.has(path);
    // A declared route with a trailing slash (/crc-generator/) or in another case (/CRC-Generator):
    // the app opens it and rewrites the address (src/main.tsx), so the answer is the route's
    // address rather than a second address for the page (200) or a 404 that tells crawlers and
    // link checkers the link is dead. The browser keeps the fragment across the redirect; the
    // query string is kept here.
    const own = routes.has(path) ? path : byLowerCase.get(path.toLowerCase());
    if (own !== undefined && own !== req.path) {
      const query = req.originalUrl.indexOf('?');
      res.redirect(301, own + (query >= 0 ? req.originalUrl.slice(query) : ''));
      return;
    }
    // The admin dashboard is linked from every page; crawlers that follow the link must not list it.
    if (path === ADMIN_PREFIX || path.startsWith(`${ADMIN_PREFIX}/`)) res.set('X-Robots-Tag', 'noindex, nofollow');
    sendIndex(root, present, req, res, known ? 200 : 404);
  });
}
