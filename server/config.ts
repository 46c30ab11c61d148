/** Server configuration from the environment, validated once at start. */
import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { z } from 'zod';
import { parseTrustProxy, type TrustProxy } from './trust-proxy';
import { ADMIN_TOKEN_CHARS } from '../src/core/analytics/contract';

/** Node's longest timer (2^31 - 1 ms, about 24.8 days): a longer one fires after 1 ms. */
const MAX_TIMER_MS = 2 ** 31 - 1;
const TIMER_LIMIT = `at most ${MAX_TIMER_MS} ms (about 24.8 days: Node's timer limit)`;
/** A duration in milliseconds that a timer can wait. */
const timerMs = () => z.coerce.number().int().max(MAX_TIMER_MS, TIMER_LIMIT);

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  MONGODB_URI: z
    .string()
    .regex(/^mongodb(\+srv)?:\/\/\S+$/, 'must start with mongodb:// or mongodb+srv:// (e.g. mongodb://127.0.0.1:27017)')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MONGODB_DB: z.string().default('bitsmith'),
  ADMIN_TOKEN: z
    .string()
    .min(8, 'ADMIN_TOKEN must be at least 8 characters')
    // A Bearer header carries one word (server/auth.ts): a token with a space or a trailing line
    // break (a secret file read as is) would start the server with a dashboard no one can open.
    .regex(/^\S+$/, 'must not contain spaces or line breaks (an Authorization: Bearer header cannot carry them)')
    // A Cyrillic or accented letter opened the stats from no client (ADMIN_TOKEN_CHARS says why).
    .regex(
      ADMIN_TOKEN_CHARS,
      'must hold only ASCII letters, digits and punctuation (an Authorization header cannot carry other characters as typed)',
    )
    .optional()
    .or(z.literal('').transform(() => undefined)),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(600),
  ANALYTICS_RETENTION_DAYS: z.coerce.number().min(1).default(180),
  ANALYTICS_ROLLUP_RETENTION_DAYS: z.coerce.number().int().min(181).default(400),
  ANALYTICS_DAILY_KEYS_MAX: z.coerce.number().int().min(10).default(1000),
  ANALYTICS_MAX_DB_MB: z.coerce.number().min(1).default(1024),
  ANALYTICS_INTEGRITY_CHECK_HOURS: z.coerce
    .number()
    .min(0.01)
    .max(
      Math.floor(MAX_TIMER_MS / 3_600_000),
      `at most ${Math.floor(MAX_TIMER_MS / 3_600_000)} hours (Node's timer limit)`,
    )
    .default(6),
  ANALYTICS_JOURNAL_MB: z.coerce.number().min(0.01).default(256),
  ANALYTICS_SHUTDOWN_FLUSH_MS: z.coerce.number().int().min(0).max(9_000).default(8_000),
  STATIC_DIR: z.string().optional(),
  TRUST_PROXY: z.string().optional(),
  REQUEST_TIMEOUT_MS: timerMs().min(100).default(30_000),
  // One core is left to the event loop (health checks, static files, analytics, compression).
  GENERATE_THREADS: z.coerce
    .number()
    .int()
    .min(1)
    .max(64)
    .default(Math.max(1, availableParallelism() - 1)),
  GENERATE_QUEUE_LIMIT: z.coerce.number().int().min(0).default(512),
  GENERATE_TIMEOUT_MS: timerMs().min(100).default(15_000),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  mongoUri?: string;
  mongoDb: string;
  adminToken: string;
  /** True when ADMIN_TOKEN was not set and a token was generated for this run. */
  adminTokenGenerated: boolean;
  rateLimitPerMinute: number;
  /** Days raw analytics events are kept. */
  analyticsRetentionDays: number;
  /** Days daily rollups are kept; distinct paths/tool names per day; raw events' disk budget. */
  analyticsBounds: { rollupRetentionDays: number; dailyKeysMax: number; maxDbBytes: number };
  /** How often the embedded database's PRAGMA quick_check runs (also once at start). */
  analyticsIntegrityCheckMs: number;
  /** Bytes the ingest journal may hold (events not yet in the database); beyond it ingest answers 503. */
  analyticsJournalBytes: number;
  /** How long a graceful shutdown keeps writing journaled events while the database is down. */
  analyticsShutdownFlushMs: number;
  staticDir?: string;
  /** Express `trust proxy` value; undefined when TRUST_PROXY is unset or empty. */
  trustProxy?: TrustProxy;
  /** Longest time a client may take to send a whole request (headers and body). */
  requestTimeoutMs: number;
  /** HDL generation worker threads, tasks allowed to wait for one, and the longest wait plus run. */
  generate: { threads: number; queueLimit: number; timeoutMs: number };
}

/** Variables an earlier version read, and what replaced them: set, they are named at start-up. */
const RETIRED: Record<string, string> = {
  ANALYTICS_BUFFER_LIMIT:
    'ANALYTICS_BUFFER_LIMIT is no longer read: events wait in the on-disk journal, bounded by ANALYTICS_JOURNAL_MB',
};

/** One line per retired variable that is set, for the operator. */
export function retiredVariables(env: NodeJS.ProcessEnv = process.env): string[] {
  return Object.entries(RETIRED)
    .filter(([name]) => env[name] !== undefined)
    .map(([, message]) => message);
}

/**
 * The variables that have a value: an empty one (`NAME=` in an env file, `${NAME}` of an unset
 * variable in a compose file) is unset and takes its default. Coerced, it was 0: no rate limit,
 * a generation queue of 0 (every request "busy"), a random port, DATA_DIR the working directory.
 */
function setVariables(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(setVariables(env));
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${issues}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    mongoUri: e.MONGODB_URI,
    mongoDb: e.MONGODB_DB,
    adminToken: e.ADMIN_TOKEN ?? randomBytes(18).toString('base64url'),
    adminTokenGenerated: !e.ADMIN_TOKEN,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    analyticsRetentionDays: e.ANALYTICS_RETENTION_DAYS,
    analyticsBounds: {
      rollupRetentionDays: e.ANALYTICS_ROLLUP_RETENTION_DAYS,
      dailyKeysMax: e.ANALYTICS_DAILY_KEYS_MAX,
      maxDbBytes: e.ANALYTICS_MAX_DB_MB * 1024 * 1024,
    },
    analyticsIntegrityCheckMs: e.ANALYTICS_INTEGRITY_CHECK_HOURS * 3_600_000,
    analyticsJournalBytes: Math.round(e.ANALYTICS_JOURNAL_MB * 1024 * 1024),
    analyticsShutdownFlushMs: e.ANALYTICS_SHUTDOWN_FLUSH_MS,
    staticDir: e.STATIC_DIR,
    trustProxy: e.TRUST_PROXY?.trim() ? parseTrustProxy(e.TRUST_PROXY) : undefined,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    generate: { threads: e.GENERATE_THREADS, queueLimit: e.GENERATE_QUEUE_LIMIT, timeoutMs: e.GENERATE_TIMEOUT_MS },
  };
}
