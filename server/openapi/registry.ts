/**
 * The shape of the API's route list (server/openapi/routes.ts): for each route its method, path,
 * zod schemas for the query, body and answers, and what the OpenAPI document says about it.
 * document.ts turns the list into OpenAPI 3.1; tests/server/openapi.test.ts checks that every
 * route the Express app answers is in it.
 */
import { z } from 'zod';

export interface ApiResponse {
  description: string;
  /** The JSON answer's schema; absent for an answer without a JSON body. */
  schema?: z.ZodType;
  /** Non-JSON answers (a generated file): content type -> schema. */
  content?: Record<string, z.ZodType>;
  /** Header name -> description. */
  headers?: Record<string, string>;
}

export interface ApiRoute {
  method: 'get' | 'post';
  /** OpenAPI form: the literal path, no parameters. */
  path: string;
  /** Unique, used by client generators. */
  operationId: string;
  summary: string;
  description?: string;
  tag: string;
  query?: z.ZodObject;
  body?: {
    schema: z.ZodType;
    /** Name of the body's schema under components.schemas. */
    name: string;
    /** Default: application/json. */
    contentTypes?: string[];
    /** Largest body accepted, in bytes (413 beyond). */
    limitBytes: number;
    /** Bodies the server accepts (tests post them). */
    examples: Record<string, unknown>;
  };
  /** Needs Authorization: Bearer <ADMIN_TOKEN>. */
  admin?: boolean;
  responses: Record<number, ApiResponse>;
}

/** Every error answer: `{error, details?}` (server/errors.ts). */
export const errorSchema = z
  .object({
    error: z.string(),
    details: z
      .array(
        z.object({
          path: z.string().meta({ description: "The field, e.g. 'states.2.name'; '' for the body." }),
          message: z.string(),
        }),
      )
      .optional()
      .meta({ description: '422: each problem and the field it is about.' }),
  })
  .meta({ description: 'An error: one readable sentence, and for 422 the problems by field.' });

const error = (description: string, headers?: Record<string, string>): ApiResponse => ({
  description,
  schema: errorSchema,
  headers,
});

/** The answers every /api route may give besides its own. */
export const commonErrors = {
  429: error('Over RATE_LIMIT_PER_MINUTE requests from this client in a minute.', {
    RateLimit: 'Remaining budget (draft-8 RateLimit header).',
    'RateLimit-Policy': 'The limit and its window.',
    'Retry-After': 'Seconds until the window resets and requests are taken again.',
  }),
};

/** The answers of a route that takes a body, besides its own. */
export const bodyErrors = (limitBytes: number) => ({
  400: error('The body is empty or not JSON (or not an object or array, or not UTF-8), or a query string was sent.'),
  408: error('The body did not arrive within REQUEST_TIMEOUT_MS.'),
  413: error(`The body is larger than ${limitBytes} bytes.`),
  415: error('A body not sent as JSON (Content-Type), or an encoding or charset the server does not read.'),
});

export const validationFailed = (what: string) => error(`${what}: the problems, each naming its field.`);

export const generationBusy = error('The generation pool is saturated (queue full, or waited too long).', {
  'Retry-After': 'Seconds to wait before retrying.',
});

/**
 * A field read through a preprocess also takes JSON of another type (the UART's clock as the text
 * the page keeps, an FSM value as a whole number): zod's JSON Schema shows only what it becomes.
 * `alsoAccepts(schema, json)` records the other form; the document offers both (`anyOf`).
 */
const otherForms = new WeakMap<z.ZodType, Record<string, unknown>>();
export function alsoAccepts<T extends z.ZodType>(schema: T, form: Record<string, unknown>): T {
  otherForms.set(schema, form);
  return schema;
}
export const otherFormOf = (schema: z.ZodType) => otherForms.get(schema);
