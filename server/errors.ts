/** Errors with an HTTP status, and the JSON error middleware (never leaks stack traces). */
import type { ErrorRequestHandler, Request, RequestHandler } from 'express';
import type { z } from 'zod';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

interface ValidationErrorOptions {
  /** 422 for a body, 400 for a query string. */
  status?: number;
  /** Start of the message, before the list of problems. */
  title?: string;
  /** Problems listed at most. */
  maxIssues?: number;
  /** Longest message, in characters. */
  maxLength?: number;
  /** What a problem with no path is about: the `body`, or the `query`. */
  root?: string;
}

/**
 * zod runs a schema's checks even on a value of the wrong type: a string given for an array of 68
 * coefficients is also told it "must have exactly 68 coefficients" (a string has a length). Only
 * the wrong type is said at such a path.
 */
function withoutChecksOfWrongTypes(issues: z.core.$ZodIssue[]): z.core.$ZodIssue[] {
  const key = (i: z.core.$ZodIssue) => JSON.stringify(i.path);
  const wrongType = new Set(issues.filter((i) => i.code === 'invalid_type').map(key));
  return issues.filter((i) => i.code === 'invalid_type' || !wrongType.has(key(i)));
}

/** A problem with a request: the field's path (`samples.0.message`, '' for the whole) and a sentence. */
export interface Problem {
  path: string;
  message: string;
}

/** A 4xx listing the problems: `{error: "<title>: path: message; ...", details: [{path, message}]}`. */
export function problemsError(problems: Problem[], options: ValidationErrorOptions = {}): HttpError {
  const {
    status = 422,
    title = 'Validation failed',
    maxIssues = Infinity,
    maxLength = Infinity,
    root = 'body',
  } = options;
  const details = problems.slice(0, maxIssues);
  const lines = details.map((d) => `${d.path || root}: ${d.message}`);
  return new HttpError(status, summarise(`${title}: `, lines, problems.length, maxLength), details);
}

/** zod's issues as problemsError lists them. */
export function validationError(zodError: z.ZodError, options: ValidationErrorOptions = {}): HttpError {
  const issues = withoutChecksOfWrongTypes(zodError.issues);
  return problemsError(
    issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
    options,
  );
}

/**
 * `<title>: problem; problem` in at most `maxLength` characters: whole problems, then how many
 * more there are (`; and 2 more`), never a problem cut mid-word (it read "unknown state " before).
 */
function summarise(head: string, problems: string[], total: number, maxLength: number): string {
  let text = head + joinProblems(problems);
  if (problems.length === total && text.length <= maxLength) return text;
  for (let shown = problems.length; shown >= 1; shown--) {
    text = `${head}${joinProblems([...problems.slice(0, shown), ''])}and ${total - shown} more`;
    if (text.length <= maxLength) return text;
  }
  // Not even the first problem fits whole: its beginning, marked as cut.
  const tail = total > 1 ? `; and ${total - 1} more` : '';
  return `${(head + problems[0]).slice(0, maxLength - tail.length - 1)}…${tail}`;
}

/**
 * Problems on one line, `; ` between them: the generators' sentences end with a full stop, which
 * is dropped before each `; ` (it read ".;" until 2026-12-02). `bitsmith` joins its lines so too.
 */
export const joinProblems = (problems: string[]): string =>
  problems.map((p, i) => (i < problems.length - 1 ? p.replace(/\.$/, '') : p)).join('; ');

/** Body-parser failures carry a `type`; map them to the right 4xx. */
function statusOf(err: unknown): number {
  const e = err as { status?: number; statusCode?: number; type?: string };
  if (err instanceof HttpError) return err.status;
  if (e?.type === 'entity.too.large') return 413;
  if (e?.type === 'entity.parse.failed') return 400;
  if (e?.type === 'encoding.unsupported' || e?.type === 'charset.unsupported') return 415;
  const s = e?.status ?? e?.statusCode;
  return typeof s === 'number' && s >= 400 && s < 500 ? s : 500;
}

const MESSAGES: Record<number, string> = {
  400: 'Malformed request body',
  403: 'Forbidden',
  404: 'Not found',
  405: 'Method not allowed',
  413: 'Request body too large',
  415: 'Unsupported content encoding',
};

/**
 * What is wrong with a path the static files refused with a 400 (not a body): percent-escapes
 * that are not UTF-8 (`/%E0%A4%A`), or a NUL character (`/x%00.js`).
 */
function malformedPath(path: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return 'its percent-escapes are not UTF-8';
  }
  return decoded.includes('\0') ? 'it contains a NUL character' : undefined;
}

function messageFor(status: number, req: Request): string {
  if (status >= 500) return 'Internal server error';
  const malformed = status === 400 ? malformedPath(req.path) : undefined;
  if (malformed) return `Malformed URL: ${malformed}`;
  return MESSAGES[status] ?? 'Bad request';
}

export const MALFORMED_JSON = 'Malformed JSON body';

/** A request with an empty body: `what` is what to send (`the event`, `the options`). */
export const emptyBody = (what: string): HttpError =>
  new HttpError(400, `Empty request body: send ${what} as a JSON object`);
export const NOT_AN_OBJECT = 'Malformed JSON body: an object or array was expected';

/**
 * What the body parser refused, in the analytics API's words (server/routes/analytics.ts), so one
 * mistake gets one answer on every route: JSON that is not an object or array (`null`, the strict
 * parser's refusal), or no JSON at all. Both were "Malformed request body" before 2026-12-01.
 */
function bodyParseMessage(err: unknown): string | undefined {
  const e = err as { type?: string; body?: unknown };
  if (e?.type !== 'entity.parse.failed') return undefined;
  try {
    JSON.parse(String(e.body));
    return NOT_AN_OBJECT;
  } catch {
    return MALFORMED_JSON;
  }
}

export const errorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  const status = statusOf(err);
  if (status >= 500 && !(err instanceof HttpError)) console.error('Unhandled error:', err);
  const message = err instanceof HttpError ? err.message : (bodyParseMessage(err) ?? messageFor(status, req));
  if (res.headersSent) return;
  res
    .status(status)
    .json({ error: message, ...(err instanceof HttpError && err.details ? { details: err.details } : {}) });
};

/** An API path without a trailing slash (Express routes match with one too). */
const routePath = (path: string) => path.replace(/\/+$/, '');

/**
 * OPTIONS on an API path: 204 with the methods of the route list (`allowed`), or the JSON 404 of a
 * path no route has. Express's own answer came from whichever router matched the path first
 * (`/api/analytics/:kind` said POST for the stats route, and a 200 "POST" for any unknown kind).
 */
export function answerOptions(allowed: (path: string) => string[]): RequestHandler {
  const notFound = apiNotFound(allowed);
  return (req, res, next) => {
    if (req.method !== 'OPTIONS') return next();
    const methods = allowed(routePath(req.baseUrl + req.path));
    if (methods.length === 0) return notFound(req, res, next);
    res.set('Allow', methods.join(', ')).status(204).end();
  };
}

/**
 * The answer for an API request no route took: 405 with Allow when the path is a route that takes
 * other methods (`allowed` lists them), else a JSON 404.
 */
export function apiNotFound(allowed: (path: string) => string[]): RequestHandler {
  return (req, res) => {
    const path = req.originalUrl.split('?')[0]!;
    const methods = allowed(routePath(path));
    if (methods.length === 0) {
      res.status(404).json({ error: `No API route ${req.method} ${path}` });
      return;
    }
    const allow = methods.join(', ');
    res
      .set('Allow', allow)
      .status(405)
      .json({ error: `${req.method} is not allowed on ${path}: use ${allow}` });
  };
}

/**
 * A page or file asked with another method than GET or HEAD (the API's paths are answered before):
 * 405 with Allow in JSON like every other error, where Express would answer an HTML "Cannot POST".
 */
export const pageMethods: RequestHandler = (req, res, next) => {
  if (req.method === 'GET' || req.method === 'HEAD') return next();
  res.set('Allow', 'GET, HEAD');
  if (req.method === 'OPTIONS') return void res.status(204).end();
  const path = req.originalUrl.split('?')[0]!;
  res.status(405).json({ error: `${req.method} is not allowed on ${path}: use GET, HEAD` });
};
