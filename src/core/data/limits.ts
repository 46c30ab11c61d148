/**
 * Where the data tools draw their lines. Apart from job.ts so that pages can read them without
 * loading the conversion code (and its libraries) with their own chunk.
 */

/** Files above this many bytes stay a File (the worker reads them); smaller ones fill the textarea. */
export const WORKER_THRESHOLD = 1_000_000;
/**
 * Typed text up to this many characters runs on the page's thread, everything longer in the
 * worker: the tree path measured about 0.4 MB/s in the page (parse, write and render), so 16 K
 * characters stay well under a 50 ms task.
 */
export const MAIN_THREAD_LIMIT = 16_384;
export const PREVIEW_CHARS = 64 * 1024;
