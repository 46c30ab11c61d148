// HDL generation in the worker-thread pool over real HTTP (issue 16 item 3): the event loop stays
// free while generation runs, a saturated pool refuses with 503 + Retry-After instead of queueing
// without bound, and pooled answers are byte-identical to an unloaded one.
import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../harness/server';
import { bitsFromPoly } from '../../src/core/crc/params';

const wide = (dataWidth = 1024) =>
  JSON.stringify({ poly: bitsFromPoly(64, 0x42f0e1eba9ea3693n), data_width: dataWidth, language: 'vhdl' });
const generate = (url: string, dataWidth?: number) =>
  fetch(`${url}/api/generate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: wide(dataWidth),
  });

let server: RunningServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

describe('generation pool', () => {
  it('answers /healthz while generating, refuses beyond the queue with 503 + Retry-After, and returns exact files', async () => {
    server = await startServer({ env: { GENERATE_THREADS: '1', GENERATE_QUEUE_LIMIT: '2' } });
    const reference = await (await generate(server.url)).text();
    expect(reference).toContain('entity crc is');

    const flood = Array.from({ length: 16 }, () => generate(server!.url));
    // While the single generation thread is busy, the event loop still answers health checks.
    const health = await Promise.all(Array.from({ length: 5 }, () => fetch(`${server!.url}/healthz`)));
    expect(health.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);

    const answers = await Promise.all(flood);
    const ok = answers.filter((r) => r.status === 200);
    const busy = answers.filter((r) => r.status === 503);
    expect(ok.length + busy.length).toBe(16);
    expect(ok.length).toBeGreaterThanOrEqual(3); // one running and two queued at least
    expect(busy.length).toBeGreaterThan(0);
    for (const r of busy) {
      expect(r.headers.get('retry-after')).toBe('2');
      expect((await r.json()).error).toMatch(/^Code generation is busy \(queue full\); retry in 2 s$/);
    }
    for (const r of ok) expect(await r.text()).toBe(reference);
    expect(server.output()).not.toMatch(/Unhandled error/);
  });

  it('gives up a task that waited longer than GENERATE_TIMEOUT_MS with 503', async () => {
    server = await startServer({
      env: { GENERATE_THREADS: '1', GENERATE_QUEUE_LIMIT: '1000', GENERATE_TIMEOUT_MS: '100' },
    });
    // One 1024-bit CRC-64 takes a few ms of one thread: 200 distinct ones queue for far longer.
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => generate(server!.url, 1024 - i)));
    const timedOut = answers.filter((r) => r.status === 503);
    expect(timedOut.length).toBeGreaterThan(0);
    for (const r of timedOut) expect((await r.json()).error).toMatch(/timed out in the queue/);
    // The pool recovers: a task aborted while running costs its thread, which the pool replaces
    // (loading the four generators takes longer than this test's 100 ms budget under load), and
    // once a fresh thread is up requests succeed again.
    await expect.poll(async () => (await generate(server!.url)).status).toBe(200);
  });

  it('refuses a bad pool configuration at start, naming the variable', async () => {
    await expect(startServer({ env: { GENERATE_THREADS: '0' } })).rejects.toThrow(/GENERATE_THREADS/);
  });
});
