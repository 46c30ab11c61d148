/**
 * The OpenAPI 3.1 document of the whole API, made from the route list (routes.ts) and its zod
 * schemas with zod's own JSON Schema output (draft 2020-12, the dialect OpenAPI 3.1 uses): request
 * bodies as the client sends them (`io: 'input'`: defaults make fields optional), answers as the
 * server sends them. Built once, on first request.
 */
import { z } from 'zod';
import { bodyErrors, commonErrors, errorSchema, otherFormOf, type ApiResponse, type ApiRoute } from './registry';
import { API_ROUTES } from './routes';

type Json = Record<string, unknown>;

/** A zod schema as JSON Schema, without the `$schema` line (the document's dialect applies). */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Json {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    // z.custom has no JSON Schema: any value, unless it only guards a pipe into a real schema.
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema: out }) => {
      const def = zodSchema._zod.def as { type: string; in?: z.ZodType; out?: z.ZodType; defaultValue?: unknown };
      // e.g. the analytics metadata: a guard against reserved keys, then a record of values.
      if (def.type === 'pipe' && def.in?._zod.def.type === 'custom' && def.out)
        Object.assign(out, jsonSchema(def.out, io));
      // zod leaves out the default of a field read through a transform (the UART's clockFreq, an
      // event's referrer): a client reading the document would not know what leaving it out means.
      if (def.type === 'default' && !('default' in out)) out.default = JSON.parse(JSON.stringify(def.defaultValue));
      const other = io === 'input' ? otherFormOf(zodSchema as unknown as z.ZodType) : undefined;
      if (other) {
        const { description, ...own } = out;
        for (const key of Object.keys(own)) delete out[key];
        Object.assign(out, description === undefined ? {} : { description }, { anyOf: [own, other] });
      }
    },
  });
  return rest;
}

const ERROR_REF = { $ref: '#/components/schemas/Error' };

function response(r: ApiResponse): Json {
  const out: Json = { description: r.description };
  if (r.headers)
    out.headers = Object.fromEntries(
      Object.entries(r.headers).map(([name, description]) => [name, { description, schema: { type: 'string' } }]),
    );
  if (r.schema)
    out.content = {
      'application/json': { schema: r.schema === errorSchema ? ERROR_REF : jsonSchema(r.schema, 'output') },
    };
  if (r.content)
    out.content = Object.fromEntries(
      Object.entries(r.content).map(([type, schema]) => [type, { schema: jsonSchema(schema, 'output') }]),
    );
  return out;
}

/** Query parameters from a zod object: one parameter per property. */
function parameters(query: z.ZodObject): Json[] {
  const schema = jsonSchema(query, 'input') as { properties?: Record<string, Json>; required?: string[] };
  return Object.entries(schema.properties ?? {}).map(([name, s]) => ({
    name,
    in: 'query',
    required: schema.required?.includes(name) ?? false,
    schema: s,
  }));
}

function operation(route: ApiRoute, schemas: Json): Json {
  const op: Json = { operationId: route.operationId, summary: route.summary, tags: [route.tag] };
  if (route.description) op.description = route.description;
  if (route.query) op.parameters = parameters(route.query);
  let responses: Record<number, ApiResponse> = { ...route.responses };
  if (route.body) {
    const { schema, name, contentTypes = ['application/json'], limitBytes, examples } = route.body;
    schemas[name] = jsonSchema(schema, 'input');
    const exampleMap = Object.fromEntries(Object.entries(examples).map(([k, value]) => [k, { value }]));
    const content = Object.fromEntries(
      contentTypes.map((type) => [
        type,
        type === 'application/json'
          ? { schema: { $ref: `#/components/schemas/${name}` }, examples: exampleMap }
          : { schema: { type: 'string', description: `The same JSON as ${name}, as text.` } },
      ]),
    );
    op.requestBody = { required: true, description: `At most ${limitBytes} bytes.`, content };
    responses = { ...bodyErrors(limitBytes), ...responses };
  }
  if (route.admin) {
    op.security = [{ adminToken: [] }];
  }
  if (route.path.startsWith('/api/')) responses = { ...responses, ...commonErrors };
  op.responses = Object.fromEntries(
    Object.entries(responses)
      .sort(([a], [b]) => Number(a) - Number(b))
      .map(([status, r]) => [status, response(r)]),
  );
  return op;
}

export function buildOpenApiDocument(routes: ApiRoute[] = API_ROUTES): Json {
  const schemas: Json = { Error: jsonSchema(errorSchema, 'output') };
  const paths: Record<string, Json> = {};
  for (const route of routes) (paths[route.path] ??= {})[route.method] = operation(route, schemas);
  return {
    openapi: '3.1.0',
    info: {
      title: 'BitSmith API',
      version: '1.0.0',
      description:
        'CRC, UART, FIFO and FSM HDL generation (and CRC software in C, Rust, Python, TypeScript), the CRC catalogue, CRC identification from samples, and the analytics events and dashboard. ' +
        'Errors are JSON {error, details?}; every /api route shares one rate limit per client (RATE_LIMIT_PER_MINUTE). ' +
        'Guide: docs/api.md.',
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: '/' }],
    tags: [
      { name: 'HDL generators', description: 'POST /api/hdl/<generator>: configuration in, files out.' },
      { name: 'CRC', description: 'The CRC page API of the spec.' },
      { name: 'Analytics', description: 'Events from the pages; the dashboard figures (admin).' },
      { name: 'Operations', description: 'Health and this document.' },
    ],
    paths,
    components: {
      schemas,
      securitySchemes: {
        adminToken: { type: 'http', scheme: 'bearer', description: 'ADMIN_TOKEN (printed at start when generated).' },
      },
    },
  };
}

let body: string | undefined;

/** The document as sent, serialised once. */
export function openApiBody(): string {
  return (body ??= JSON.stringify(buildOpenApiDocument()));
}
