/**
 * End-to-end POST /api/generate throughput against the real built server (autocannon, 10
 * connections), for a small and a wide request, with GET /api/predefined as the baseline; and
 * /healthz p99 while 300 connections generate CRC-64 x 1024 files, next to its idle p99.
 */
import autocannon from 'autocannon';
import { defineSuite } from './harness';
import { autocannonCli, healthP99 } from './http';
import { startServer, type RunningServer } from '../tests/harness/server';
import { bitsFromPoly } from '../src/core/crc/params';

let server: RunningServer | undefined;

/** Runs autocannon `runs` times for `seconds`; returns the mean ms per request of each run (1 / throughput). */
async function load(url: string, body: unknown, seconds: number, runs: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const r = await autocannon({
      url,
      connections: 10,
      duration: seconds,
      method: body ? 'POST' : 'GET',
      headers: { 'content-type': 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (r.non2xx || r.errors) throw new Error(`${r.non2xx} non-2xx, ${r.errors} errors`);
    out.push(1000 / r.requests.average); // ms per request at the measured rate
  }
  return out;
}

/** Outcome of the last loaded health run, recorded as extra figures. */
const underLoad: Record<string, number> = {};

/**
 * /healthz p99 while `connections` clients post CRC-64 x 1024 generates as fast as they can. The
 * load runs in its own process (autocannon's CLI) so that its event loop does not delay the probes.
 */
async function healthUnderGenerateLoad(url: string, body: unknown, seconds: number, connections: number) {
  const loaded = autocannonCli(`${url}/api/generate`, { connections, seconds, body, timeoutSeconds: 10 });
  await new Promise((r) => setTimeout(r, 500)); // let the load ramp up
  const p99 = await healthP99(url, seconds * 1000 - 1000);
  const r = await loaded;
  Object.assign(underLoad, {
    generate_2xx: r.ok,
    generate_503: r.non2xx,
    generate_timeouts: r.timeouts,
    generate_errors: r.errors,
  });
  return p99;
}

export default defineSuite({
  name: 'crc-api',
  async groups({ quick }) {
    server = await startServer();
    const seconds = quick ? 2 : 5;
    const runs = quick ? 1 : 3;
    const connections = quick ? 100 : 300;
    const crc32 = bitsFromPoly(32, 0x04c11db7n);
    const crc64 = bitsFromPoly(64, 0x42f0e1eba9ea3693n);
    const gen = `${server.url}/api/generate`;
    const small = {
      poly: crc32,
      data_width: 8,
      language: 'verilog',
      init: '0xffffffff',
      refin: true,
      refout: true,
      xorout: '0xffffffff',
    };
    const wide = { poly: crc32, data_width: 128, language: 'vhdl' };
    const huge = { poly: crc64, data_width: 1024, language: 'verilog' };
    return [
      {
        name: 'HTTP requests/s (10 connections)',
        baseline: 'GET /api/predefined',
        cases: [
          {
            name: 'GET /api/predefined',
            ops: 1,
            measure: () => load(`${server!.url}/api/predefined`, undefined, seconds, runs),
          },
          { name: 'POST /api/generate CRC-32 D=8 verilog', ops: 1, measure: () => load(gen, small, seconds, runs) },
          { name: 'POST /api/generate CRC-32 D=128 vhdl', ops: 1, measure: () => load(gen, wide, seconds, runs) },
          { name: 'POST /api/generate CRC-64 D=1024 verilog', ops: 1, measure: () => load(gen, huge, seconds, runs) },
        ],
      },
      {
        // Issue 16 item 3: generation runs in the worker-thread pool, so the event loop stays free.
        name: '/healthz p99 latency (ms) under POST /api/generate CRC-64 D=1024 load',
        baseline: 'idle',
        cases: [
          { name: 'idle', ops: 1, measure: async () => [await healthP99(server!.url, seconds * 1000)] },
          {
            name: `${connections} connections generating`,
            ops: 1,
            measure: async () => [await healthUnderGenerateLoad(server!.url, huge, seconds + 1, connections)],
            extra: underLoad,
          },
        ],
      },
    ];
  },
  async teardown() {
    await server?.stop();
  },
});
