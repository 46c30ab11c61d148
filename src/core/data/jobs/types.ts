/** What a data job reports, apart from the job's code so that every job module can name it. */
import type { TextPosition } from '../position';

export interface JobResult {
  ok: boolean;
  status: string;
  note?: string;
  position?: TextPosition;
  /** The whole output when it is small enough to show. */
  output?: string;
  /** The whole output as a file when it is too big to show. */
  outputBlob?: Blob;
  /** The start of the output (equal to `output` when that is set). */
  preview: string;
  outputLength: number;
  /** The user cancelled the run: nothing was wrong with the input, and nothing was made. */
  cancelled?: true;
}

/** Progress as a fraction of 1000; reading is the first 30 %, converting up to 95 %. */
export type JobProgress = (permille: number) => void;
