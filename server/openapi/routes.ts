/**
 * Every route the server answers under /api, and /healthz: the list the OpenAPI document is made
 * from (document.ts). A route added to the app without an entry here fails
 * tests/server/openapi.test.ts, which compares this list with the Express app's router.
 */
import { z } from 'zod';
import type { PredefinedAlgorithm } from '../../src/core/crc/catalogue';
import { bitsFromPoly } from '../../src/core/crc/params';
import { generateRequestSchema } from '../../src/core/crc/request';
import { EVENT_KINDS, type EventKind, type Stats } from '../../src/core/analytics/contract';
import { schemas as eventSchemas } from '../routes/analytics-schemas';
import type { StoreHealth } from '../store/types';
import { BODY_LIMIT as EVENT_BODY_LIMIT } from '../routes/analytics';
import { GENERATE_BODY_LIMIT } from '../routes/crc';
import { IDENTIFY_BODY_LIMIT, identifyAnswerSchema, identifyRequestSchema } from '../routes/crc-identify';
import { HDL_BODY_LIMITS, HDL_EXAMPLES, hdlRequestSchemas } from '../routes/hdl-schemas';
import { hdlAnswerSchemas } from '../routes/hdl-answers';
import { HDL_GENERATORS } from '../services/hdl-names';
import { StatsQuerySchema } from '../services/analytics';
import { errorSchema, generationBusy, validationFailed, type ApiResponse, type ApiRoute } from './registry';

const count = z.number().int().min(0);

const predefinedSchema = z.array(
  z.object({
    name: z.string(),
    poly: z.array(z.number().int().min(0).max(1)).meta({ description: '68 coefficients x^0..x^67, x^width included.' }),
    width: z.number().int().min(1).max(67),
    init: z.string(),
    refin: z.boolean(),
    refout: z.boolean(),
    xorout: z.string(),
    check: z.string(),
    residue: z.string(),
    aliases: z.array(z.string()),
  }),
) satisfies z.ZodType<PredefinedAlgorithm[]>;

const statsSchema = z.object({
  total_views: count,
  unique_visitors: count,
  popular_pages: z.array(z.object({ page_path: z.string(), view_count: count })),
  tool_usage: z.array(z.object({ tool_name: z.string(), usage_count: count })),
  daily_views: z.array(z.object({ date: z.string(), views: count })),
  range: z.object({ days: z.literal([7, 30, 90]), from: z.string(), to: z.string(), tool_uses: count }),
  previous: z.object({
    from: z.string(),
    to: z.string(),
    total_views: count,
    unique_visitors: count,
    tool_uses: count,
  }),
}) satisfies z.ZodType<Stats>;

/** The store's name on /healthz: the embedded SQLite store's or MongoDB's (server/store). */
const storeName = z.enum(['embedded', 'mongodb']);

const healthSchema = z.object({
  status: z.literal('ok'),
  store: storeName.meta({ description: 'embedded (SQLite in DATA_DIR) or mongodb (MONGODB_URI)' }),
  analytics: z
    .looseObject({
      backend: storeName,
      available: z.boolean().meta({ description: 'False while the last write to the database failed.' }),
      buffered: count.meta({ description: 'Events answered 202, in the journal, not yet in the database.' }),
      journalBytes: count.meta({ description: 'Bytes the journal holds on disk.' }),
      journalLimitBytes: count.meta({ description: 'ANALYTICS_JOURNAL_MB in bytes.' }),
      refused: count.meta({ description: 'Events answered 503: the journal full or the disk refused.' }),
      stored: count.meta({ description: 'Events written to the database by this process.' }),
      overBudget: z.boolean().optional().meta({ description: 'Embedded store: over ANALYTICS_MAX_DB_MB.' }),
      rawDroppedOverBudget: count.optional().meta({ description: 'Raw events not stored because of it.' }),
      integrity: z
        .enum(['checking', 'ok', 'corrupt'])
        .optional()
        .meta({ description: "Embedded store: the last PRAGMA quick_check's result." }),
    })
    .meta({ description: "The analytics write path's counters (docs/analytics.md)." }),
}) satisfies z.ZodType<{ status: 'ok'; store: string; analytics: Omit<StoreHealth, 'lastError'> }>;

const SERVICE_UNAVAILABLE = { description: 'The store cannot take it now.', schema: errorSchema };
const retryLater = { ...SERVICE_UNAVAILABLE, headers: { 'Retry-After': 'Seconds to wait before retrying.' } };

/** Example event bodies (the fields the spec lists; the rest take their defaults). */
const EVENT_EXAMPLES: Record<EventKind, Record<string, unknown>> = {
  pageview: { page_path: '/crc-generator', referrer: 'direct', session_id: 'example-session' },
  'tool-usage': { tool_name: 'crc_generator', action: 'generate_code', duration: 12, session_id: 'example-session' },
  suggestion: { suggestion: 'A CRC-82 option, please', tool_context: 'crc_generator', session_id: 'example-session' },
  error: {
    error_context: 'crc_generate',
    error_message: 'Network error',
    tool_name: 'crc_generator',
    session_id: 'example-session',
  },
  performance: { metric_name: 'page_load_time', value: 840, session_id: 'example-session' },
};

const eventRoutes = EVENT_KINDS.map((kind): ApiRoute => ({
  method: 'post',
  path: `/api/analytics/${kind}`,
  operationId: `record_${kind.replace('-', '_')}`,
  tag: 'Analytics',
  summary: `Record ${/^[aeiou]/.test(kind) ? 'an' : 'a'} ${kind} event`,
  description:
    'Answered once the event is in the journal on disk. JSON, or the same JSON as text/plain (navigator.sendBeacon).',
  body: {
    schema: eventSchemas[kind],
    name: `${kind.replace(/(^|-)(\w)/g, (_, _s, c: string) => c.toUpperCase())}Event`,
    contentTypes: ['application/json', 'text/plain'],
    limitBytes: EVENT_BODY_LIMIT,
    examples: { [kind]: EVENT_EXAMPLES[kind] },
  },
  responses: {
    202: { description: 'Recorded.', schema: z.object({ ok: z.literal(true) }) },
    422: validationFailed('The event does not match its schema'),
    503: retryLater,
  },
}));

const hdlRoutes = HDL_GENERATORS.map((generator): ApiRoute => ({
  method: 'post',
  path: `/api/hdl/${generator}`,
  operationId: `generate_${generator}`,
  tag: 'HDL generators',
  summary: `Generate the ${generator.toUpperCase()} design (and testbench) from a configuration`,
  description:
    "The configuration the generator's page keeps, as JSON: missing fields take the page's defaults. " +
    'The files are byte for byte what the page and `bitsmith ' +
    `${generator} generate\` give for the same configuration.`,
  body: {
    schema: hdlRequestSchemas[generator],
    name: `${generator.toUpperCase()}Request`,
    limitBytes: HDL_BODY_LIMITS[generator],
    examples: { [generator]: HDL_EXAMPLES[generator] },
  },
  responses: {
    200: { description: 'The files and the figures the page shows.', schema: hdlAnswerSchemas[generator] },
    422: validationFailed('The configuration is refused'),
    503: generationBusy,
  },
}));

export const API_ROUTES: ApiRoute[] = [
  {
    method: 'get',
    path: '/healthz',
    operationId: 'health',
    tag: 'Operations',
    summary: 'Liveness, and the analytics store',
    responses: { 200: { description: 'The server is up.', schema: healthSchema } },
  },
  {
    method: 'get',
    path: '/api/openapi.json',
    operationId: 'openapi',
    tag: 'Operations',
    summary: 'This document',
    responses: { 200: { description: 'OpenAPI 3.1, generated from the zod schemas.', schema: z.looseObject({}) } },
  },
  {
    method: 'get',
    path: '/api/predefined',
    operationId: 'predefined',
    tag: 'CRC',
    summary: 'The CRC catalogue (widths 1 to 67)',
    responses: { 200: { description: 'Every algorithm, with its parameters.', schema: predefinedSchema } },
  },
  {
    method: 'post',
    path: '/api/generate',
    operationId: 'generate',
    tag: 'CRC',
    summary: 'Generate the CRC design as a file download (the CRC page uses it)',
    body: {
      schema: generateRequestSchema,
      name: 'GenerateRequest',
      limitBytes: GENERATE_BODY_LIMIT,
      // CRC-16/ARC is reflected: without refin and refout the polynomial alone is CRC-16/UMTS.
      examples: {
        'CRC-16/ARC': {
          poly: bitsFromPoly(16, 0x8005n),
          data_width: 8,
          language: 'verilog',
          refin: true,
          refout: true,
        },
      },
    },
    responses: {
      200: {
        description: 'crc_module.v or crc_entity.vhd, as an attachment.',
        content: { 'text/x-verilog': z.string(), 'text/x-vhdl': z.string() },
        headers: { 'Content-Disposition': 'attachment; filename="crc_module.v" (or crc_entity.vhd)' },
      },
      422: validationFailed('Invalid generate request'),
      503: generationBusy,
    },
  },
  {
    method: 'post',
    path: '/api/crc/identify',
    operationId: 'crc_identify',
    tag: 'CRC',
    summary: "Identify an unknown CRC from samples (the CRC page's Identify tab)",
    description:
      "Messages (hex, ASCII or bit streams of any length) with their CRCs, or codewords with the CRC appended: the parameter sets that reproduce every sample, catalogue algorithms first, and what the samples lack to decide (docs/crc.md, Identify). Searched in the generation pool with the page's limits: 503 with Retry-After when it is saturated.",
    body: {
      schema: identifyRequestSchema,
      name: 'IdentifyRequest',
      limitBytes: IDENTIFY_BODY_LIMIT,
      examples: {
        'CRC-16/MODBUS': {
          samples: [
            { message: '010300000001', crc: '0x0a84' },
            { message: '010300010001', crc: '0xcad5' },
            { message: '0103006b0003', crc: '0x1774' },
            { message: '0110000100020400', crc: '0xc60e' },
            { message: '011000110002040a', crc: '0x024f' },
          ],
        },
      },
    },
    responses: {
      200: { description: 'The report.', schema: identifyAnswerSchema },
      422: validationFailed(
        'Invalid identify request, or a search still running at the deadline (GENERATE_TIMEOUT_MS)',
      ),
      503: generationBusy,
    },
  },
  ...hdlRoutes,
  ...eventRoutes,
  {
    method: 'get',
    path: '/api/analytics/stats',
    operationId: 'stats',
    tag: 'Analytics',
    summary: 'Visits and tool use over the last 7, 30 or 90 days (admin)',
    admin: true,
    query: StatsQuerySchema,
    responses: {
      200: { description: 'The dashboard figures.', schema: statsSchema },
      400: {
        description:
          "A query parameter is refused: the problems, each naming its parameter (an unknown one: 'unknown field').",
        schema: errorSchema,
      },
      401: {
        description: 'No or wrong admin token.',
        schema: errorSchema,
        headers: { 'WWW-Authenticate': 'Bearer realm="BitSmith analytics"' },
      },
      503: retryLater satisfies ApiResponse,
    },
  },
];
