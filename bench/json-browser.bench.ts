/**
 * JSON format and minify of a file in Chromium: the JSON formatter page's pipeline (File -> data worker ->
 * 4 MB slices -> WASM kernel -> Blob, from the Format click to the success status) against the
 * native pipeline in a worker (`file.text()` -> JSON.parse -> JSON.stringify(v, null, 2 or 0) -> Blob).
 * Served by the real server from the built app. Long main-thread tasks during the page's runs
 * are recorded. Then the kernel alone in Chromium: validating the file's bytes or its text against
 * JSON.parse of the text (the page itself validates by formatting, as the spec shows the output).
 */
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { defineSuite, type BenchCase } from './harness';
import { CHROMIUM_CASES, type kernelTimes } from './json-kernel-page';
import { launchBrowser, openPage } from '../tests/harness/browser';
import { startServer, type RunningServer } from '../tests/harness/server';
import { longestCpuMs, traceMainThread } from '../tests/harness/main-thread';

let server: RunningServer | undefined;
let browser: Browser | undefined;
let dir: string | undefined;

const NATIVE_WORKER = `
onmessage = async ({ data: { file, indent } }) => {
  const out = new Blob([JSON.stringify(JSON.parse(await file.text()), null, indent)], { type: 'application/json' });
  postMessage({ size: out.size });
};`;

/** The page's button and the native pipeline's JSON.stringify indent for each action measured. */
const ACTIONS = { Format: 2, Minify: 0 } as const;
type Action = keyof typeof ACTIONS;

function writeMixedJson(path: string, target: number): number {
  const fd = openSync(path, 'w');
  let batch = '[';
  let size = 0;
  for (let i = 0; size < target; i++) {
    const row =
      (i ? ',\n' : '') +
      `{"id":${i},"big":1234567890123456789${i % 10},"price":${i}.${i % 100}5,"ratio":-${i % 7}.25e-${i % 9},` +
      `"name":"Zürich \\"${i}\\" 👋 日本語","ok":${i % 2 === 0},"none":null,"tags":["alpha","beta","\\u00e9t\\u00e9"],` +
      `"geo":{"lat":52.${i % 1000}1,"lon":13.4${i % 97},"alt":[${i % 5},${i % 3},0.5]},"text":"${'Lorem ipsum dolor sit amet '.repeat(1 + (i % 3))}"}`;
    batch += row;
    size += row.length;
    if (batch.length > 1 << 20) {
      writeSync(fd, batch);
      batch = '';
    }
  }
  writeSync(fd, batch + ']');
  closeSync(fd);
  return statSync(path).size;
}

async function setUpPage(page: Page): Promise<void> {
  await page.goto(server!.url + '/json-formatter');
  await page.locator('h1').waitFor();
  await page.evaluate((src) => {
    const w = window as unknown as Record<string, unknown>;
    w.nativeWorker = new Worker(URL.createObjectURL(new Blob([src], { type: 'text/javascript' })));
    const input = document.createElement('input');
    input.type = 'file';
    input.id = 'bench-native';
    input.hidden = true;
    document.body.append(input);
    w.longTasks = [] as LongTask[];
    w.clickWindows = [] as [number, number][];
    new PerformanceObserver((l) =>
      l.getEntries().forEach((e) => (w.longTasks as LongTask[]).push({ start: e.startTime, ms: e.duration })),
    ).observe({ type: 'longtask' });
  }, NATIVE_WORKER);
}

/** A main-thread task over 50 ms of wall clock (Long Tasks API). */
interface LongTask {
  start: number;
  ms: number;
}

interface PageTimes {
  t0: number;
  t1: number;
  longTasks: LongTask[];
  /** Each page run's click to its preview on screen, in performance.now() time. */
  clickWindows: [number, number][];
}

/**
 * The long tasks seen since the last call: those inside a click's window (the measure: click
 * to download, preview included) and those while a file was chosen (laying out the input's preview).
 */
async function takeLongTasks(page: Page): Promise<{ click: number[]; fileChoice: number[] }> {
  // Entries arrive after their task: let a frame pass so the last run's are in.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 50))));
  return page.evaluate(() => {
    const w = window as unknown as PageTimes;
    const windows = w.clickWindows.splice(0);
    // No named function in here: tsx would wrap it in a helper the page does not have.
    const tasks = w.longTasks
      .splice(0)
      .map((t) => ({ ms: t.ms, inClick: windows.some(([from, to]) => t.start >= from && t.start <= to) }));
    return {
      click: tasks.filter((t) => t.inClick).map((t) => t.ms),
      fileChoice: tasks.filter((t) => !t.inClick).map((t) => t.ms),
    };
  });
}

/** Clears the page and chooses the file, as a user would before pressing the button. */
async function chooseFile(page: Page, path: string): Promise<void> {
  await page.getByRole('button', { name: 'Clear All' }).click();
  await page.locator('input[type=file]').first().setInputFiles(path);
  await page.getByRole('note').first().waitFor();
}

/**
 * One press of the button: ms from the click to `✅ Valid JSON!`. It returns once the output's preview
 * is laid out too (it follows the status when the browser holds the whole output Blob), so the click's
 * window, for long tasks and traces, ends on the screen the user sees.
 */
async function clickRun(page: Page, action: Action): Promise<number> {
  const button = page.getByRole('button', { name: action, exact: true });
  await page.evaluate(() => {
    const w = window as unknown as PageTimes;
    w.t0 = 0;
    w.t1 = 0;
    const status = document.querySelector('.status-line')!;
    const obs = new MutationObserver(() => {
      if (status.textContent === '✅ Valid JSON!') {
        w.t1 = performance.now();
        obs.disconnect();
      }
    });
    obs.observe(status, { childList: true, characterData: true, subtree: true });
    document.addEventListener('click', () => (w.t0 = performance.now()), { once: true, capture: true });
  });
  await button.click();
  await page.waitForFunction(() => (window as unknown as PageTimes).t1 > 0, null, { timeout: 300_000 });
  const output = page.getByLabel('Output', { exact: true });
  await page.waitForFunction((el) => (el as HTMLTextAreaElement).value !== '', await output.elementHandle());
  return page.evaluate(
    () =>
      new Promise<number>((done) =>
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            const w = window as unknown as PageTimes;
            w.clickWindows.push([w.t0, performance.now()]);
            done(w.t1 - w.t0);
          }),
        ),
      ),
  );
}

/** One run of the page: choose the file, then ms from the button's click to `✅ Valid JSON!`. */
async function pageRun(page: Page, path: string, action: Action = 'Format'): Promise<number> {
  await chooseFile(page, path);
  return clickRun(page, action);
}

/** One run of the native pipeline on the same file. */
async function nativeRun(page: Page, path: string, action: Action = 'Format'): Promise<number> {
  await page.locator('#bench-native').setInputFiles(path);
  return page.evaluate(
    (indent) =>
      new Promise<number>((resolve) => {
        const w = (window as unknown as { nativeWorker: Worker }).nativeWorker;
        const file = (document.getElementById('bench-native') as HTMLInputElement).files![0];
        const t0 = performance.now();
        w.onmessage = () => resolve(performance.now() - t0);
        w.postMessage({ file, indent });
      }),
    ACTIONS[action],
  );
}

/**
 * Full runs only: a 1 GiB file through the page, next to the 30 MB page runs (a ratio near 1 means
 * throughput holds at any size). The native pipeline cannot take part: `file.text()` of 1 GiB is
 * longer than a JavaScript string may be (2^29 - 24 characters in V8).
 */
async function gigabyteGroup(page: Page, dir: string, smallSize: number, smallTimes: () => Promise<number[]>) {
  const path = join(dir, 'mixed-1g.json');
  const size = writeMixedJson(path, 1 << 30);
  const small = `page pipeline, ${(smallSize / 1e6).toFixed(1)} MB file`;
  return {
    name: `format a ${(size / 2 ** 30).toFixed(2)} GiB JSON file to a Blob in the page (no native baseline can hold it)`,
    baseline: small,
    cases: [
      { name: small, bytes: smallSize, measure: smallTimes },
      {
        name: 'page pipeline, 1 GiB file',
        bytes: size,
        measure: async () => [await pageRun(page, path), await pageRun(page, path)],
      },
    ],
  };
}

/** The kernel alone in the page (./json-kernel-page.ts bundled), on the same file; samples per case. */
async function kernelInPage(page: Page, path: string, rounds: number): Promise<Record<string, number[]>> {
  const bundle = await build({
    entryPoints: [join(import.meta.dirname, 'json-kernel-page.ts')],
    bundle: true,
    format: 'iife',
    globalName: 'JsonKernelBench',
    write: false,
  });
  await page.evaluate(bundle.outputFiles[0]!.text); // a DevTools evaluation: the app's CSP allows no inline script
  await page.locator('#bench-native').setInputFiles(path);
  const wasm = readFileSync(join(import.meta.dirname, '../build/wasm/json.wasm')).toString('base64');
  return page.evaluate(
    ({ wasm, rounds }) => {
      const bench = (window as unknown as { JsonKernelBench: { kernelTimes: typeof kernelTimes } }).JsonKernelBench;
      const file = (document.getElementById('bench-native') as HTMLInputElement).files![0]!;
      return bench.kernelTimes(
        Uint8Array.from(atob(wasm), (c) => c.charCodeAt(0)),
        file,
        rounds,
      );
    },
    { wasm, rounds },
  );
}

export default defineSuite({
  name: 'json-browser',
  async groups({ quick }) {
    dir = mkdtempSync(join(tmpdir(), 'bitsmith-json-bench-'));
    const path = join(dir, 'mixed.json');
    const size = writeMixedJson(path, quick ? 4_000_000 : 30_000_000);
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    const { page } = await openPage(browser, { viewport: { width: 1280, height: 900 } });
    await setUpPage(page);
    const count = quick ? 3 : 6;
    /** Native and page runs of one action, interleaved so load bursts on the shared machine hit both; once. */
    const interleaved = (action: Action) => {
      let runs: Promise<[number[], number[]]> | undefined;
      return async () =>
        (runs ??= (async (): Promise<[number[], number[]]> => {
          await nativeRun(page, path, action);
          await pageRun(page, path, action); // warm-up: worker start, WASM compile
          await takeLongTasks(page);
          const native: number[] = [];
          const paged: number[] = [];
          for (let i = 0; i < count; i++) {
            native.push(await nativeRun(page, path, action));
            paged.push(await pageRun(page, path, action));
          }
          return [native, paged];
        })());
    };
    const formatRuns = interleaved('Format');
    const minifyRuns = interleaved('Minify');
    const pageCase: BenchCase = {
      name: 'page pipeline (WASM kernel in the data worker)',
      bytes: size,
      measure: async () => {
        const times = (await formatRuns())[1];
        const t = await takeLongTasks(page);
        // One more click, traced: the wall clock of a task counts the time its thread waited for a core
        // (the worker and the browser share two), its CPU time is what the page itself spent.
        await chooseFile(page, path);
        const traced = await traceMainThread(browser!, page, () => clickRun(page, 'Format'));
        pageCase.extra = {
          long_tasks: t.click.length,
          max_long_task_ms: Math.round(Math.max(0, ...t.click)),
          file_choice_long_tasks: t.fileChoice.length,
          file_choice_max_long_task_ms: Math.round(Math.max(0, ...t.fileChoice)),
          traced_run_max_task_cpu_ms: Math.round(longestCpuMs(traced)),
          traced_run_max_task_wall_ms: Math.round(Math.max(0, ...traced.map((x) => x.wallMs))),
        };
        return times;
      },
    };
    const native = 'native pipeline (file.text, JSON.parse, JSON.stringify, Blob)';
    const mb = `${(size / 1e6).toFixed(1)} MB`;
    const groups = [
      {
        name: `format a ${mb} JSON file to a Blob (indent 2)`,
        baseline: native,
        cases: [{ name: native, bytes: size, measure: async () => (await formatRuns())[0] }, pageCase],
      },
      {
        name: `minify a ${mb} JSON file to a Blob`,
        baseline: native,
        cases: [
          { name: native, bytes: size, measure: async () => (await minifyRuns())[0] },
          {
            name: 'page pipeline (WASM kernel in the data worker)',
            bytes: size,
            measure: async () => (await minifyRuns())[1],
          },
        ],
      },
    ];
    let kernelSamples: ReturnType<typeof kernelInPage> | undefined;
    const kernelRuns = () => (kernelSamples ??= kernelInPage(page, path, count)); // after the page's groups
    // The page's click-to-status times again, beside native in-memory formatting: issue 29's
    // end-to-end measure as its own row (the same samples as in the groups above).
    const pageRuns: Record<string, (() => Promise<number[]>) | undefined> = {
      format: async () => (await formatRuns())[1],
      minify: async () => (await minifyRuns())[1],
    };
    for (const [action, cases] of Object.entries(CHROMIUM_CASES)) {
      const endToEnd = pageRuns[action];
      groups.push({
        name: `${action} ${mb} in Chromium, the kernel alone (bench/json-kernel-page.ts)`,
        baseline: cases.native,
        cases: [
          ...Object.values(cases).map((name) => ({
            name,
            bytes: size,
            measure: async () => (await kernelRuns())[name]!,
          })),
          ...(endToEnd
            ? [{ name: 'page pipeline, click -> status (file -> Blob), same run', bytes: size, measure: endToEnd }]
            : []),
        ],
      });
    }
    if (!quick) groups.push(await gigabyteGroup(page, dir, size, async () => (await formatRuns())[1]));
    return groups;
  },
  async teardown() {
    await browser?.close();
    await server?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  },
});
