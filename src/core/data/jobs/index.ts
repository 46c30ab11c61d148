/**
 * A data action on big input, as run inside src/workers/data/data.worker.ts: reads a File/Blob in chunks
 * (with progress), runs the action, and hands back big outputs as a Blob plus a short preview,
 * so the page never has to hold or render the whole text.
 */
import type { DataOp } from '../ops/types';
import { runDataOpLazily } from '../ops/lazy';
import { MAIN_THREAD_LIMIT, PREVIEW_CHARS, WORKER_THRESHOLD } from '../limits';

export { MAIN_THREAD_LIMIT, PREVIEW_CHARS, WORKER_THRESHOLD };
import type { JsonExports } from '../json/kernel';
import { kernelPlan, runKernelJob } from './json';
import { blobTextPieces } from './blob-text';
import type { JobProgress, JobResult } from './types';

export type { JobProgress, JobResult } from './types';

/** Outputs above this many characters are offered as a download with a preview. */
const DISPLAY_LIMIT = 1_000_000;

async function readBlob(blob: Blob, onProgress?: JobProgress): Promise<string> {
  const parts: string[] = [];
  for await (const piece of blobTextPieces(blob, (bytes) => onProgress?.(Math.round((300 * bytes) / blob.size))))
    parts.push(piece);
  return parts.join('');
}

/**
 * Runs one action. With the JSON kernel, format/minify/validate (without sort keys) stream
 * through it and JSON -> YAML/CSV validate with it; CSV -> JSON of a file streams through
 * papaparse (./csv.ts); otherwise (and for sort keys) the tree path.
 */
export async function runJob(
  op: DataOp,
  input: string | Blob,
  onProgress?: JobProgress,
  displayLimit = DISPLAY_LIMIT,
  json?: JsonExports,
): Promise<JobResult> {
  const plan = json && kernelPlan(op);
  if (json && plan) return runKernelJob(json, plan, input, onProgress, displayLimit, PREVIEW_CHARS);
  if (op.kind === 'csvToJson' && typeof input !== 'string') {
    const { runCsvFileJob } = await import('./csv');
    return runCsvFileJob(op, input, onProgress, displayLimit);
  }
  const text = typeof input === 'string' ? input : await readBlob(input, onProgress);
  onProgress?.(300);
  const r = await runDataOpLazily(
    op,
    text,
    (done, total) => onProgress?.(300 + Math.round((600 * done) / Math.max(1, total))),
    json,
  );
  onProgress?.(950);
  if (!r.ok) return { ok: false, status: r.status, position: r.position, preview: '', outputLength: 0 };
  const base = { ok: true, status: r.status, note: r.note, outputLength: r.output.length };
  if (r.output.length <= displayLimit) return { ...base, output: r.output, preview: r.output };
  const type =
    op.kind === 'jsonToYaml' ? 'application/yaml' : op.kind === 'jsonToCsv' ? 'text/csv' : 'application/json';
  return { ...base, outputBlob: new Blob([r.output], { type }), preview: r.output.slice(0, PREVIEW_CHARS) };
}
