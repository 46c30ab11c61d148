/**
 * A 50 MB input through the data tools in Chromium: the work runs in workers/data.worker.ts, the
 * page shows progress, stays responsive (no long main-thread task while converting, measured with
 * a PerformanceObserver), offers the big output as a download, and Cancel stops the worker.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
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
import { createHash } from 'node:crypto';
import { csvToJsonText } from '../../src/core/data/formats/csv';

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

const TARGET = 50 * 1024 * 1024;
function bigJson(): string {
  const parts: string[] = [];
  let size = 2;
  for (let i = 0; size < TARGET; i++) {
    const row = `{"id":${i},"big":1234567890123456789${i % 10},"price":${i}.50,"name":"Zürich \\"${i}\\" 👋","tags":["a","b"],"ok":${i % 2 === 0}}`;
    parts.push(row);
    size += row.length + 1;
  }
  return `[${parts.join(',')}]`;
}

function bigCsv(): string {
  const lines = ['id,name,price,ok,note'];
  let size = 0;
  for (let i = 0; size < TARGET; i++) {
    const line = `${i},"Name, ${i}",${i}.25,${i % 2 === 0},"said ""hi"" ${i} 👋"`;
    lines.push(line);
    size += line.length + 1;
  }
  return lines.join('\n');
}

describeWith(['chromium'], 'data converters with a 50 MB input', () => {
  const app = useSharedApp();
  let dir: string;
  let jsonPath: string;
  let csvPath: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'bitsmith-data-'));
    jsonPath = join(dir, 'big.json');
    csvPath = join(dir, 'big.csv');
    writeFileSync(jsonPath, bigJson());
    writeFileSync(csvPath, bigCsv());
  });
  afterAll(async () => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  async function openWithObserver(path: string): Promise<{ page: Page; errors: string[] }> {
    const opened = await openPage(app.browser);
    await opened.page.goto(`${app.url}${path}`);
    await opened.page.locator('h1').waitFor();
    return opened;
  }

  it(
    'formats a 50 MB JSON file in the worker with progress, keeps numbers, offers a download',
    { ...MAIN_THREAD_TEST, timeout: 300_000 },
    async () => {
      const { page, errors } = await openWithObserver('/json-formatter');
      await page.locator('input[type=file]').setInputFiles(jsonPath);
      await expect.poll(() => page.getByRole('note').first().textContent()).toContain('is large');
      // The note and the textarea's value are set by separate renders: wait for the value too.
      await expect
        .poll(() => page.getByLabel('Input JSON').inputValue())
        .toMatch(/^\[\{"id":0,"big":12345678901234567890,/);

      const started = Date.now();
      const tasks = await traceMainThread(app.browser, page, async () => {
        await page.getByRole('button', { name: 'Format', exact: true }).click();
        await page.getByRole('group', { name: 'Processing JSON' }).waitFor();
        // While the worker runs the page still answers and the buttons are disabled.
        expect(await page.getByRole('button', { name: 'Format', exact: true }).isDisabled()).toBe(true);
        await expect
          .poll(() => page.locator('.status-line').textContent(), { timeout: 240_000, interval: 500 })
          .toBe('✅ Valid JSON!');
        // The preview is laid out once the browser holds the whole output Blob: traced too.
        await expect.poll(() => page.getByLabel('Output', { exact: true }).inputValue()).not.toBe('');
      });
      console.info(`50 MB JSON format: ${Date.now() - started} ms, main thread: ${describeTasks(tasks)}`);
      expect(longestCpuMs(tasks), describeTasks(tasks)).toBeLessThan(MAX_TASK_CPU_MS);

      expect(await page.getByText('The output is too large to show').textContent()).toMatch(
        /too large to show or copy \([\d,]+ characters\)/,
      );
      const preview = await page.getByLabel('Output', { exact: true }).inputValue();
      expect(preview.startsWith('[\n  {\n    "id": 0,\n    "big": 12345678901234567890,\n    "price": 0.50,')).toBe(
        true,
      );
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download' }).click(),
      ]);
      const file = (await download.path())!;
      expect(statSync(file).size).toBeGreaterThan(TARGET);
      const text = readFileSync(file, 'utf8');
      expect(text.startsWith(preview)).toBe(true);
      expect(text.endsWith('\n  }\n]')).toBe(true);
      expect(text).toContain('"big": 12345678901234567899,');
      // Too big for the clipboard: Copy is off and Download is the way out.
      expect(await page.getByRole('button', { name: 'Copy', exact: true }).isDisabled()).toBe(true);
      expect(errors).toEqual([]);
    },
  );

  it(
    'converts a 50 MB CSV file in the worker; Cancel stops it and keeps the input',
    { ...MAIN_THREAD_TEST, timeout: 300_000 },
    async () => {
      const { page, errors } = await openWithObserver('/csv-json-converter');
      await page.locator('input[type=file]').setInputFiles(csvPath);
      await expect.poll(() => page.getByRole('note').first().textContent()).toContain('is large');

      await page.getByRole('button', { name: 'Convert', exact: true }).click();
      await page.getByRole('group', { name: 'Converting CSV to JSON' }).waitFor();
      await page.getByRole('button', { name: 'Cancel' }).click();
      await expect
        .poll(() => page.locator('.status-line').textContent())
        .toBe('Conversion cancelled; the input is unchanged.');
      expect(await page.getByTestId('csv-json-input-count').textContent()).toContain('(file big.csv)');

      const started = Date.now();
      const seen = new Set<string>();
      const tasks = await traceMainThread(app.browser, page, async () => {
        await page.getByRole('button', { name: 'Convert', exact: true }).click();
        // The file streams through papaparse slice by slice: progress moves while it runs.
        const progress = page.getByLabel('Converting CSV to JSON progress');
        while ((await progress.count()) > 0) {
          // The bar may go between count() and here: a short wait, not the 30 s default.
          seen.add((await progress.getAttribute('value', { timeout: 200 }).catch(() => null)) ?? '');
          await page.waitForTimeout(100);
        }
        await expect
          .poll(() => page.locator('.status-line').textContent(), { timeout: 300_000, interval: 500 })
          .toMatch(/^✅ Converted [\d]+ rows to JSON$/);
        await expect.poll(() => page.getByLabel('JSON Output').inputValue()).not.toBe('');
      });
      expect([...seen].filter((v) => Number(v) > 0 && Number(v) < 100).length).toBeGreaterThan(2);
      console.info(`50 MB CSV -> JSON: ${Date.now() - started} ms, main thread: ${describeTasks(tasks)}`);
      expect(longestCpuMs(tasks), describeTasks(tasks)).toBeLessThan(MAX_TASK_CPU_MS);
      const preview = await page.getByLabel('JSON Output').inputValue();
      expect(
        preview.startsWith(
          '[\n  {\n    "id": 0,\n    "name": "Name, 0",\n    "price": 0.25,\n    "ok": true,\n    "note": "said \\"hi\\" 0 👋"\n  },',
        ),
      ).toBe(true);
      // The download is exactly what the text path gives for the whole file at once.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download' }).click(),
      ]);
      const reference = csvToJsonText(readFileSync(csvPath, 'utf8'), { delimiter: ',', header: true }).json;
      expect(sha256(readFileSync((await download.path())!))).toBe(sha256(reference));
      expect(errors).toEqual([]);
    },
  );
});
