/**
 * Starts the real built server (dist/server/index.mjs) as a child process on a free port with a
 * temporary DATA_DIR, and stops it. Tests talk to it over HTTP like users do.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface RunningServer {
  url: string;
  dataDir: string;
  adminToken: string;
  process: ChildProcess;
  /** Everything the server printed so far. */
  output(): string;
  /** Sends `signal` (SIGTERM) and waits for the exit; returns the exit code (null after SIGKILL), throws on any other signal death. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export interface StartOptions {
  env?: Record<string, string>;
  /** Reuse a data dir (e.g. to check persistence across restarts). */
  dataDir?: string;
  keepDataDir?: boolean;
}

export async function startServer(opts: StartOptions = {}): Promise<RunningServer> {
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'bitsmith-test-'));
  const adminToken = opts.env?.ADMIN_TOKEN ?? 'test-admin-token-123';
  const child = spawn(process.execPath, [join(root, 'dist/server/index.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_TOKEN: adminToken,
      RATE_LIMIT_PER_MINUTE: '0',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 20_000);
    const onData = () => {
      const running = /running at (http:\/\/localhost:\d+)/.exec(out)?.[1];
      if (running) {
        clearTimeout(timer);
        resolve(running.replace('localhost', '127.0.0.1'));
      }
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${out}`)));
  });
  const exited = new Promise<{ code: number | null; killedBy: NodeJS.Signals | null }>((r) =>
    child.once('exit', (code, killedBy) => r({ code, killedBy })),
  );
  return {
    url,
    dataDir,
    adminToken,
    process: child,
    output: () => out,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null) child.kill(signal);
      const { code, killedBy } = await exited;
      if (!opts.keepDataDir && !opts.dataDir) rmSync(dataDir, { recursive: true, force: true });
      // A graceful stop ends with an exit code; a signal death there (a crash while closing, or no
      // handler) says which signal and what the server printed, rather than a bare null.
      if (code === null && signal !== 'SIGKILL')
        throw new Error(
          `the server sent ${signal} ended by ${killedBy}, not an exit code; its output:\n${out.slice(-4000)}`,
        );
      return code;
    },
  };
}
