/** Analytics rules that are neither transport nor storage: bot filtering and the stats query. */
import { z } from 'zod';
import {
  DEFAULT_STATS_RANGE,
  DEFAULT_TOP_LIMIT,
  MAX_TOP_LIMIT,
  STATS_RANGES,
  type StatsRange,
} from '../../src/core/analytics/contract';

/**
 * Obvious crawlers and link previewers. Deliberately narrow: scripted clients (curl, fetch,
 * python-requests) and headless browsers used for testing are counted like everyone else.
 */
const BOT_PATTERNS = [
  /\bbot\b/i, // "bot" on its own
  // Not "bot_": Android names the device, and Cubot's phones are CUBOT_X30 (their visits were dropped).
  /[a-z]bot(?:[-/;)]|$)/i, // Googlebot/2.1, AhrefsBot/7.0, Slackbot-LinkExpanding, DotBot; ...
  /crawler|spider|crawling|slurp|facebookexternalhit|bingpreview|mediapartners-google|feedfetcher|google-inspectiontool/i,
  // "+http://www.example.com/bot.html" crawler signatures; the "+" matters: load testers such as
  // k6 ("k6/0.50 (https://k6.io/)") and Artillery are not bots and their events must count.
  /\+https?:\/\//i,
];

export function isBot(...userAgents: (string | undefined)[]): boolean {
  return userAgents.some((ua) => !!ua && BOT_PATTERNS.some((p) => p.test(ua)));
}

const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${MAX_TOP_LIMIT}`;
const DAYS_MESSAGE = `days must be ${STATS_RANGES.slice(0, -1).join(', ')} or ${STATS_RANGES.at(-1)}`;

/** Strict: an unknown parameter (e.g. `days[$gt]`) is a 400, not silently the default range. */
export const StatsQuerySchema = z.strictObject({
  days: z
    .enum(STATS_RANGES.map(String), { error: DAYS_MESSAGE })
    .default(String(DEFAULT_STATS_RANGE))
    .transform((d) => Number(d) as StatsRange),
  // Decimal digits only, as `days` is matched exactly: Number() read 0x2, 0b11, " 3", 1e1 and 4.0
  // (the document shows the integer it becomes). Each check names the range: the type's error
  // alone would answer "must be a number" to 1001.
  limit: z
    .custom<string>((v) => typeof v === 'string' && /^\d+$/.test(v), LIMIT_MESSAGE)
    .pipe(z.coerce.number<string>().int(LIMIT_MESSAGE).min(1, LIMIT_MESSAGE).max(MAX_TOP_LIMIT, LIMIT_MESSAGE))
    .optional()
    .meta({ description: `Entries in popular_pages and tool_usage; default ${DEFAULT_TOP_LIMIT}.` }),
});
