/**
 * CSV -> JSON of a File/Blob in the data worker, never as one string: the file is decoded slice
 * by slice (./blob-text.ts), papaparse parses each slice as it arrives (../formats/csv.ts readCsvPieces), and
 * the JSON goes out in pieces into a Blob, or as text when it is small enough to show. Progress
 * follows the bytes read. Memory beyond the output: a slice of input and a piece of output.
 */
import { CsvError, JsonRowsWriter, readCsvPieces } from '../formats/csv';
import { blobTextPieces, SLICE_BYTES } from './blob-text';
import { MSG } from '../messages';
import { PREVIEW_CHARS } from '../limits';
import type { DataOp } from '../ops/types';
import type { JobProgress, JobResult } from './types';

/** Output text is gathered up to this many characters before it becomes a Blob part. */
const OUT_PIECE = 4 << 20;

/** Output pieces: text while it may still be shown, Blob parts once it is too long for that. */
class OutputPieces {
  private pending: string[] = [];
  private pendingChars = 0;
  private readonly blobs: Blob[] = [];
  preview = '';
  length = 0;

  constructor(private readonly displayLimit: number) {}

  add = (text: string): void => {
    if (this.preview.length < PREVIEW_CHARS) this.preview = (this.preview + text).slice(0, PREVIEW_CHARS);
    this.pending.push(text);
    this.pendingChars += text.length;
    this.length += text.length;
    if (this.pendingChars >= OUT_PIECE && this.length > this.displayLimit) this.flush();
  };

  private flush(): void {
    this.blobs.push(new Blob(this.pending));
    this.pending = [];
    this.pendingChars = 0;
  }

  /** The whole output as text (when short enough to show) or as a JSON Blob. */
  finish(): { output: string } | { outputBlob: Blob } {
    if (this.blobs.length === 0 && this.length <= this.displayLimit) return { output: this.pending.join('') };
    this.flush();
    return { outputBlob: new Blob(this.blobs, { type: 'application/json' }) };
  }
}

export async function runCsvFileJob(
  op: Extract<DataOp, { kind: 'csvToJson' }>,
  file: Blob,
  onProgress?: JobProgress,
  displayLimit = 1_000_000,
  sliceBytes = SLICE_BYTES,
): Promise<JobResult> {
  const out = new OutputPieces(displayLimit);
  const writer = new JsonRowsWriter(out.add, op.detectTypes);
  let blank = true;
  const pieces = async function* () {
    for await (const piece of blobTextPieces(
      file,
      (bytes) => onProgress?.(Math.round((950 * bytes) / file.size)),
      sliceBytes,
    )) {
      blank &&= !/\S/.test(piece);
      yield piece;
    }
  };
  try {
    await readCsvPieces(pieces(), op, (cells, names) => writer.add(cells, names));
  } catch (e) {
    if (!(e instanceof CsvError)) throw e;
    return { ok: false, status: MSG.csvToJsonFailed(e.message), preview: '', outputLength: 0 };
  }
  if (blank) return { ok: false, status: MSG.enterCsv, preview: '', outputLength: 0 };
  writer.end();
  const rows = writer.rows;
  const result = out.finish();
  const status = `✅ Converted ${rows} row${rows === 1 ? '' : 's'} to JSON`;
  return {
    ok: true,
    status,
    outputLength: out.length,
    preview: 'output' in result ? result.output : out.preview,
    ...result,
  };
}
