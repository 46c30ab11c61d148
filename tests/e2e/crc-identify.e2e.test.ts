/**
 * The CRC page's Identify tab in Chromium: CRC-32, Modbus and CAN (bit strings) identified in the worker,
 * "Use in generator" filling the Generate tab and its link, Cancel stopping a long search, the
 * tab's permalink, keyboard tabs, axe, and no main-thread task over 50 ms while searching.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { describeWith } from '../harness/system';
import { openPage } from '../harness/browser';
import { chooseFile, useSharedApp } from '../harness/e2e';
import { seriousViolations } from '../harness/axe';
import { expectTabsPattern } from '../harness/keyboard';
import {
  MAIN_THREAD_TEST,
  MAX_TASK_CPU_MS,
  describeTasks,
  longestCpuMs,
  traceMainThread,
} from '../harness/main-thread';
import { randomBytes, testRandom } from '../cases/seed';
import { referenceCrc } from '../oracles/crc-reference';
import { hex, type CrcParams } from '../../src/core/crc/params';
import { canFrames } from '../cases/bus-captures';
import { unpackJson } from '../../src/core/packed-json';

const CRC32: CrcParams = {
  width: 32,
  poly: 0x04c11db7n,
  init: 0xffffffffn,
  refin: true,
  refout: true,
  xorout: 0xffffffffn,
};
const MODBUS: CrcParams = { width: 16, poly: 0x8005n, init: 0xffffn, refin: true, refout: true, xorout: 0n };
const rand = testRandom(2801);
const toHex = (b: Uint8Array) => Buffer.from(b).toString('hex');

/** Random messages of the given lengths with their CRCs, as the form takes them. */
function samples(p: CrcParams, lengths: number[]): { message: string; crc: string }[] {
  return lengths.map((n) => {
    const m = randomBytes(rand, n);
    return { message: toHex(m), crc: hex(referenceCrc(p, m), p.width) };
  });
}

describeWith(['chromium'], 'CRC Identify tab (Chromium)', () => {
  const app = useSharedApp();

  async function openIdentify(query = '?tab=identify'): Promise<{ page: Page; errors: string[] }> {
    const opened = await openPage(app.browser);
    await opened.page.goto(`${app.url}/crc-generator${query}`);
    const tab = new URLSearchParams(query).get('tab') === 'identify' ? 'Identify' : 'Generate';
    await opened.page.getByRole('tab', { name: tab, selected: true }).waitFor();
    return opened;
  }

  async function fill(page: Page, rows: { message: string; crc?: string }[]) {
    const have = await page.getByRole('button', { name: /^Remove sample/ }).count();
    for (let i = have; i < rows.length; i++) await page.getByRole('button', { name: 'Add sample' }).click();
    for (const [i, r] of rows.entries()) {
      await page.getByLabel(new RegExp(`^(Message|Codeword) ${i + 1} \\(hex\\)$`)).fill(r.message);
      if (r.crc !== undefined) await page.getByLabel(`CRC ${i + 1} (hex)`).fill(r.crc);
    }
  }

  const results = (page: Page) => page.getByRole('region', { name: 'Identified CRCs' });

  it(
    'finds CRC-32 without blocking the page, and "Use in generator" fills the Generate tab and its link',
    MAIN_THREAD_TEST,
    async () => {
      const { page, errors } = await openIdentify('');
      // Tabs: the Generate tab first; arrow keys move to Identify and the link says so.
      await page.getByRole('tab', { name: 'Generate', selected: true }).focus();
      await page.keyboard.press('ArrowRight');
      await page.getByRole('tab', { name: 'Identify', selected: true }).waitFor();
      await expect.poll(() => new URL(page.url()).searchParams.get('tab')).toBe('identify');

      await fill(page, samples(CRC32, [40, 40, 64, 64]));
      const tasks = await traceMainThread(app.browser, page, async () => {
        await page.getByRole('button', { name: 'Identify', exact: true }).click();
        await results(page)
          .getByRole('rowheader', { name: /^CRC-32\/ISO-HDLC/ })
          .waitFor();
      });
      expect(longestCpuMs(tasks), describeTasks(tasks)).toBeLessThanOrEqual(MAX_TASK_CPU_MS);
      const row = results(page).getByRole('row', { name: /CRC-32\/ISO-HDLC/ });
      expect(await row.getByRole('cell').allTextContents()).toEqual(
        expect.arrayContaining(['32', '0x04c11db7', '0xffffffff', 'true', '0xcbf43926']),
      );
      expect(await results(page).getByRole('row').count()).toBe(2); // the header and the one CRC
      expect(await seriousViolations(page)).toEqual([]);

      // From the keyboard: the button goes with the tab, and the focus goes to the Generate tab (it
      // was left on the page's body, so the next Tab started from the top of the page).
      await row.getByRole('button', { name: /^Use in generator/ }).focus();
      await page.keyboard.press('Enter');
      await page.getByRole('tab', { name: 'Generate', selected: true }).waitFor();
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('crc-tab-generate');
      await page.getByText('Mode: Predefined (CRC-32/ISO-HDLC)').waitFor();
      expect(await page.getByLabel('Init (hex)').inputValue()).toBe('0xffffffff');
      const link = new URL(await page.evaluate(() => location.href)).searchParams;
      expect(link.get('algorithm')).toBe('CRC-32/ISO-HDLC');
      expect(link.get('tab')).toBeNull();
      expect(errors).toEqual([]);
    },
  );

  it('the Generate and Identify tabs are one Tab stop; arrows (wrapping), Home and End select and focus', async () => {
    const { page, errors } = await openIdentify('');
    await expectTabsPattern(page, 'CRC tools');
    expect(errors).toEqual([]);
  });

  it('finds Modbus, restores short samples from its link, and says what undecidable samples lack', async () => {
    const { page, errors } = await openIdentify();
    await fill(page, samples(MODBUS, [8, 8, 8, 13]));
    await page.getByRole('button', { name: 'Identify', exact: true }).click();
    await results(page)
      .getByRole('rowheader', { name: /^CRC-16\/MODBUS/ })
      .waitFor();

    // The link holds the samples: a fresh page gets them back and finds the same CRC.
    const link = await page.evaluate(() => location.href);
    expect(unpackJson(new URL(link).searchParams.get('samples')!)).toHaveLength(4);
    const again = await openIdentify(new URL(link).search);
    expect(await again.page.getByLabel('CRC 4 (hex)').inputValue()).toBe(
      await page.getByLabel('CRC 4 (hex)').inputValue(),
    );
    await again.page.getByRole('button', { name: 'Identify', exact: true }).click();
    await results(again.page)
      .getByRole('rowheader', { name: /^CRC-16\/MODBUS/ })
      .waitFor();

    // One length only: init and xorout cannot be separated, and the page says so with a count.
    await page.getByRole('button', { name: 'Remove sample 4' }).click();
    await page.getByLabel('Width (bits)').fill('16');
    await page.getByRole('button', { name: 'Identify', exact: true }).click();
    await results(page)
      .getByText(/^Add a sample of a different length/)
      .waitFor();
    await results(page)
      .getByText(/parameter sets remain\.$/)
      .waitFor();
    expect(
      await results(page)
        .getByText(/among them .*CRC-16\/MODBUS/)
        .count(),
    ).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);

    // Garbage: the form names the field.
    await page.getByLabel('Message 1 (hex)').fill('zz');
    await page.getByRole('button', { name: 'Identify', exact: true }).click();
    await page.getByText('Sample 1: the message is not hex bytes (pairs of 0-9, a-f; spaces allowed).').waitFor();
    expect(await page.getByLabel('Message 1 (hex)').getAttribute('aria-invalid')).toBe('true');
    expect([...errors, ...again.errors]).toEqual([]);
  });

  it('finds CRC-15/CAN in CAN frames typed as bits with their CRC as sent, and from the link', async () => {
    const { page, errors } = await openIdentify();
    const frames = canFrames(rand, [1, 1, 4, 8, 8, 8]);
    for (let i = 2; i < frames.length; i++) await page.getByRole('button', { name: 'Add sample' }).click();
    for (const [i, f] of frames.entries()) {
      await page.getByLabel(`Sample ${i + 1} format`).selectOption({ label: 'Bits' });
      await page.getByLabel(`Message ${i + 1} (bits)`).fill(f.message);
      await page.getByLabel(`CRC ${i + 1} (hex, or 0b and bits as sent)`).fill(`0b${f.crcSent}`);
    }
    await page.getByRole('button', { name: 'Identify', exact: true }).click();
    const row = results(page).getByRole('row', { name: /CRC-15\/CAN/ });
    await row.waitFor();
    expect(await row.getByRole('cell').allTextContents()).toEqual(
      expect.arrayContaining(['15', '0x4599', '0x0000', 'false', '0x059e']),
    );
    expect(await results(page).getByRole('row').count()).toBe(2);
    await results(page)
      .getByText(/^The samples are bit streams in the order sent/)
      .waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // The link keeps the bit strings: a fresh page gets them back and finds the same CRC.
    const link = new URL(await page.evaluate(() => location.href));
    expect((unpackJson(link.searchParams.get('samples')!) as string[][])[0]![0]).toBe('bits');
    const again = await openIdentify(link.search);
    expect(await again.page.getByLabel('Message 6 (bits)').inputValue()).toBe(frames[5]!.message);
    await again.page.getByRole('button', { name: 'Identify', exact: true }).click();
    await results(again.page)
      .getByRole('rowheader', { name: /^CRC-15\/CAN/ })
      .waitFor();

    // A bad bit string is named.
    await page.getByLabel('Message 2 (bits)').fill('0102');
    await page.getByRole('button', { name: 'Identify', exact: true }).click();
    await page.getByText('Sample 2: the message is not bits (0 and 1; spaces and underscores allowed).').waitFor();
    expect(await page.getByLabel('Message 2 (bits)').getAttribute('aria-invalid')).toBe('true');
    expect([...errors, ...again.errors]).toEqual([]);
  });

  it("shows each known parameter's hint whole in its field (the width's read 'from the CRC dig')", async () => {
    const { page, errors } = await openIdentify();
    for (const label of ['Width (bits)', 'Polynomial (hex)', 'Init (hex)', 'XorOut (hex)']) {
      const [text, room] = await page.getByLabel(label, { exact: true }).evaluate((input: HTMLInputElement) => {
        const style = getComputedStyle(input);
        const context = document.createElement('canvas').getContext('2d')!;
        context.font = `${style.fontSize} ${style.fontFamily}`;
        const padding = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
        return [context.measureText(input.placeholder).width, input.clientWidth - padding];
      });
      expect(text, label).toBeLessThanOrEqual(room);
    }
    expect(errors).toEqual([]);
  });

  it('Cancel stops a long search (brute force over every polynomial) and the page carries on; each search is reported, never its samples', async () => {
    const { page, errors } = await openIdentify();
    const usage: { action: string; metadata: Record<string, unknown> }[] = [];
    const sent: string[] = [];
    page.on('request', (r) => {
      if (!r.url().includes('/api/analytics/')) return;
      sent.push(r.postData() ?? '');
      if (r.url().endsWith('/tool-usage')) usage.push(r.postDataJSON() as (typeof usage)[number]);
    });
    await page.getByLabel('Samples are').selectOption({ label: 'Codeword (CRC appended)' });
    // Two codewords of different lengths give no relation: every width up to 20 is brute-forced.
    await fill(page, [{ message: toHex(randomBytes(rand, 40)) }, { message: toHex(randomBytes(rand, 57)) }]);
    await page.getByRole('button', { name: 'Identify', exact: true }).click();
    const progress = page.getByRole('group', { name: 'Identifying' });
    await progress.waitFor();
    await expect
      .poll(async () => Number(await progress.getByRole('progressbar').getAttribute('value')))
      .toBeGreaterThan(0);
    expect(await seriousViolations(page)).toEqual([]);
    await progress.getByRole('button', { name: 'Cancel' }).click();
    await page.getByText('Search cancelled.').waitFor();
    expect(await page.getByRole('button', { name: 'Identify', exact: true }).isEnabled()).toBe(true);
    await expect
      .poll(() => usage.filter((u) => u.action === 'identify_crc').map((u) => u.metadata))
      .toEqual([{ mode: 'codeword', samples: 2, outcome: 'cancelled', matches: 0 }]);

    // A new search starts a new worker: Modbus frames, width and byte order searched.
    const frames = ['010300000001840a', '010300010001d5ca', '0103006b00037417', '01100001000204000ec6'];
    await fill(
      page,
      frames.map((message) => ({ message })),
    );
    await page.getByRole('button', { name: 'Identify', exact: true }).click();
    const row = results(page).getByRole('row', { name: /CRC-16\/MODBUS/ });
    await row.waitFor();
    expect(await row.getByRole('cell').allTextContents()).toContain('little-endian');
    await expect
      .poll(() => usage.filter((u) => u.action === 'identify_crc').map((u) => u.metadata.outcome))
      .toEqual(['cancelled', 'found']);
    expect(usage.at(-1)?.metadata).toMatchObject({ mode: 'codeword', samples: 4 });
    expect(sent.filter((body) => frames.some((f) => body.includes(f)))).toEqual([]); // the user's data stays here
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('stops a running search when the Generate tab is opened: its live check value does not wait for it', async () => {
    const { page, errors } = await openIdentify();
    await page.getByLabel('Samples are').selectOption({ label: 'Codeword (CRC appended)' });
    await fill(page, [{ message: toHex(randomBytes(rand, 40)) }, { message: toHex(randomBytes(rand, 57)) }]);
    await page.getByRole('button', { name: 'Identify', exact: true }).click();
    await page.getByRole('group', { name: 'Identifying' }).waitFor();
    await page.getByRole('tab', { name: 'Generate' }).click();
    const grid = page.getByRole('group', { name: 'Polynomial bits' });
    for (const x of ['x8', 'x2', 'x1']) await grid.getByRole('button', { name: x, exact: true }).click();
    // The worker is shared: a search left running there held this answer back for 45 s.
    await page.getByText('0xf4').waitFor({ timeout: 10_000 }); // CRC-8/SMBUS check value
    expect(errors).toEqual([]);
  });

  it('Copy link keeps the samples that fit and says which it left out and why (a file, too long)', async () => {
    // A file or a long sample left every sample out of the link without a word, and an edit on the
    // Generate tab wrote its own (empty) left-out list over the Identify tab's.
    const { page, errors } = await openIdentify();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });
    await fill(page, [{ message: '313233', crc: '1234' }, { message: '' }, { message: 'ab'.repeat(1000), crc: '00' }]);
    await page.getByLabel('Sample 2 format').selectOption('file');
    const dir = mkdtempSync(join(tmpdir(), 'bitsmith-crcid-'));
    try {
      writeFileSync(join(dir, 'frame.bin'), Buffer.from([1, 2, 3]));
      await chooseFile(page.getByLabel('Message 2 file'), join(dir, 'frame.bin'));
      await page.getByText('frame.bin: 3 bytes').waitFor();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    await page.getByRole('tab', { name: 'Generate' }).click();
    await page.getByLabel('Data width (bits)').fill('16');
    await page.getByRole('tab', { name: 'Identify' }).click();
    await page.getByRole('button', { name: 'Copy link' }).click();
    await page
      .getByText(
        '⚠️ Link copied without sample 2: a file is never put in a link; sample 3: too long for a link, it opens this tool with the other settings',
      )
      .waitFor();
    const link = new URL(await page.evaluate(() => navigator.clipboard.readText()));
    expect(unpackJson(link.searchParams.get('samples')!)).toEqual([['hex', '313233', '1234']]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('a sample switched from File to Hex and back shows no file and uses none (the old name came back, its bytes used)', async () => {
    const { page, errors } = await openIdentify();
    await page.getByLabel('Sample 1 format').selectOption('file');
    const dir = mkdtempSync(join(tmpdir(), 'bitsmith-crcid-'));
    try {
      writeFileSync(join(dir, 'frame.bin'), Buffer.from([1, 2, 3]));
      await chooseFile(page.getByLabel('Message 1 file'), join(dir, 'frame.bin'));
      await page.getByText('frame.bin: 3 bytes').waitFor();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    await page.getByLabel('Sample 1 format').selectOption('hex');
    await page.getByLabel('Sample 1 format').selectOption('file');
    // The field is empty again, so the row holds no file: no name shown, none searched.
    expect(await page.getByLabel('Message 1 file').evaluate((f: HTMLInputElement) => f.files?.length ?? 0)).toBe(0);
    await page.getByRole('button', { name: 'Identify', exact: true }).click();
    await page.getByText('Sample 1: choose a file.').first().waitFor();
    expect(await page.getByText('frame.bin: 3 bytes').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("keeps the samples over a reload, those left out of the link too, beside the Generate tab's draft", async () => {
    // A reload lost every sample the link could not hold (a long one), and a file row came back as
    // hex without a word: the Identify tab kept no draft.
    const { page, errors } = await openIdentify();
    const long = 'ab'.repeat(1000);
    await fill(page, [{ message: '313233', crc: '1234' }, { message: long, crc: '00' }, { message: '' }]);
    await page.getByLabel('Sample 3 format').selectOption('file');
    const dir = mkdtempSync(join(tmpdir(), 'bitsmith-crcid-'));
    try {
      writeFileSync(join(dir, 'frame.bin'), Buffer.from([1, 2, 3]));
      await chooseFile(page.getByLabel('Message 3 file'), join(dir, 'frame.bin'));
      await page.getByText('frame.bin: 3 bytes').waitFor();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    await page.getByRole('status').filter({ hasText: 'File not kept over a reload' }).waitFor();
    await page.getByRole('tab', { name: 'Generate' }).click();
    await page.getByLabel('Data width (bits)').fill('16');
    await page.getByRole('tab', { name: 'Identify' }).click();
    await page.reload();
    await page.getByRole('tab', { name: 'Identify', selected: true }).waitFor();
    await expect.poll(() => page.getByLabel('Message 2 (hex)').inputValue()).toBe(long);
    expect(await page.getByLabel('Message 1 (hex)').inputValue()).toBe('313233');
    expect(await page.getByLabel('CRC 2 (hex)').inputValue()).toBe('00');
    expect(await page.getByLabel('Sample 3 format').inputValue()).toBe('file');
    expect(await page.getByText('frame.bin: 3 bytes').count()).toBe(0);
    await page.getByRole('tab', { name: 'Generate' }).click();
    expect(await page.getByLabel('Data width (bits)').inputValue()).toBe('16');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("opens the bare route (the sidebar's link) on the tab the user left, and a link on the tab it states", async () => {
    // Until 2026-12-02 the bare route always opened the Generate tab, the samples out of sight.
    const { page, errors } = await openIdentify();
    await fill(page, [{ message: '313233', crc: '1234' }]);
    await expect.poll(() => page.url()).toContain('samples=');
    await page.goto(`${app.url}/crc-generator`);
    await page.getByRole('tab', { name: 'Identify', selected: true }).waitFor();
    expect(await page.getByLabel('Message 1 (hex)').inputValue()).toBe('313233');
    // A link of Generate settings states no tab: the Generate tab's, whichever the draft was on.
    await page.goto(`${app.url}/crc-generator?dataWidth=16`);
    await page.getByRole('tab', { name: 'Generate', selected: true }).waitFor();
    expect(await page.getByLabel('Data width (bits)').inputValue()).toBe('16');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('reads a sample file chosen again after it changed on disk (the field still held it: no change, old bytes)', async () => {
    const { page, errors } = await openIdentify();
    await page.getByLabel('Sample 1 format').selectOption('file');
    const dir = mkdtempSync(join(tmpdir(), 'bitsmith-crcid-'));
    const path = join(dir, 'frame.bin');
    const choose = () => chooseFile(page.getByLabel('Message 1 file'), path);
    try {
      writeFileSync(path, Buffer.from([1, 2, 3]));
      await choose();
      await page.getByText('frame.bin: 3 bytes').waitFor();
      writeFileSync(path, Buffer.from([1, 2, 3, 4, 5])); // saved again, e.g. by the capture tool
      await choose();
      await page.getByText('frame.bin: 5 bytes').waitFor();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
