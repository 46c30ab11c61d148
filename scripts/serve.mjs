#!/usr/bin/env node
// Serves the existing build (no build step). PORT and DATA_DIR configure it; see README.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const entry = fileURLToPath(new URL('../dist/server/index.mjs', import.meta.url));
if (!existsSync(entry)) {
  console.error(
    'No build found (dist/server/index.mjs). Run `npm run build` first, or `npm start` to build and serve.',
  );
  process.exit(1);
}
await import(entry);
