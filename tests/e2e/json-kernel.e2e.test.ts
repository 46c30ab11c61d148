/**
 * The JSON formatter's WASM kernel in Chromium: a 256 MB generated file formatted in the worker,
 * from the File in chunks, into a download whose SHA-256 equals the Node reference (the same
 * kernel streamed over the same file in Node); Cancel keeps the input; a 30 MB paste formats
 * without a main-thread task over 50 ms on the CPU (a Chromium trace); a result of more than
 * PREVIEW_LINES lines shows its beginning (a textarea lays out every line) and downloads whole.
 */
import { afterAll, beforeAll, expect, it, onTestFinished } from 'vitest';
import { createHash } from 'node:crypto';
import { closeSync, createReadStream, mkdtempSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describeWith } from '../harness/system';
import { openPage } from '../harness/browser';
import { useSharedApp } from '../harness/e2e';
import {
  describeTasks,
  longestCpuMs,
  MAIN_THREAD_TEST,
  MAX_TASK_CPU_MS,
  traceMainThread,
} from '../harness/main-thread';
import { loadFreshKernel } from '../../server/wasm';
import { PREVIEW_LINES } from '../../src/core/data/limits';
import { JsonStream, runJsonBytes, type JsonExports } from '../../src/core/data/json/kernel';

const BIG = 256 * 1024 * 1024;
const PASTE = 30 * 1024 * 1024;

/** One row of the generated JSON (the paste test builds the same rows in the page). */
function row(i: number): string {
  return (
    `{"id":${i},"big":1234567890123456789${i % 10},"price":${i}.50,"ratio":-${i % 7}.25e-${i % 9},` +
    `"name":"Zürich \\"${i}\\" 👋 \\u00e9","tags":["a","b",[]],"geo":{"lat":52.${i % 1000}1,"ok":${i % 2 === 0},"none":null}}`
  );
}

/** Writes about `target` bytes of JSON (an array of rows, one per line) without one big string. */
function writeJson(path: string, target: number): void {
  const fd = openSync(path, 'w');
  let size = 0;
  let batch = '[';
  for (let i = 0; size < target; i++) {
    const r = (i ? ',\n' : '') + row(i);
    batch += r;
    size += r.length;
    if (batch.length > 1 << 20) {
      writeSync(fd, batch);
      batch = '';
    }
  }
  writeSync(fd, batch + ']\n');
  closeSync(fd);
}

async function sha256(path: string): Promise<string> {
  const h = createHash('sha256');
  for await (const chunk of createReadStream(path, { highWaterMark: 4 << 20 })) h.update(chunk as Buffer);
  return h.digest('hex');
}

/** The Node reference: the kernel streamed over the file, output hashed as it comes. */
async function referenceSha256(path: string): Promise<string> {
  const kernel = await loadFreshKernel<JsonExports>('json');
  const s = new JsonStream(kernel, 'format', 2);
  const h = createHash('sha256');
  for await (const chunk of createReadStream(path, { highWaterMark: 4 << 20 }))
    s.push(chunk as Buffer, (b) => h.update(b));
  s.finish();
  return h.digest('hex');
}

describeWith(['chromium'], 'JSON formatter WASM kernel with big inputs', () => {
  const app = useSharedApp();
  let dir: string;
  let bigPath: string;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'bitsmith-json-'));
    bigPath = join(dir, 'big.json');
    writeJson(bigPath, BIG);
  });
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  async function open(): Promise<{ page: Page; errors: string[] }> {
    const opened = await openPage(app.browser);
    // Closed even when the test fails: a failed try's pages (hundreds of MB of text) must not stay
    // open beside its retry, whose main thread then waits on memory (a 725 ms task once in CI).
    onTestFinished(() => opened.page.context().close());
    await opened.page.goto(`${app.url}/json-formatter`);
    await opened.page.locator('h1').waitFor();
    return opened;
  }
  const status = (page: Page) => page.locator('.status-line').textContent();
  const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

  it('formats a 256 MB file into a download whose SHA-256 equals the Node reference; Cancel keeps the input', async () => {
    const { page, errors } = await open();
    await page.locator('input[type=file]').setInputFiles(bigPath);
    await expect.poll(() => page.getByRole('note').first().textContent()).toContain('is large');

    // Cancel first: the worker stops, the file stays the input.
    await button(page, 'Format').click();
    await page.getByRole('group', { name: 'Processing JSON' }).waitFor();
    await button(page, 'Cancel').click();
    await expect.poll(() => status(page)).toBe('Conversion cancelled; the input is unchanged.');
    expect(await page.getByTestId('json-input-count').textContent()).toContain('(file big.json)');

    const started = Date.now();
    await button(page, 'Format').click();
    await expect.poll(() => status(page), { timeout: 600_000, interval: 500 }).toBe('✅ Valid JSON!');
    const formatMs = Date.now() - started;
    const [download] = await Promise.all([page.waitForEvent('download'), button(page, 'Download').click()]);
    const file = (await download.path())!;
    const [got, expected] = await Promise.all([sha256(file), referenceSha256(bigPath)]);
    console.info(
      `256 MB JSON format in Chromium: ${formatMs} ms (${((statSync(bigPath).size / 1e6 / formatMs) * 1000).toFixed(0)} MB/s incl. worker start), output ${statSync(file).size} bytes`,
    );
    expect(got).toBe(expected);
    expect(errors).toEqual([]);
  }, 900_000);

  it(
    'formats a 30 MB paste in the worker with no main-thread task over 50 ms',
    { ...MAIN_THREAD_TEST, timeout: 600_000 },
    async () => {
      const { page, errors } = await open();
      // A paste: the text is made in the page (30 MB is too slow through locator.fill) and set the
      // way the browser sets a paste, through the value setter and an input event React listens to.
      const length = await page.evaluate((size) => {
        // the same rows as row() above (a function cannot cross into the page)
        const makeRow = (i: number) =>
          `{"id":${i},"big":1234567890123456789${i % 10},"price":${i}.50,"ratio":-${i % 7}.25e-${i % 9},` +
          `"name":"Zürich \\"${i}\\" 👋 \\u00e9","tags":["a","b",[]],"geo":{"lat":52.${i % 1000}1,"ok":${i % 2 === 0},"none":null}}`;
        const rows: string[] = [];
        for (let i = 0, n = 0; n < size; i++) {
          rows.push(makeRow(i));
          n += rows[i]!.length + 1;
        }
        const text = `[${rows.join(',')}]`;
        const ta = document.getElementById('json-input') as HTMLTextAreaElement;
        Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(ta, text);
        ta.dispatchEvent(new Event('input', { bubbles: true }));
        return text.length;
      }, PASTE);
      await expect
        .poll(() => page.getByTestId('json-input-count').textContent())
        .toContain(length.toLocaleString('en-US'));
      const tasks = await traceMainThread(app.browser, page, async () => {
        await button(page, 'Format').click();
        await expect.poll(() => status(page), { timeout: 300_000, interval: 250 }).toBe('✅ Valid JSON!');
      });
      console.info(`30 MB paste format, main thread: ${describeTasks(tasks)}`);
      expect(longestCpuMs(tasks), describeTasks(tasks)).toBeLessThan(MAX_TASK_CPU_MS);
      const preview = await page.getByLabel('Output', { exact: true }).inputValue();
      expect(preview.startsWith('[\n  {\n    "id": 0,\n    "big": 12345678901234567890,\n    "price": 0.50,')).toBe(
        true,
      );
      expect(await page.getByLabel('Input JSON').evaluate((t: HTMLTextAreaElement) => t.value.length)).toBe(length);
      expect(errors).toEqual([]);
    },
  );

  it(
    'shows the first 500 lines (PREVIEW_LINES) of a 150 KB result without a long task; Download has all of it',
    MAIN_THREAD_TEST,
    async () => {
      const { page, errors } = await open();
      const rows = Array.from({ length: 500 }, (_, i) => row(i));
      const input = `[${rows.join(',\n')}]`; // a row a line, as writeJson writes them
      await page.getByLabel('Input JSON').fill(input);
      // The frame that lays out the pasted text is the paste's, not the action's: let it pass.
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      const tasks = await traceMainThread(app.browser, page, async () => {
        await button(page, 'Format').click();
        await expect.poll(() => status(page)).toBe('✅ Valid JSON!');
      });
      console.info(`150 KB format, main thread: ${describeTasks(tasks)}`);
      expect(longestCpuMs(tasks), describeTasks(tasks)).toBeLessThan(MAX_TASK_CPU_MS);

      const shown = await page.getByLabel('Output', { exact: true }).inputValue();
      expect(shown.split('\n')).toHaveLength(PREVIEW_LINES);
      expect(await page.getByRole('note').filter({ hasText: 'Only the beginning' }).textContent()).toMatch(
        /^Only the beginning of the output is shown \([\d,]+ of [\d,]+ characters\); Copy and Download give all of it\.$/,
      );
      const [download] = await Promise.all([page.waitForEvent('download'), button(page, 'Download').click()]);
      const all = readFileSync((await download.path())!, 'utf8');
      expect(all.startsWith(`${shown}\n`)).toBe(true);
      const kernel = await loadFreshKernel<JsonExports>('json');
      expect(all).toBe(Buffer.from(runJsonBytes(kernel, input, 'format', 2)).toString('utf8'));
      expect(await button(page, 'Copy').isEnabled()).toBe(true);
      expect(errors).toEqual([]);
    },
  );
});
