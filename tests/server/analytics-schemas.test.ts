/** Ingest schemas, the stats query, bot filtering and the admin token check, as plain functions. */
import { describe, expect, it } from 'vitest';
import { schemas } from '../../server/routes/analytics-schemas';
import { isBot, StatsQuerySchema } from '../../server/services/analytics';
import { bearerToken, tokenMatches } from '../../server/auth';

describe('ingest schemas', () => {
  it('accept the spec fields of every endpoint and fill defaults', () => {
    expect(schemas.pageview.parse({ page_path: '/a?b=1', session_id: 's' })).toEqual({
      page_path: '/a?b=1', // path plus query (spec section 7)
      user_agent: '',
      referrer: 'direct',
      session_id: 's',
    });
    expect(schemas['tool-usage'].parse({ tool_name: 'CRC Generator', action: 'generate', session_id: 's' })).toEqual({
      tool_name: 'CRC Generator',
      action: 'generate',
      duration: 0,
      session_id: 's',
      metadata: {},
    });
    const full = {
      suggestion: {
        suggestion: 'more tools',
        tool_context: 'home',
        session_id: 's',
        user_agent: 'UA',
        timestamp: '2026-01-01T00:00:00Z',
      },
      error: {
        error_context: 'x',
        error_message: 'y',
        tool_name: 't',
        session_id: 's',
        user_agent: 'UA',
        page_url: 'http://h/',
        timestamp: 'now',
      },
      performance: { metric_name: 'page_load_time', value: 812.5, tool_name: '/', session_id: 's', timestamp: 'now' },
    } as const;
    for (const [kind, body] of Object.entries(full))
      expect(schemas[kind as keyof typeof full].parse(body)).toEqual(body);
  });

  it('normalise page paths: query kept with credentials redacted, no fragment, at most 256 characters, never empty', () => {
    const path = (page_path: string) => schemas.pageview.parse({ page_path, session_id: 's' }).page_path;
    expect(path('/jwt-debugger#token=abc')).toBe('/jwt-debugger');
    expect(path('/x?token=1#y')).toBe('/x?token=REDACTED');
    expect(path('/url-encoder?x=1')).toBe('/url-encoder?x=1');
    expect(path(`/${'a'.repeat(2000)}`)).toHaveLength(256);
    expect(path('?only=query')).toBe('/?only=query');
    expect(path('#frag')).toBe('/');
    // The cut never splits a character outside the BMP: half an emoji is stored as invalid UTF-8.
    expect(path(`/${'😀'.repeat(200)}`)).toBe(`/${'😀'.repeat(127)}`);
    // (Bare query parts of 100 characters each: a longer one is a paste, redacted.)
    const e50 = '😀'.repeat(50);
    expect(path(`?${`${e50}&`.repeat(4)}`)).toBe(`/?${e50}&${e50}&${'😀'.repeat(26)}`);
    expect(path(`?${'😀'.repeat(200)}`)).toBe('/?REDACTED');
  });

  it("keep no JWT in the path an error or load time is named by (an older page's /jwt-debugger/eyJ...)", () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln';
    const error = schemas.error.parse({
      error_context: 'c',
      error_message: 'm',
      session_id: 's',
      tool_name: `/p/${jwt}`,
    });
    const load = schemas.performance.parse({
      metric_name: 'page_load_time',
      value: 1,
      session_id: 's',
      tool_name: `/p/${jwt}`,
    });
    expect([error.tool_name, load.tool_name]).toEqual(['/p/REDACTED', '/p/REDACTED']);
  });

  it('store text as well-formed Unicode: a lone surrogate (JSON "\\ud800") becomes U+FFFD, pairs are kept', () => {
    const lone = JSON.parse('"a\\ud800b\\udc00c\\ud83d\\ude00"') as string;
    const event = schemas['tool-usage'].parse({
      tool_name: lone,
      action: 'a',
      session_id: lone,
      metadata: { k: lone },
    });
    expect(event).toMatchObject({ tool_name: 'a\ufffdb\ufffdc😀', session_id: 'a\ufffdb\ufffdc😀' });
    expect(event.metadata).toEqual({ k: 'a\ufffdb\ufffdc😀' });
    expect(schemas.pageview.parse({ page_path: `/${lone}`, session_id: 's' }).page_path).toBe('/a\ufffdb\ufffdc😀');
  });

  it('keep flat metadata of primitives', () => {
    const metadata = { size: 3, ok: true, name: 'x', none: null, 'with-dash': 1, _u: 2 };
    expect(schemas['tool-usage'].parse({ tool_name: 't', action: 'a', session_id: 's', metadata }).metadata).toEqual(
      metadata,
    );
  });

  const rejects: [keyof typeof schemas, unknown][] = [
    ['pageview', { page_path: { $gt: '' }, session_id: 's' }],
    ['pageview', { page_path: '/', session_id: 's', other: 1 }],
    ['pageview', { page_path: '/', session_id: '' }],
    ['pageview', { page_path: '/', session_id: 'x'.repeat(65) }],
    ['pageview', { page_path: 'x'.repeat(2049), session_id: 's' }],
    ['pageview', { page_path: '/', session_id: 's', referrer: 5 }],
    ['pageview', null],
    ['pageview', []],
    ['tool-usage', { tool_name: 't', action: 'a', session_id: 's', duration: Infinity }],
    ['tool-usage', { tool_name: 't', action: 'a', session_id: 's', duration: Number.NaN }],
    ['tool-usage', { tool_name: 't', action: 'a', session_id: 's', metadata: { $set: 1 } }],
    ['tool-usage', { tool_name: 't', action: 'a', session_id: 's', metadata: JSON.parse('{"__proto__": 1}') }],
    ['tool-usage', { tool_name: 't', action: 'a', session_id: 's', metadata: { constructor: 1 } }],
    ['tool-usage', { tool_name: 't', action: 'a', session_id: 's', metadata: { 'a.b': 1 } }],
    ['tool-usage', { tool_name: 't', action: 'a', session_id: 's', metadata: { o: {} } }],
    ['tool-usage', { tool_name: 't', action: 'a', session_id: 's', metadata: { s: 'x'.repeat(513) } }],
    ['tool-usage', { tool_name: 't', action: 'a', session_id: 's', metadata: [1] }],
    ['performance', { metric_name: 'm', value: '1', session_id: 's' }],
    ['error', { error_context: 'c', error_message: ['m'], session_id: 's' }],
    ['suggestion', { suggestion: '', session_id: 's' }],
  ];
  it.each(rejects)('reject hostile %s body %j', (kind, body) => {
    expect(schemas[kind].safeParse(body).success).toBe(false);
  });
});

describe('stats query', () => {
  it('takes 7, 30 or 90 days, 30 by default, and an optional limit', () => {
    expect(StatsQuerySchema.parse({})).toEqual({ days: 30 });
    expect(StatsQuerySchema.parse({ days: '7', limit: '25' })).toEqual({ days: 7, limit: 25 });
    for (const q of [
      { days: '14' },
      { days: ['7', '30'] },
      { days: '' },
      { limit: '0' },
      { limit: '1001' },
      { limit: '0x2' },
      { limit: '1e1' },
      { limit: '4.0' },
      { limit: ' 3' },
      { days: '7', extra: '1' },
    ]) {
      expect(StatsQuerySchema.safeParse(q).success, JSON.stringify(q)).toBe(false);
    }
  });
});

describe('bot filter', () => {
  it('drops crawlers and keeps browsers, headless browsers and scripts', () => {
    const bots = [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
      'Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)',
      'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
      'Mozilla/5.0 (compatible; YandexBot/3.0)',
      'Baiduspider+(+http://www.baidu.com/search/spider.htm)',
      'Slackbot-LinkExpanding 1.0',
      'some crawler',
    ];
    const people = [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
      'Mozilla/5.0 (Linux; Android 9; CUBOT X19) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36',
      // Android puts the device's model in: Cubot's are written CUBOT_X30 too.
      'Mozilla/5.0 (Linux; Android 10; CUBOT_X30) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36',
      'Mozilla/5.0 (Linux; Android 12; CUBOT_KINGKONG_9 Build/SP1A) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36',
      'curl/8.5.0',
      'k6/0.50.0 (https://k6.io/)',
      'Artillery (https://artillery.io)',
      'ApacheBench/2.3',
      'Go-http-client/1.1',
      'node',
      'python-requests/2.32',
      '',
    ];
    for (const ua of bots) expect(isBot(ua), ua).toBe(true);
    for (const ua of people) expect(isBot(ua), ua).toBe(false);
    expect(isBot(undefined, bots[0])).toBe(true);
  });
});

describe('admin token', () => {
  it('reads Bearer tokens only', () => {
    expect(bearerToken('Bearer abc')).toBe('abc');
    expect(bearerToken('bearer   abc  ')).toBe('abc');
    for (const h of [undefined, '', 'Bearer', 'Bearer ', 'Basic abc', 'Bearer a b', 'abc'])
      expect(bearerToken(h), String(h)).toBeUndefined();
  });
  it('matches the exact token only', () => {
    expect(tokenMatches('secret-token', 'secret-token')).toBe(true);
    for (const t of [undefined, '', 'secret-toke', 'secret-token!', 'SECRET-TOKEN'])
      expect(tokenMatches(t, 'secret-token'), String(t)).toBe(false);
  });
});
