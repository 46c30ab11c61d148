/**
 * The CRC page's software languages in Chromium: C gives a header and a source, both downloaded
 * and compiled with gcc; Python downloaded and run; the hardware-only options are disabled with
 * a reason; the choice survives a reload; axe finds nothing serious. The Consistency zip of a
 * design with a partial last word and two pipeline stages is unpacked and its README's commands
 * run: the C prints the testbench's vectors, Icarus passes.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import type { Download, Page } from 'playwright-core';
import { describeWith } from '../harness/system';
import { openPage } from '../harness/browser';
import { useSharedApp } from '../harness/e2e';
import { seriousViolations } from '../harness/axe';
import { exec, workDir } from '../harness/crc-software';

describeWith(['chromium', 'gcc', 'python3', 'iverilog'], 'CRC page, software languages (Chromium)', () => {
  const app = useSharedApp();

  async function chooseAlgorithm(page: Page, name: string): Promise<void> {
    await page.goto(`${app.url}/crc-generator`);
    const select = page.getByLabel('Predefined algorithm');
    await select.locator(`option[value="${name}"]`).waitFor({ state: 'attached' });
    await select.selectOption(name);
    await page.getByText(`Mode: Predefined (${name})`).waitFor();
  }

  /** Clicks Generate and collects `count` downloads into a fresh folder: name -> path. */
  async function generate(page: Page, count: number): Promise<{ dir: string; names: string[] }> {
    const downloads: Download[] = [];
    const all = new Promise<void>((resolve) => {
      const on = (d: Download) => {
        downloads.push(d);
        if (downloads.length === count) {
          page.off('download', on);
          resolve();
        }
      };
      page.on('download', on);
    });
    await page.getByRole('button', { name: 'Generate' }).click();
    await all;
    const dir = workDir('crc-page');
    for (const d of downloads) await d.saveAs(join(dir, d.suggestedFilename()));
    return { dir, names: downloads.map((d) => d.suggestedFilename()) };
  }

  it('C: Generate downloads the header and the source, which gcc compiles to the check value', async () => {
    const { page, errors } = await openPage(app.browser);
    await chooseAlgorithm(page, 'CRC-32/ISO-HDLC');
    await page.getByRole('radio', { name: 'C', exact: true }).check();
    await page.getByText('Language: C', { exact: true }).waitFor();
    // The hardware-only options are disabled, and the page says why.
    expect(await page.getByLabel('Data width (bits)').isDisabled()).toBe(true);
    expect(await page.getByLabel('Pipeline stages').isDisabled()).toBe(true);
    expect(await page.getByLabel('Partial last word (data_bytes input)').isDisabled()).toBe(true);
    await page.getByText(/shape the hardware only/).waitFor();

    const { dir, names } = await generate(page, 2);
    expect(names.sort()).toEqual(['crc32_iso_hdlc.c', 'crc32_iso_hdlc.h']);
    await page.getByText('✅ Downloaded crc32_iso_hdlc.h and crc32_iso_hdlc.c').waitFor();
    expect(readFileSync(join(dir, 'crc32_iso_hdlc.h'), 'utf8')).toContain(
      'Check value (CRC of the ASCII bytes "123456789"): 0xcbf43926',
    );
    writeFileSync(
      join(dir, 'main.c'),
      '#include <stdio.h>\n#include "crc32_iso_hdlc.h"\nint main(void)\n{\n' +
        '    printf("%08lx\\n", (unsigned long)crc32_iso_hdlc_checksum("123456789", 9));\n    return 0;\n}\n',
    );
    await exec(
      'gcc',
      ['-std=c99', '-Wall', '-Wextra', '-Werror', '-pedantic', '-o', 'crc', 'main.c', 'crc32_iso_hdlc.c'],
      {
        cwd: dir,
      },
    );
    expect((await exec(join(dir, 'crc'), [], { cwd: dir })).stdout.trim()).toBe('cbf43926');

    // The preview shows both files, each with Copy and Download; nothing serious for axe.
    await page.getByText('Preview (crc32_iso_hdlc.h, crc32_iso_hdlc.c)').click();
    await page.getByRole('button', { name: 'Download crc32_iso_hdlc.c' }).waitFor();
    await page.getByRole('button', { name: 'Copy crc32_iso_hdlc.h' }).waitFor();
    expect(await page.getByLabel('Generated code: crc32_iso_hdlc.c').textContent()).toBe(
      readFileSync(join(dir, 'crc32_iso_hdlc.c'), 'utf8'),
    );
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('Python: the download runs to the check value, and the choice survives a reload', async () => {
    const { page, errors } = await openPage(app.browser);
    await chooseAlgorithm(page, 'CRC-16/MODBUS');
    await page.getByRole('radio', { name: 'Python', exact: true }).check();
    const { dir, names } = await generate(page, 1);
    expect(names).toEqual(['crc16_modbus.py']);
    const run = await exec(
      'python3',
      ['-c', 'from crc16_modbus import Crc16Modbus as C; print(hex(C.checksum(b"123456789")))'],
      {
        cwd: dir,
      },
    );
    expect(run.stdout.trim()).toBe('0x4b37');

    await page.reload();
    await page.getByText('Language: Python', { exact: true }).waitFor();
    expect(await page.getByRole('radio', { name: 'Python', exact: true }).isChecked()).toBe(true);

    // Widths above 64 bits have no software implementation: said, and Generate is off.
    await page
      .getByRole('group', { name: 'Polynomial bits' })
      .getByRole('button', { name: 'x67', exact: true })
      .click();
    await page.getByText(/generated for CRC widths up to 64 bits/).waitFor();
    expect(await page.getByRole('button', { name: 'Generate' }).isDisabled()).toBe(true);
    expect(errors).toEqual([]);
  });

  it('shows the check value in a software language whatever the (disabled) data width box holds', async () => {
    const { page, errors } = await openPage(app.browser);
    await chooseAlgorithm(page, 'CRC-16/ARC');
    // Emptied for Verilog, then C chosen: the box is disabled and its error hidden, as C needs no data width.
    await page.getByLabel('Data width (bits)').fill('');
    await page.getByRole('radio', { name: 'C', exact: true }).check();
    await page.getByText('Language: C', { exact: true }).waitFor();
    await page.getByText('Check value (CRC of "123456789"): 0xbb3d').waitFor();
    // The same from a link whose data width no control can fix while C is chosen.
    await page.goto(`${app.url}/crc-generator?algorithm=CRC-16%2FMODBUS&language=python&dataWidth=200`);
    await page.getByText('Mode: Predefined (CRC-16/MODBUS)').waitFor();
    await page.getByText('Check value (CRC of "123456789"): 0x4b37').waitFor();
    expect(errors).toEqual([]);
  });

  it('says why Consistency is off when a software language hides the data width it needs', async () => {
    const { page, errors } = await openPage(app.browser);
    await chooseAlgorithm(page, 'CRC-16/ARC');
    await page.getByLabel('Data width (bits)').fill('');
    await page.getByRole('radio', { name: 'C', exact: true }).check();
    await page.getByText('Language: C', { exact: true }).waitFor();
    const consistency = page.getByRole('button', { name: 'Consistency' });
    expect(await consistency.isDisabled()).toBe(true);
    // The box is disabled and its own error hidden: the button's description says what is missing.
    await expect
      .poll(() => consistency.getAttribute('aria-describedby').then((id) => page.locator(`#${id}`).textContent()))
      .toContain('Data width must be a whole number from 1 to 128.');
    expect(errors).toEqual([]);
  });

  it('Consistency: the zip holds the design as configured, its testbench, C and README, and its commands agree', async () => {
    const { page, errors } = await openPage(app.browser);
    await chooseAlgorithm(page, 'CRC-16/XMODEM');
    await page.getByLabel('Data width (bits)').fill('16');
    await page.getByLabel('Partial last word (data_bytes input)').check();
    await page.getByLabel('Pipeline stages').selectOption('2');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Consistency' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('crc16_xmodem-consistency.zip');
    const dir = workDir('crc-page-zip');
    await download.saveAs(join(dir, 'bundle.zip'));
    await page.getByText('✅ Downloaded crc16_xmodem-consistency.zip').waitFor();
    await exec('python3', ['-m', 'zipfile', '-e', 'bundle.zip', '.'], { cwd: dir });
    const folder = join(dir, 'crc16_xmodem-consistency');
    const readme = readFileSync(join(folder, 'README.md'), 'utf8');
    let out = '';
    for (const m of readme.matchAll(/```sh\n([\s\S]*?)```/g))
      out += (await exec('sh', ['-e', '-c', m[1]!], { cwd: folder })).stdout;
    expect(out).toContain('C agrees with the testbench');
    // The stream design the page configured: data_bytes and two stages, checked beat by beat.
    expect(readme).toContain('a partial last word (data_bytes), 2 pipeline stages');
    const checks = /It prints `CRC_TB PASS checks=(\d+)`/.exec(readme)?.[1];
    expect(Number(checks)).toBeGreaterThan(4);
    expect(out).toContain(`CRC_TB PASS checks=${checks}`);
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
});
