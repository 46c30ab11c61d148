/**
 * Global setup of the e2e project (vitest.config.ts): starts the built server once, and one
 * Chromium per Vitest worker, for all e2e files; they connect with useSharedApp()
 * (tests/harness/e2e.ts). One browser per worker, not one in all: the clipboard belongs to the
 * browser process, and two files copying and reading it at the same time would read each other's.
 */
import { createServer } from 'node:net';
import type { TestProject } from 'vitest/node';
// @ts-expect-error plain ESM helper shared with scripts/test.mjs
import { hasTool } from '../../scripts/system-tools.mjs';
import { launchBrowser } from './browser';
import { startServer } from './server';

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | void> {
  // Without Chromium the files skip themselves (or fail under CI=true): see tests/harness/system.ts.
  if (!hasTool('chromium')) return;
  const ports = await Promise.all(Array.from({ length: Math.max(1, project.config.maxWorkers) }, freePort));
  const [server, ...browsers] = await Promise.all([
    startServer(),
    ...ports.map((port) => launchBrowser([`--remote-debugging-port=${port}`])),
  ]);
  project.provide('appUrl', server.url);
  project.provide(
    'chromiumCdpUrls',
    ports.map((port) => `http://127.0.0.1:${port}`),
  );
  return async () => {
    await Promise.all(browsers.map((b) => b.close()));
    await server.stop();
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}
