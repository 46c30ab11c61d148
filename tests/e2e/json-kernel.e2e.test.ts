/**
 * The JSON formatter's WASM kernel in Chromium: a 256 MB generated file formatted in the worker,
 * from the File in chunks, into a download whose SHA-256 equals the Node reference (the same
 * kernel streamed over the same file in Node); Cancel keeps the input; a 30 MB paste stays out of
 * the textarea (it shows the beginning) and formats without a main-thread task over 50 ms on the
 * CPU (a Chromium trace); a clipboard paste over WORKER_THRESHOLD does the same; a result of more than
 * PREVIEW_LINES lines shows its beginning (a textarea lays out every line) and downloads whole.
 */
import { afterAll, beforeAll, expect, it, onTestFinished } from 'vitest';
import { createHash } from 'node:crypto';
import { closeSync, createReadStream, mkdtempSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContextOptions, Page } from 'playwright-core';
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
import { PREVIEW_CHARS, PREVIEW_LINES, WORKER_THRESHOLD } from '../../src/core/data/limits';
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

  async function open(options: BrowserContextOptions = {}): Promise<{ page: Page; errors: string[] }> {
    const opened = await openPage(app.browser, options);
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
    'keeps a 30 MB paste out of the textarea and formats it with no main-thread task over 50 ms',
    { ...MAIN_THREAD_TEST, timeout: 600_000 },
    async () => {
      const { page, errors } = await open();
      // The text is made in the page (30 MB is too slow through the clipboard or locator.fill)...
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
        (window as unknown as { pasteText: string }).pasteText = text;
        return text.length;
      }, PASTE);
      // ...and given the way an input event without a paste event gives it (a drop of text, an
      // extension): through the value setter and an input event React listens to.
      const pasteTasks = await traceMainThread(app.browser, page, () =>
        page.evaluate(() => {
          const ta = document.getElementById('json-input') as HTMLTextAreaElement;
          const text = (window as unknown as { pasteText: string }).pasteText;
          Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(ta, text);
          ta.dispatchEvent(new Event('input', { bubbles: true }));
        }),
      );
      // Laid out in the textarea, 30 MB held the page for 8-15 s and made every full GC walk it.
      console.info(`30 MB paste, main thread: ${describeTasks(pasteTasks)}`);
      await expect
        .poll(() => page.getByTestId('json-input-count').textContent())
        .toBe(`${length.toLocaleString('en-US')} characters`);
      const input = page.getByLabel('Input JSON');
      await expect.poll(() => input.inputValue()).toMatch(/^\[\{"id":0,"big":12345678901234567890,/);
      expect((await input.inputValue()).length).toBeLessThanOrEqual(PREVIEW_CHARS);
      expect(await input.getAttribute('readonly')).not.toBeNull();
      expect(await page.getByRole('note').first().textContent()).toContain('The text is large');

      const tasks = await traceMainThread(app.browser, page, async () => {
        await button(page, 'Format').click();
        await expect.poll(() => status(page), { timeout: 300_000, interval: 250 }).toBe('✅ Valid JSON!');
        // The preview is laid out once the browser holds the whole output Blob: traced too.
        await expect.poll(() => page.getByLabel('Output', { exact: true }).inputValue()).not.toBe('');
      });
      console.info(`30 MB paste format, main thread: ${describeTasks(tasks)}`);
      expect(longestCpuMs(tasks), describeTasks(tasks)).toBeLessThan(MAX_TASK_CPU_MS);
      const preview = await page.getByLabel('Output', { exact: true }).inputValue();
      expect(preview.startsWith('[\n  {\n    "id": 0,\n    "big": 12345678901234567890,\n    "price": 0.50,')).toBe(
        true,
      );
      expect(errors).toEqual([]);
    },
  );

  it('pastes long text from the clipboard in place of the selection without putting it in the textarea', async () => {
    const { page, errors } = await open({ permissions: ['clipboard-read', 'clipboard-write'] });
    const input = page.getByLabel('Input JSON');
    const paste = async (text: string) => {
      await page.evaluate((t) => navigator.clipboard.writeText(t), text);
      await input.press('Control+V');
    };
    await input.fill('[1, 2]');
    await input.evaluate((t: HTMLTextAreaElement) => t.setSelectionRange(4, 5)); // the "2"
    await paste('3');
    await expect.poll(() => input.inputValue()).toBe('[1, 3]');
    expect(await page.getByTestId('json-input-count').textContent()).toBe('6 characters');

    // Over WORKER_THRESHOLD characters: the selection (all) is replaced; the textarea shows the start.
    const long = `[${Array.from({ length: 8000 }, (_, i) => row(i)).join(',\n')}]`;
    expect(long.length).toBeGreaterThan(WORKER_THRESHOLD);
    await input.selectText();
    await paste(long);
    await expect
      .poll(() => page.getByTestId('json-input-count').textContent())
      .toBe(`${long.length.toLocaleString('en-US')} characters`);
    const shown = await input.inputValue();
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.length).toBeLessThanOrEqual(PREVIEW_CHARS);
    expect(long.startsWith(shown)).toBe(true);
    expect(await input.getAttribute('readonly')).not.toBeNull();

    await button(page, 'Format').click();
    await expect.poll(() => status(page)).toBe('✅ Valid JSON!');
    const [download] = await Promise.all([page.waitForEvent('download'), button(page, 'Download').click()]);
    const kernel = await loadFreshKernel<JsonExports>('json');
    expect(readFileSync((await download.path())!, 'utf8')).toBe(
      Buffer.from(runJsonBytes(kernel, long, 'format', 2)).toString('utf8'),
    );

    await page.getByRole('button', { name: 'Remove text' }).click();
    await expect.poll(() => page.getByTestId('json-input-count').textContent()).toBe('0 characters');
    await expect.poll(() => input.getAttribute('readonly')).toBeNull();
    expect(errors).toEqual([]);
  });

  it(
    'shows the first 200 lines (PREVIEW_LINES) of a 150 KB result without a long task; Download has all of it',
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
