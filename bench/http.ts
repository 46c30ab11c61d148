/** HTTP probes shared by the server benchmarks. */
import { spawn } from 'node:child_process';
import { join } from 'node:path';

/** p99 of /healthz latencies (ms), probing one request at a time for `ms`. */
export async function healthP99(url: string, ms: number): Promise<number> {
  const latencies: number[] = [];
  const end = performance.now() + ms;
  while (performance.now() < end) {
    const t0 = performance.now();
    await (await fetch(`${url}/healthz`)).text();
    latencies.push(performance.now() - t0);
    await new Promise((r) => setTimeout(r, 5));
  }
  latencies.sort((a, b) => a - b);
  return latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))]!;
}

export interface LoadOptions {
  connections: number;
  seconds: number;
  method?: 'GET' | 'POST';
  body?: unknown;
  timeoutSeconds?: number;
}

export interface LoadResult {
  requestsPerSecond: number;
  ok: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

/**
 * Runs autocannon's CLI in its own process against `url`, so that the load generator's event
 * loop shares nothing with the server (or the probes) being measured.
 */
export async function autocannonCli(url: string, o: LoadOptions): Promise<LoadResult> {
  const args = ['-c', `${o.connections}`, '-d', `${o.seconds}`, '--json'];
  if (o.timeoutSeconds) args.push('-t', `${o.timeoutSeconds}`);
  if (o.body !== undefined)
    args.push('-m', 'POST', '-H', 'content-type=application/json', '-b', JSON.stringify(o.body));
  else if (o.method) args.push('-m', o.method);
  const child = spawn(join(process.cwd(), 'node_modules/.bin/autocannon'), [...args, url], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d));
  await new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const r = JSON.parse(out) as {
    requests: { average: number };
    '2xx': number;
    non2xx: number;
    errors: number;
    timeouts: number;
  };
  return {
    requestsPerSecond: r.requests.average,
    ok: r['2xx'],
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
  };
}

/**
 * The floor for an HTTP POST on this machine: Express parsing a JSON body and answering 202,
 * nothing else, in its own process like the real server.
 */
export async function startBareExpress(): Promise<{ url: string; close: () => void }> {
  const script = `const express = require('express'); const app = express();
    app.post('/ingest', express.json({ limit: '16kb' }), (_req, res) => void res.status(202).end());
    const srv = app.listen(0, '127.0.0.1', () => console.log('port ' + srv.address().port));`;
  const child = spawn(process.execPath, ['-e', script], { cwd: process.cwd(), stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d;
      const m = /port (\d+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    child.once('exit', (code) => reject(new Error(`bare Express exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}/ingest`, close: () => void child.kill() };
}
