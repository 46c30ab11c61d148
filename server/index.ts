/** Starts BitSmith: validated config, store, HTTP server; graceful shutdown on SIGTERM/SIGINT. */
import { createServer } from 'node:http';
import { createApp } from './app';
import { loadConfig, retiredVariables } from './config';
import { openStore } from './store';
import { createGeneratePool } from './services/hdl-pool';

async function main() {
  const config = loadConfig();
  for (const warning of retiredVariables()) console.warn(`Warning: ${warning}`);
  const store = await openStore(config);
  const generatePool = createGeneratePool(config.generate);
  const app = createApp({ config, store, generatePool });
  // A client must send its whole request (headers and body) within REQUEST_TIMEOUT_MS; a slow body
  // is then answered 408 and closed. Node checks the deadline every connectionsCheckingInterval.
  const server = createServer(
    {
      // A backstop 1 s after bodyDeadline (server/body-limit.ts), which answers with a JSON 408.
      requestTimeout: config.requestTimeoutMs + 1_000,
      headersTimeout: Math.min(config.requestTimeoutMs, 60_000),
      connectionsCheckingInterval: Math.min(1_000, config.requestTimeoutMs / 4),
    },
    app,
  );
  server.listen(config.port, config.host);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  let stopping = false;
  // While stopping, answers close their keep-alive connection, so busy clients cannot keep the
  // server open by sending request after request on the same socket.
  server.prependListener('request', (_req, res) => {
    if (stopping) res.setHeader('Connection', 'close');
  });
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received: closing`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    // Let requests in flight finish (their events reach the store) before the store is closed.
    const drained = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    await Promise.race([drained, new Promise((r) => setTimeout(r, 3_000).unref())]);
    server.closeAllConnections();
    try {
      await generatePool.close();
      await store.close(); // flushes everything acknowledged
      process.exit(0);
    } catch (e) {
      console.error('Error while closing the store:', e);
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  if (config.adminTokenGenerated)
    console.log(`Admin token for /admin/analytics (generated for this run): ${config.adminToken}`);
  // Printed last, once the signal handlers are installed: tests and scripts wait for this line
  // and may send SIGTERM right after it.
  console.log(`BitSmith is running at http://localhost:${port} (store: ${store.name}, data: ${config.dataDir})`);
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
