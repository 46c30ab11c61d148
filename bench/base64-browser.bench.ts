/**
 * Base64 of a file in Chromium: the page's pipeline (File -> worker -> chunks -> WASM SIMD ->
 * Blob, measured from the file input's change event to the success message) against the same
 * pipeline built on the native `Uint8Array.prototype.toBase64` / `fromBase64` (a worker reading
 * the same chunks with the same read-ahead and building a Blob). Served by the real server from
 * the built app (set STATIC_DIR to test a private build). Long main-thread tasks are recorded.
 */
import { randomFillSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { defineSuite, type BenchCase } from './harness';
import { FILE_CHUNK_BYTES } from '../src/core/base64/convert';
import { launchBrowser, openPage } from '../tests/harness/browser';
import { startServer, type RunningServer } from '../tests/harness/server';

let server: RunningServer | undefined;
let browser: Browser | undefined;
let dir: string | undefined;

/** The native pipeline's slices: a multiple of 3 and of 4. */
const NATIVE_SLICE = 24 << 20;

/**
 * The native pipeline, run in a worker from a Blob URL. Mode 'floor-encode'/'floor-decode' is the
 * limit of any pipeline in this browser: it reads the file as the page does (a stream), writes an
 * output-sized buffer (a fill) and builds the Blob the way the page does (a reused buffer, a part per
 * page part, folded every 64 MiB), converting nothing.
 */
const NATIVE_WORKER = `
let kept = new Uint8Array(0); // reused from run to run, as the page reuses its output buffer
const floor = async (file, chunk, outPerIn) => {
  if (kept.length < Math.ceil(chunk * outPerIn) + 4) kept = new Uint8Array(Math.ceil(chunk * outPerIn) + 4);
  const out = kept;
  const reader = file.stream().getReader();
  let folded = new Blob([]), parts = [], pending = 0, taken = 0;
  const emit = () => {
    const n = Math.floor(taken * outPerIn);
    out.fill(65, 0, n); // the output's bytes are written once, as any conversion must
    parts.push(new Blob([out.subarray(0, n)]));
    pending += n;
    taken = 0;
    if (pending >= 64 << 20) (folded = new Blob([folded, ...parts])), (parts = []), (pending = 0);
  };
  for (let r = await reader.read(); !r.done; r = await reader.read()) {
    if (taken + r.value.length > chunk) emit();
    taken += r.value.length;
  }
  emit();
  return new Blob([folded, ...parts]).size;
};
onmessage = async ({ data: { file, mode, chunk, part, bytesOut } }) => {
  if (mode.startsWith('floor')) return postMessage({ size: await floor(file, part, mode === 'floor-encode' ? 4 / 3 : 3 / 4) });
  const latin1 = new TextDecoder('latin1');
  const utf8 = new TextEncoder();
  const read = (off) => file.slice(off, off + chunk).arrayBuffer();
  const parts = [];
  let next = read(0);
  for (let off = 0; next; off += chunk) {
    const bytes = new Uint8Array(await next);
    next = off + chunk < file.size ? read(off + chunk) : undefined;
    // Encoding gives a string: Blob([string]) converts it to UTF-8 itself, or TextEncoder first.
    const out = mode === 'encode' ? bytes.toBase64() : Uint8Array.fromBase64(latin1.decode(bytes));
    parts.push(new Blob([bytesOut && typeof out === 'string' ? utf8.encode(out) : out]));
  }
  postMessage({ size: new Blob(parts).size });
};`;

async function setUpPage(page: Page): Promise<void> {
  await page.goto(server!.url + '/base64-converter');
  await page.getByRole('heading', { name: 'Base64 Converter' }).waitFor();
  await page.evaluate((src) => {
    const w = window as unknown as Record<string, unknown>;
    const url = URL.createObjectURL(new Blob([src], { type: 'text/javascript' }));
    // The floor has a worker of its own: the native runs' garbage would be collected in its time.
    w.nativeWorker = new Worker(url);
    w.floorWorker = new Worker(url);
    const input = document.createElement('input');
    input.type = 'file';
    input.id = 'bench-native';
    input.hidden = true;
    document.body.append(input);
    w.longTasks = [] as number[];
    new PerformanceObserver((l) => l.getEntries().forEach((e) => (w.longTasks as number[]).push(e.duration))).observe({
      type: 'longtask',
    });
  }, NATIVE_WORKER);
}

/** What pageRun keeps on the page's window: when the file was chosen and when it succeeded. */
interface PageTimes {
  t0: number;
  t1: number;
}

/** One run of the page's pipeline: ms from the change event to the success status. */
async function pageRun(page: Page, mode: 'encode' | 'decode', path: string): Promise<number> {
  await page.getByRole('button', { name: mode === 'encode' ? 'Encode' : 'Decode', exact: true }).click();
  await page.getByRole('button', { name: 'Clear All' }).click();
  await page.evaluate(() => {
    const w = window as unknown as PageTimes;
    w.t0 = 0;
    w.t1 = 0;
    document
      .querySelector('.b64-file-row input[type=file]')!
      .addEventListener('change', () => (w.t0 = performance.now()), { once: true, capture: true });
    const status = document.querySelector('.status-line')!;
    const obs = new MutationObserver(() => {
      if (status.textContent?.startsWith('✅')) {
        w.t1 = performance.now();
        obs.disconnect();
      }
    });
    obs.observe(status, { childList: true, characterData: true, subtree: true });
  });
  await page.locator('.b64-file-row input[type=file]').setInputFiles(path);
  await page.waitForFunction(() => (window as unknown as PageTimes).t1 > 0, null, { timeout: 120_000 });
  return page.evaluate(() => {
    const w = window as unknown as PageTimes;
    return w.t1 - w.t0;
  });
}

/** One run of the native pipeline (or of the floor) on the same file. */
async function nativeRun(
  page: Page,
  mode: 'encode' | 'decode' | 'floor-encode' | 'floor-decode',
  path: string,
  expectedSize: number,
  bytesOut = false,
): Promise<number> {
  await page.locator('#bench-native').setInputFiles(path);
  const { ms, size } = await page.evaluate(
    ({ mode, chunk, part, bytesOut }) =>
      new Promise<{ ms: number; size: number }>((resolve) => {
        const workers = window as unknown as { nativeWorker: Worker; floorWorker: Worker };
        const w = mode.startsWith('floor') ? workers.floorWorker : workers.nativeWorker;
        const file = (document.getElementById('bench-native') as HTMLInputElement).files![0];
        const t0 = performance.now();
        w.onmessage = (e) => resolve({ ms: performance.now() - t0, size: e.data.size });
        w.postMessage({ file, mode, chunk, part, bytesOut });
      }),
    { mode, chunk: NATIVE_SLICE, part: FILE_CHUNK_BYTES, bytesOut },
  );
  // The floor's output size is the real one's to within the padding.
  if (mode.startsWith('floor') ? Math.abs(size - expectedSize) > 4 : size !== expectedSize)
    throw new Error(`native ${mode}: ${size} bytes, expected ${expectedSize}`);
  return ms;
}

type Measure = (n: number) => Promise<number[]>;

/**
 * Runs the cases of one group in turns (A, B, C, A, B, C, ...) so that bursts of load on the
 * shared machine hit all of them alike; each case's `measure` returns its own column.
 */
function interleaved<Runs extends (() => Promise<number>)[]>(
  count: number,
  runs: [...Runs],
): { [K in keyof Runs]: Measure } {
  let all: Promise<number[][]> | undefined;
  const measureAll = async () => {
    for (const run of runs) await run(); // warm-up: worker start, WASM compile, page cache
    const columns = runs.map((run) => ({ run, times: [] as number[] }));
    for (let i = 0; i < count; i++) {
      for (const column of columns) column.times.push(await column.run());
    }
    return columns.map((column) => column.times);
  };
  // One column per run, so `[r]` is always there; map keeps the tuple's length.
  return runs.map((_, r) => async () => (await (all ??= measureAll()))[r]!) as { [K in keyof Runs]: Measure };
}

export default defineSuite({
  name: 'base64-browser',
  async groups({ quick }) {
    const size = quick ? 24 << 20 : 96 << 20;
    dir = mkdtempSync(join(tmpdir(), 'bitsmith-b64-bench-'));
    const data = randomFillSync(Buffer.alloc(size));
    const binPath = join(dir, 'data.bin');
    const b64Path = join(dir, 'data.b64');
    writeFileSync(binPath, data);
    const b64 = data.toString('base64');
    writeFileSync(b64Path, b64, 'latin1');
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    const { page } = await openPage(browser, { viewport: { width: 1280, height: 900 } });
    await setUpPage(page);
    const longTasks = async () => {
      const t = await page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks.splice(0));
      return { long_tasks: t.length, max_long_task_ms: Math.round(Math.max(0, ...t)) };
    };
    const count = quick ? 3 : 8;
    const mib = size >> 20;
    const [encNative, encNativeTE, encPage, encFloor] = interleaved(count, [
      () => nativeRun(page, 'encode', binPath, b64.length),
      () => nativeRun(page, 'encode', binPath, b64.length, true),
      () => pageRun(page, 'encode', binPath),
      () => nativeRun(page, 'floor-encode', binPath, b64.length),
    ]);
    const [decNative, decPage, decFloor] = interleaved(count, [
      () => nativeRun(page, 'decode', b64Path, size),
      () => pageRun(page, 'decode', b64Path),
      () => nativeRun(page, 'floor-decode', b64Path, size),
    ]);
    const REFERENCE = 'reference: read the file, write and Blob an output-sized buffer, convert nothing';
    /** The page's case also records the long tasks its group's runs caused on the page's thread. */
    const pageCase = (bytes: number, measure: (n: number) => Promise<number[]>): BenchCase => {
      const c: BenchCase = {
        name: 'page pipeline (WASM SIMD worker)',
        bytes,
        measure: async (n) => {
          const times = await measure(n);
          c.extra = await longTasks();
          return times;
        },
      };
      return c;
    };
    return [
      {
        name: `encode a ${mib} MiB file to a Blob`,
        baseline: 'native toBase64 pipeline',
        cases: [
          { name: 'native toBase64 pipeline', bytes: size, measure: async (n) => (await longTasks(), encNative(n)) },
          { name: 'native toBase64 + TextEncoder pipeline', bytes: size, measure: encNativeTE },
          pageCase(size, encPage),
          { name: REFERENCE, bytes: size, measure: encFloor },
        ],
      },
      {
        name: `decode a ${mib} MiB file's Base64 to a Blob`,
        baseline: 'native fromBase64 pipeline',
        cases: [
          {
            name: 'native fromBase64 pipeline',
            bytes: b64.length,
            measure: async (n) => (await longTasks(), decNative(n)),
          },
          pageCase(b64.length, decPage),
          { name: REFERENCE, bytes: b64.length, measure: decFloor },
        ],
      },
    ];
  },
  async teardown() {
    await browser?.close();
    await server?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  },
});
