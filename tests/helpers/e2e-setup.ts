/**
 * Global setup of the e2e project (vitest.config.ts): starts the built server and one Chromium for
 * all e2e files, which connect to them with useSharedApp() (tests/helpers/e2e.ts).
 */
import { createServer } from 'node:net';
import type { TestProject } from 'vitest/node';
// @ts-expect-error plain ESM helper shared with scripts/test.mjs
import { hasTool } from '../../scripts/system-tools.mjs';
import { launchBrowser } from './browser';
import { startServer } from './server';

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | void> {
  // Without Chromium the files skip themselves (or fail under CI=true): see tests/helpers/system.ts.
  if (!hasTool('chromium')) return;
  const port = await freePort();
  const [server, browser] = await Promise.all([startServer(), launchBrowser([`--remote-debugging-port=${port}`])]);
  project.provide('appUrl', server.url);
  project.provide('chromiumCdpUrl', `http://127.0.0.1:${port}`);
  return async () => {
    await browser.close();
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
