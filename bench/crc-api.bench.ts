/**
 * End-to-end POST /api/generate throughput against the real built server (autocannon, 10
 * connections), for a small and a wide request, with GET /api/predefined as the baseline.
 */
import autocannon from 'autocannon';
import { defineSuite } from './harness';
import { startServer, type RunningServer } from '../tests/helpers/server';
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

export default defineSuite({
  name: 'crc-api',
  async groups({ quick }) {
    server = await startServer();
    const seconds = quick ? 2 : 5;
    const runs = quick ? 1 : 3;
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
    ];
  },
  async teardown() {
    await server?.stop();
  },
});
