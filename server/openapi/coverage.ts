/**
 * The routes the Express app answers, read from its router, against the route list the OpenAPI
 * document is made from (routes.ts). createApp refuses to build an app with a difference, so a
 * route added without a document entry stops the server (and every server test) at start.
 */
import type { Express } from 'express';
import { API_ROUTES } from './routes';
import type { ApiRoute } from './registry';

/** What the router package (Express 5) keeps per layer; only the parts read here. */
interface Layer {
  rawPath?: string | string[];
  route?: { path: string; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

export interface RouteKey {
  method: string;
  /** Express form: `/api/analytics/:kind`. */
  path: string;
}

function collect(stack: Layer[], prefix: string, out: RouteKey[]): RouteKey[] {
  for (const layer of stack) {
    if (layer.route) {
      for (const method of Object.keys(layer.route.methods).filter((m) => m !== '_all'))
        out.push({ method, path: prefix + layer.route.path });
    } else if (layer.handle?.stack && typeof layer.rawPath === 'string') {
      collect(layer.handle.stack, prefix + (layer.rawPath === '/' ? '' : layer.rawPath), out);
    }
  }
  return out;
}

const isApi = (path: string) => path === '/healthz' || path.startsWith('/api/');

/** The app's routes under /api, and /healthz. */
export function apiRoutesOf(app: Express): RouteKey[] {
  const router = (app as unknown as { router: { stack: Layer[] } }).router;
  return collect(router.stack, '', []).filter((r) => isApi(r.path));
}

/** An Express path as a pattern over literal paths (`:kind` is one segment). */
const pattern = (path: string) =>
  new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '[^/]+')}$`);

/** Readable differences between the app and the route list; empty when they agree. */
export function documentationGaps(app: Express, routes: ApiRoute[] = API_ROUTES): string[] {
  const answered = apiRoutesOf(app);
  const gaps: string[] = [];
  for (const r of answered) {
    const re = pattern(r.path);
    if (!routes.some((d) => d.method === r.method && re.test(d.path)))
      gaps.push(`${r.method.toUpperCase()} ${r.path} is answered but not in server/openapi/routes.ts`);
  }
  for (const d of routes) {
    if (!answered.some((r) => r.method === d.method && pattern(r.path).test(d.path)))
      gaps.push(`${d.method.toUpperCase()} ${d.path} is in server/openapi/routes.ts but not answered`);
  }
  return gaps;
}

/** The methods the route list answers on `path` (HEAD with GET, as Express does), for a 405's Allow. */
export function allowedMethods(path: string, routes: ApiRoute[] = API_ROUTES): string[] {
  const methods = routes.filter((r) => r.path === path).map((r) => r.method.toUpperCase());
  return methods.flatMap((m) => (m === 'GET' ? ['GET', 'HEAD'] : [m]));
}
