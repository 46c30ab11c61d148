/**
 * Build-time delivery for the server (vite.config.ts): `routes.json` lists every SPA route from
 * the page declarations (so the server answers 404 for anything else without a second list), and
 * every text asset gets `.br` and `.gz` siblings, compressed once at the best levels, which the
 * server picks by Accept-Encoding (server/static.ts).
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin, Rollup } from 'vite';

export interface BuildReport {
  /** JavaScript loaded by the first visit to any page, before a tool's own chunk (gzip bytes). */
  initialJsGzip: number;
  /** Per tool folder: the gzip bytes its page adds, and the npm packages in them. */
  tools: Record<string, { jsGzip: number; packages: string[] }>;
}

const packageOf = (moduleId: string) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(moduleId)?.[1];

const gz = (code: string) => gzipSync(code, { level: 9 }).length;

/** Static-import closure of a chunk (what loads with it). */
function closure(bundle: Rollup.OutputBundle, fileName: string, into = new Set<string>()): Set<string> {
  const chunk = bundle[fileName];
  if (!chunk || chunk.type !== 'chunk' || into.has(fileName)) return into;
  into.add(fileName);
  for (const dep of chunk.imports) closure(bundle, dep, into);
  return into;
}

/** What the first load costs and what each tool's page adds to it, from the bundle's chunk graph. */
export function buildReport(bundle: Rollup.OutputBundle): BuildReport {
  const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
  const entry = chunks.find((c) => c.isEntry);
  const initial = entry ? closure(bundle, entry.fileName) : new Set<string>();
  const size = (files: Iterable<string>) =>
    [...files].reduce((n, f) => n + gz((bundle[f] as Rollup.OutputChunk).code), 0);
  const tools: BuildReport['tools'] = {};
  for (const c of chunks) {
    const folder = /src\/tools\/([\w-]+)\/Page\.tsx$/.exec(c.facadeModuleId ?? '')?.[1];
    if (!folder) continue;
    const own = [...closure(bundle, c.fileName)].filter((f) => !initial.has(f));
    const modules = own.flatMap((f) => Object.keys((bundle[f] as Rollup.OutputChunk).modules));
    const packages = new Set(modules.map(packageOf).filter(Boolean));
    tools[folder] = { jsGzip: size(own), packages: [...packages].sort() as string[] };
  }
  return { initialJsGzip: size(initial), tools };
}

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
    generateBundle(_options, bundle) {
      this.emitFile({ type: 'asset', fileName: 'routes.json', source: JSON.stringify(routes) });
      // Beside the client build, not in it: for the bench and the tests, never served.
      writeFileSync(join(outDir, '..', 'build-report.json'), JSON.stringify(buildReport(bundle), null, 2));
    },
    closeBundle() {
      precompress(outDir);
    },
  };
}
