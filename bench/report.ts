/**
 * Writes report.html: one self-contained file (Observable Plot and the client bundled in by
 * esbuild, the data inline), so it opens offline and can be archived as a CI artefact.
 */
import { build } from 'esbuild';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ReportData } from './report-client';

const CSS = `
body { font: 14px/1.45 system-ui, sans-serif; margin: 24px auto; max-width: 1040px; color: #1d1d1f; padding: 0 12px; }
h1 { font-size: 22px; } h2 { font-size: 16px; margin: 28px 0 2px; }
.muted { color: #666; margin: 0 0 6px; } .bad { color: #b3261e; font-weight: 600; } .good { color: #2e7d32; }
svg { max-width: 100%; height: auto; overflow: visible; }`;

/** Escapes a JSON text for an inline <script>. */
const inline = (s: string) => s.replace(/</g, '\\u003c');

export async function writeReport(path: string, data: ReportData): Promise<void> {
  const bundle = await build({
    entryPoints: [fileURLToPath(new URL('./report-client.ts', import.meta.url))],
    bundle: true,
    format: 'iife',
    minify: true,
    write: false,
    target: 'es2020',
    logLevel: 'warning',
  });
  const js = bundle.outputFiles[0]!.text.replace(/<\/script/gi, '<\\/script');
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>BitSmith benchmarks, ${data.results.date}</title>
<style>${CSS}</style>
</head>
<body>
<main id="report"></main>
<script>window.BENCH_REPORT = ${inline(JSON.stringify(data))};</script>
<script>${js}</script>
</body>
</html>
`;
  writeFileSync(path, html);
}
