/**
 * POST /api/crc/identify over HTTP against the built server: the same report as the search run
 * directly, CRC-32 from captured frames, codewords, what undecidable samples lack, and a 422
 * naming the field for bad input; the body cap. The search runs in the generation pool: /healthz
 * answers while it runs, a full pool is a 503 with Retry-After, a search past the deadline a 422,
 * and the API's rate limit counts it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../harness/server';
import { loadFreshKernel } from '../../server/wasm';
import { referenceCrc } from '../oracles/crc-reference';
import { randomBytes, testRandom } from '../cases/seed';
import { USB_WHITE_PAPER_TOKENS, canFrames, usbSof, usbSplit } from '../cases/bus-captures';
import { hex, type CrcParams } from '../../src/core/crc/params';
import {
  identifyCrc,
  messages,
  parseIdentify,
  reportJson,
  NO_FIXED,
  type CrcIdKernel,
} from '../../src/core/crc/identify';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.stop());

const rand = testRandom(2802);
const CRC32: CrcParams = {
  width: 32,
  poly: 0x04c11db7n,
  init: 0xffffffffn,
  refin: true,
  refout: true,
  xorout: 0xffffffffn,
};
const postTo = (url: string, body: unknown) =>
  fetch(`${url}/api/crc/identify`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
const post = (body: unknown) => postTo(server.url, body);
const samples = (p: CrcParams, lengths: number[]) =>
  lengths.map((n) => {
    const m = randomBytes(rand, n);
    return { message: m.toString('hex'), crc: hex(referenceCrc(p, m), p.width) };
  });

it('answers what the search answers: CRC-32 from four frames', async () => {
  const body = { samples: samples(CRC32, [300, 300, 512, 512]) };
  const r = await post(body);
  expect(r.status).toBe(200);
  const answer = (await r.json()) as ReturnType<typeof reportJson>;
  expect(answer.matches.map((m) => m.name)).toEqual(['CRC-32/ISO-HDLC']);
  expect(answer.matches[0]).toMatchObject({
    poly: '0x04c11db7',
    check: '0xcbf43926',
    refin: true,
  });
  expect(answer.matches[0]!.aliases).toContain('PKZIP');
  const parsed = parseIdentify(
    'message',
    body.samples.map((s) => ({ format: 'hex' as const, ...s })),
    NO_FIXED,
  );
  const kernel = await loadFreshKernel<CrcIdKernel>('crcid');
  expect(answer).toEqual(reportJson(identifyCrc(kernel, (parsed as { ok: true; request: never }).request)));
});

it('codewords: width and byte order found; one length says what is missing', async () => {
  const frames = samples(CRC32, [40, 40, 40, 70]).map(({ message, crc }) => {
    const le = Buffer.from(crc.slice(2), 'hex').reverse().toString('hex');
    return { message: message + le };
  });
  const found = (await (await post({ mode: 'codeword', samples: frames })).json()) as ReturnType<typeof reportJson>;
  expect(found.matches[0]).toMatchObject({ name: 'CRC-32/ISO-HDLC', byteOrder: 'little', width: 32 });

  const same = samples(CRC32, [20, 20, 20]);
  const r = (await (await post({ samples: same, fixed: { width: 32 } })).json()) as ReturnType<typeof reportJson>;
  expect(r.missing[0]).toBe(messages.needDifferentLength);
  expect(r.families.some((f) => f.names.includes('CRC-32/ISO-HDLC'))).toBe(true);
  expect(BigInt(r.remaining)).toBeGreaterThan(1n);
});

it('bit streams: CAN frames with their CRC as sent, USB token fields as codewords', async () => {
  const frames = canFrames(rand, [0, 2, 3, 2, 8, 8, 8, 8, 8]);
  const body = { samples: frames.map((f) => ({ format: 'bits', message: f.message, crc: `0b${f.crcSent}` })) };
  const r = await post(body);
  expect(r.status).toBe(200);
  const can = (await r.json()) as ReturnType<typeof reportJson>;
  expect(can.matches.map((m) => m.name)).toEqual(['CRC-15/CAN']);
  expect(can.matches[0]).toMatchObject({ poly: '0x4599', init: '0x0000', refout: false, check: '0x059e' });
  expect(can.undecidable).toEqual(['refin', 'refout']);
  const parsed = parseIdentify(
    'message',
    body.samples.map((s) => ({ ...s, format: 'bits' as const })),
    NO_FIXED,
  );
  const kernel = await loadFreshKernel<CrcIdKernel>('crcid');
  expect(can).toEqual(reportJson(identifyCrc(kernel, (parsed as { ok: true; request: never }).request)));

  const usb = [...USB_WHITE_PAPER_TOKENS, usbSof(1234), usbSplit(9, 0, 4, 1, 0, 0), usbSplit(100, 1, 17, 0, 1, 3)];
  const tokens = usb.map((t) => ({ format: 'bits', message: `${t.message}_${t.crcSent}` }));
  const found = (await (await post({ mode: 'codeword', samples: tokens })).json()) as ReturnType<typeof reportJson>;
  expect(found.matches[0]).toMatchObject({ name: 'CRC-5/USB', width: 5, init: '0x1f', refin: true, refout: true });

  const bad = await post({
    samples: [
      { format: 'bits', message: '0102', crc: '1' },
      { message: '01', crc: '1' },
    ],
  });
  expect(bad.status).toBe(422);
  expect(((await bad.json()) as { details: { path: string; message: string }[] }).details[0]).toEqual({
    path: 'samples.0.message',
    message: 'Sample 1: the message is not bits (0 and 1; spaces and underscores allowed).',
  });
});

it('refuses unknown fields each by name, as /api/hdl/* and /api/generate do (was one "Unrecognized keys" at the body)', async () => {
  // width and poly belong under fixed: a client that put them at the top level was told "body: ...".
  const r = await post({
    samples: [
      { message: '01', crc: '07' },
      { message: '02', crc: '0e', colour: 1 },
    ],
    width: 8,
    poly: '0x07',
  });
  expect(r.status).toBe(422);
  const answer = (await r.json()) as { error: string; details: { path: string; message: string }[] };
  // Each is told where it goes (until 2026-12-04 'unknown field' alone).
  expect(answer.details).toEqual([
    { path: 'samples.1.colour', message: 'unknown field' },
    { path: 'width', message: 'unknown field (it goes under fixed)' },
    { path: 'poly', message: 'unknown field (it goes under fixed)' },
  ]);
  expect(answer.error).toBe(
    'Invalid identify request: samples.1.colour: unknown field; width: unknown field (it goes under fixed); poly: unknown field (it goes under fixed)',
  );
  const misspelt = await post({ mdoe: 'codeword', samples: [{ message: '0107' }, { message: '020e' }] });
  expect(((await misspelt.json()) as { details: unknown[] }).details).toEqual([
    { path: 'mdoe', message: 'unknown field (did you mean mode?)' },
  ]);
});

it('422 names the field; 413 beyond the body cap', async () => {
  const bad = await post({ samples: [{ message: 'zz', crc: '1' }, { message: '01' }] });
  expect(bad.status).toBe(422);
  const { details } = (await bad.json()) as { details: { path: string; message: string }[] };
  expect(details).toEqual([
    {
      path: 'samples.0.message',
      message: 'Sample 1: the message is not hex bytes (pairs of 0-9, a-f; spaces allowed).',
    },
    { path: 'samples.1.crc', message: 'Sample 2: enter its CRC in hex.' },
  ]);
  const shape = await post({ samples: [{ message: '01', crc: '1' }], fixed: { width: 99 } });
  expect(shape.status).toBe(422);
  // In the page's and the command's words (they were zod's "Too small: expected array to have >=2 items").
  expect(((await shape.json()) as { details: unknown[] }).details).toEqual([
    { path: 'samples', message: 'Add at least two samples.' },
    { path: 'fixed.width', message: 'Width must be a whole number from 1 to 64.' },
  ]);
  const many = await post({ samples: Array.from({ length: 65 }, () => ({ message: '01', crc: '1' })) });
  expect(((await many.json()) as { details: unknown[] }).details).toEqual([
    { path: 'samples', message: 'At most 64 samples.' },
  ]);
  const fraction = await post({ samples: samples(CRC32, [4, 8]), fixed: { width: 8.5 } });
  expect(((await fraction.json()) as { details: unknown[] }).details).toEqual([
    { path: 'fixed.width', message: 'Width must be a whole number from 1 to 64.' },
  ]);
  // A value without a digit is refused, not fixed to 0 (which found no CRC, or a wrong one).
  const digitless = await post({ samples: samples(CRC32, [4, 8, 12]), fixed: { width: 32, init: '0x' } });
  expect(digitless.status).toBe(422);
  expect(((await digitless.json()) as { details: unknown[] }).details).toEqual([
    { path: 'fixed.init', message: 'Init must be a hexadecimal value such as 0x1021.' },
  ]);
  // The page's names of the fixed fields (they said "Fixed byteOrder must be big or little", and
  // before that zod's "Invalid option: expected one of "big"|"little"").
  const fixed = await post({
    mode: 'codeword',
    samples: samples(CRC32, [4, 8]),
    fixed: { poly: 7, refin: 'yes', byteOrder: 'mid' },
  });
  expect(((await fixed.json()) as { details: unknown[] }).details).toEqual([
    { path: 'fixed.poly', message: 'Polynomial must be text' },
    { path: 'fixed.refin', message: 'Reflect input (refin) must be true or false' },
    { path: 'fixed.byteOrder', message: 'Byte order must be big or little' },
  ]);
  const big = await post({
    samples: [
      { message: 'ab'.repeat(600_000), crc: '1' },
      { message: '01', crc: '1' },
    ],
  });
  expect(big.status).toBe(413);
});

it("the search's own checks are listed as the schema's: by field, 20 at most, in 500 characters", async () => {
  // 64 samples with bad hex in both fields: 128 problems, found in the thread, not by the schema
  // (they were every message joined without its field: 11,975 characters, and 128 details).
  const r = await post({ samples: Array.from({ length: 64 }, () => ({ message: 'zz', crc: 'qq' })) });
  expect(r.status).toBe(422);
  const { error, details } = (await r.json()) as { error: string; details: { path: string; message: string }[] };
  expect(details).toHaveLength(20);
  expect(details[0]).toEqual({
    path: 'samples.0.message',
    message: 'Sample 1: the message is not hex bytes (pairs of 0-9, a-f; spaces allowed).',
  });
  expect(details[1]!.path).toBe('samples.0.crc');
  expect(error.length).toBeLessThanOrEqual(500);
  expect(error).toMatch(/^Invalid identify request: samples\.0\.message: Sample 1: the message is not hex bytes/);
  expect(error).toMatch(/; samples\.0\.crc: Sample 1: the CRC /);
  const shown = error.match(/samples\.\d+\.\w+: /g)!.length;
  expect(error).toMatch(new RegExp(`; and ${128 - shown} more$`));
});

/** Codewords: each message with its CRC appended little-endian (as Ethernet sends its FCS). */
const frames = (p: CrcParams, lengths: number[]) =>
  samples(p, lengths).map(({ message, crc }) => ({
    message: message + Buffer.from(crc.slice(2), 'hex').reverse().toString('hex'),
  }));

it('fixed.byteOrder in message mode is a 422 naming it, not ignored (the CLI refuses --byte-order without --codeword)', async () => {
  const body = { samples: samples(CRC32, [4, 8, 12]), fixed: { byteOrder: 'big' } };
  const refused = await post(body);
  expect(refused.status).toBe(422);
  expect(((await refused.json()) as { details: { path: string }[] }).details.map((d) => d.path)).toEqual([
    'fixed.byteOrder',
  ]);
  // Codewords take it. (The width is given: short codewords of any width took 5 s alone, 15 s under
  // the full suite's load, the test's limit.)
  const codewords = await post({
    mode: 'codeword',
    samples: frames(CRC32, [8, 12, 16]),
    fixed: { byteOrder: 'little', width: 32 },
  });
  expect(codewords.status).toBe(200);
  expect(((await codewords.json()) as ReturnType<typeof reportJson>).matches[0]).toMatchObject({
    name: 'CRC-32/ISO-HDLC',
    byteOrder: 'little',
  });
});

it("a sample's crc in codeword mode is a 422 naming it, not dropped (a codeword carries its CRC)", async () => {
  const codewords = frames(CRC32, [8, 12, 16]);
  const refused = await post({
    mode: 'codeword',
    samples: codewords.map((c, i) => (i === 1 ? { ...c, crc: '0xcbf43926' } : c)),
    fixed: { width: 32 },
  });
  expect(refused.status).toBe(422);
  expect(((await refused.json()) as { details: { path: string; message: string }[] }).details).toEqual([
    {
      path: 'samples.1.crc',
      message: 'Sample 2: a codeword carries its CRC at its end; give it in message, not in crc (or use message mode).',
    },
  ]);
});

it('searches every width and byte order of Ethernet-size codewords (no cost limit of the event loop)', async () => {
  const r = await post({ mode: 'codeword', samples: frames(CRC32, [1500, 1500, 1500, 1000]) });
  expect(r.status).toBe(200);
  const answer = (await r.json()) as ReturnType<typeof reportJson>;
  expect(answer.widths).toEqual([1, 64]);
  expect(answer.matches[0]).toMatchObject({ name: 'CRC-32/ISO-HDLC', byteOrder: 'little' });
});

describe('in the generation pool', () => {
  let pooled: RunningServer | undefined;
  afterAll(() => pooled?.stop());

  it('/healthz answers during a long search; a full pool is a 503, the deadline a 422; the rate limit counts it', async () => {
    pooled = await startServer({
      env: {
        GENERATE_THREADS: '1',
        GENERATE_QUEUE_LIMIT: '1',
        GENERATE_TIMEOUT_MS: '2000',
        RATE_LIMIT_PER_MINUTE: '30',
      },
    });
    const url = pooled.url;
    // Six 60 KB codewords with every width and byte order: GCDs of million-bit polynomials, far
    // more than the 2 s deadline.
    const long = { mode: 'codeword', samples: frames(CRC32, [60_000, 60_000, 60_000, 50_000, 50_000, 40_000]) };
    let finished = false;
    const running = postTo(url, long).finally(() => (finished = true));
    await new Promise((r) => setTimeout(r, 300));
    for (let i = 0; i < 5; i++) {
      const health = await fetch(`${url}/healthz`);
      expect(health.status).toBe(200);
      expect(finished, 'the event loop answered /healthz only after the search').toBe(false);
    }
    // The thread is busy: one request waits in the queue, the next is refused.
    const queued = postTo(url, long);
    await new Promise((r) => setTimeout(r, 300));
    const refused = await postTo(url, long);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('2');
    expect(((await refused.json()) as { error: string }).error).toBe(
      'Code generation is busy (queue full); retry in 2 s',
    );

    const stopped = await running;
    expect(stopped.status).toBe(422);
    const { error, details } = (await stopped.json()) as { error: string; details: { path: string }[] };
    expect(error).toBe(
      'The search did not finish within 2 s: fix the width (and, for codewords, the byte order) or the polynomial, or add samples of equal length.',
    );
    expect(details.map((d) => d.path)).toEqual(['fixed.width']);
    // The queued one ran out of time too: while it waited (503) or once it ran (422).
    expect([422, 503]).toContain((await queued).status);

    // The terminated thread is replaced, and a small search is answered again.
    const small = { samples: samples(CRC32, [64, 64, 100]) };
    await expect.poll(async () => (await postTo(url, small)).status, { timeout: 20_000 }).toBe(200);
    // The API's one budget per client (RATE_LIMIT_PER_MINUTE) counts identify requests too.
    let status = 200;
    for (let i = 0; i < 30 && status !== 429; i++) status = (await postTo(url, small)).status;
    expect(status).toBe(429);
  });
});
