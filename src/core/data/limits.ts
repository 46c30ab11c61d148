/**
 * Where the data tools draw their lines. Apart from jobs/ so that pages can read them without
 * loading the conversion code (and its libraries) with their own chunk.
 */

/**
 * Files above this many bytes stay a File (the worker reads them); smaller ones fill the textarea
 * (text over LONG_TEXT_CHARS, src/browser/long-paste.ts, shows only its beginning).
 */
export const WORKER_THRESHOLD = 1_000_000;
/**
 * Typed text up to this many characters runs on the page's thread, everything longer in the
 * worker: the tree path measured about 0.4 MB/s in the page (parse, write and render), so 16 K
 * characters stay well under a 50 ms task.
 */
export const MAIN_THREAD_LIMIT = 16_384;
/** The worker sends this much of a big output (or the page reads of a big file) as its preview. */
export const PREVIEW_CHARS = 32 * 1024;
/**
 * A textarea shows at most this many lines (and PREVIEW_CHARS characters) of a text: Chromium lays
 * out every line (about 17 ms for 1,000 lines here on an idle machine). The frame that showed 500
 * lines took 25-29 ms of CPU here and 52-59 ms in the project's CI (docs/data-converters.md).
 */
export const PREVIEW_LINES = 200;
/**
 * The JSON formatter looks for repeated keys in this many bytes of its input (./json/duplicates.ts):
 * about 30 ms here, cold; the whole of a big input would have added more than the kernel takes.
 */
export const DUPLICATE_KEY_SCAN_BYTES = 1 << 20;
