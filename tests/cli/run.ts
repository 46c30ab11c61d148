/** Running the built bitsmith command (dist/cli/bitsmith.cjs, the package's bin) as a child process, as a user runs it. */
import { spawnSync } from 'node:child_process';
import { request } from 'node:http';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';

export const root = fileURLToPath(new URL('../..', import.meta.url));
export const BIN = join(root, 'dist/cli/bitsmith.cjs');
/** A fresh folder per test file: the commands run in it and write their files there. */
export const tmp = mkdtempSync(join(tmpdir(), 'bitsmith-cli-'));

export interface Run {
  status: number | null;
  stdout: Buffer;
  stderr: string;
}

export function bitsmith(args: string[], input?: Uint8Array | string, bin = BIN): Run {
  const r = spawnSync(process.execPath, [bin, ...args], { input, maxBuffer: 1 << 28, cwd: tmp });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr.toString() };
}

/** Exit 0, nothing on stderr; stdout as text. */
export function ok(args: string[], input?: Uint8Array | string): string {
  const r = bitsmith(args, input);
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
  return r.stdout.toString();
}

/** Exit 1 with exactly one line on stderr; returns it. */
export function badInput(args: string[], input?: Uint8Array | string): string {
  const r = bitsmith(args, input);
  expect(r.status).toBe(1);
  expect(r.stderr.split('\n')).toHaveLength(2);
  expect(r.stderr.endsWith('\n')).toBe(true);
  return r.stderr.trimEnd();
}

/** Exit 2 with commander's one-line `error: ...` message. */
export function usageError(args: string[]): string {
  const r = bitsmith(args);
  expect(r.status, args.join(' ')).toBe(2);
  expect(r.stderr.trimEnd().split('\n'), args.join(' ')).toHaveLength(1);
  expect(r.stderr).toMatch(/^error: /);
  return r.stderr.trimEnd();
}

/**
 * GET (or POST `body` as JSON) on a connection of its own. The tests block their event loop in
 * spawnSync for seconds, longer than the server keeps an idle connection (5 s): a kept-alive socket
 * could be closed under fetch when it is reused.
 */
export function http(url: string, body?: unknown): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: body === undefined ? 'GET' : 'POST', agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode!, text }));
    });
    req.on('error', reject);
    if (body !== undefined) req.setHeader('Content-Type', 'application/json');
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

/** Writes `data` to `name` in the test folder; returns its path. */
export function file(name: string, data: string | Uint8Array): string {
  const p = join(tmp, name);
  writeFileSync(p, data);
  return p;
}
