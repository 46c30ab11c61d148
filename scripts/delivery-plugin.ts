/**
 * Build-time delivery for the server (vite.config.ts): `routes.json` lists every SPA route from
 * the page declarations (so the server answers 404 for anything else without a second list), and
 * every text asset gets `.br` and `.gz` siblings, compressed once at the best levels, which the
 * server picks by Accept-Encoding (server/static.ts).
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Extensions worth compressing; images and fonts are compressed already. */
export const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|wasm|webmanifest|txt|map)$/;
/** Below this, the headers cost more than compression saves. */
const MIN_BYTES = 1024;
/** Above this (the 31 MB Yosys WebAssembly of the CRC synthesis report) brotli quality 11 takes minutes: 6 instead. */
const LARGE_BYTES = 4 << 20;

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

function precompress(dir: string): void {
  for (const path of files(dir)) {
    if (!COMPRESSIBLE.test(path)) continue;
    const raw = readFileSync(path);
    if (raw.length < MIN_BYTES) continue;
    const quality = raw.length > LARGE_BYTES ? 6 : 11;
    writeFileSync(`${path}.br`, brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: quality } }));
    writeFileSync(`${path}.gz`, gzipSync(raw, { level: 9 }));
  }
}

export function delivery(routes: readonly string[]): Plugin {
  let outDir = '';
  return {
    name: 'bitsmith-delivery',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'routes.json', source: JSON.stringify(routes) });
    },
    closeBundle() {
      precompress(outDir);
    },
  };
}
