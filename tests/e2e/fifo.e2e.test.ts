/**
 * The FIFO generator page in Debian Chromium against the real server: defaults, presets, the
 * metrics panel and thresholds, the 500 ms 'Generating...' state, Copy/Download only with code,
 * download names, tool usage with the configuration, custom widths and depths beyond the spec's
 * lists, and the downloaded design and testbench simulated in Icarus Verilog and GHDL.
 */
import { expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describeWith } from '../harness/system';
import { openPage } from '../harness/browser';
import { useSharedApp } from '../harness/e2e';
import { simulateVerilog, simulateVhdl } from '../harness/hdl';
import { TB_PASS } from '../../src/core/hdl/fifo';

describeWith(['chromium', 'iverilog', 'ghdl'], 'FIFO generator page in Chromium', () => {
  const app = useSharedApp();

  async function open(): Promise<{
    page: Page;
    errors: string[];
    usage: Record<string, unknown>[];
    statuses: number[];
  }> {
    const opened = await openPage(app.browser);
    const usage: Record<string, unknown>[] = [];
    const statuses: number[] = [];
    opened.page.on('request', (r) => {
      if (r.url().endsWith('/api/analytics/tool-usage')) usage.push(JSON.parse(r.postData() ?? '{}'));
    });
    opened.page.on('response', (r) => {
      if (r.url().endsWith('/api/analytics/tool-usage')) statuses.push(r.status());
    });
    await opened.page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });
    await opened.page.goto(`${app.url}/fifo-generator`);
    await opened.page.getByRole('heading', { name: 'FIFO Generator', level: 1 }).waitFor();
    return { ...opened, usage, statuses };
  }

  async function downloadText(page: Page, button: string): Promise<{ name: string; text: string }> {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: button, exact: true }).click(),
    ]);
    return { name: download.suggestedFilename(), text: readFileSync((await download.path())!, 'utf8') };
  }

  const metric = (page: Page, id: string) => page.getByTestId(`metric-${id}`).textContent();

  it('shows the defaults, the metrics and thresholds, and follows presets and sliders', async () => {
    const { page, errors, usage } = await open();
    expect(await page.getByLabel('Data Width').inputValue()).toBe('8');
    expect(await page.getByLabel('FIFO Depth').inputValue()).toBe('16');
    expect(await page.getByLabel('Memory Type').inputValue()).toBe('block_ram');
    expect(await page.getByLabel('Clocking Mode').inputValue()).toBe('sync');
    expect(await page.getByLabel('Read Mode').inputValue()).toBe('standard');
    expect(await page.getByLabel('Write Mode').inputValue()).toBe('standard');
    expect(await page.getByLabel('Reset Type').inputValue()).toBe('async');
    expect(await page.getByLabel('Almost Full Threshold').inputValue()).toBe('80');
    expect(await page.getByLabel('Almost Empty Threshold').inputValue()).toBe('20');
    expect(await page.getByLabel('Output Register').isChecked()).toBe(true);
    expect(await page.getByLabel('Enable ECC').isChecked()).toBe(false);
    expect(await page.getByLabel('Enable Packet Mode').isChecked()).toBe(false);
    // 8 x 16 = 128 bits: LUTs ceil(128/16)+20, registers ceil(128/8)+10, 1 BRAM, 450 MHz, 2 cycles.
    expect(await metric(page, 'total-bits')).toBe('128');
    expect(await metric(page, 'luts')).toBe('28');
    expect(await metric(page, 'registers')).toBe('26');
    expect(await metric(page, 'bram')).toBe('1');
    expect(await metric(page, 'max-frequency')).toBe('450 MHz');
    expect(await metric(page, 'latency')).toBe('2 cycles');
    expect(await metric(page, 'almost-full')).toBe('12 words');
    expect(await metric(page, 'almost-empty')).toBe('3 words');
    expect(await page.getByRole('button', { name: 'Copy', exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Download', exact: true }).count()).toBe(0);

    await page.getByRole('button', { name: 'Medium (32x64)' }).click();
    await expect.poll(() => page.getByLabel('Data Width').inputValue()).toBe('32');
    await expect.poll(() => page.getByLabel('FIFO Depth').inputValue()).toBe('64');
    await expect.poll(() => page.getByLabel('Memory Type').inputValue()).toBe('distributed');
    await expect.poll(() => metric(page, 'total-bits')).toBe('2,048');
    await expect.poll(() => metric(page, 'bram')).toBe('0');
    await expect.poll(() => metric(page, 'max-frequency')).toBe('350 MHz');

    await page.getByLabel('Output Register').uncheck();
    await expect.poll(() => metric(page, 'registers')).toBe('133');
    await expect.poll(() => metric(page, 'latency')).toBe('1 cycle');

    // Keyboard on the slider: 80% -> 81% of 64 = 51 words.
    await page.getByLabel('Almost Full Threshold').focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.getByLabel('Almost Full Threshold').inputValue()).toBe('81');
    await expect.poll(() => metric(page, 'almost-full')).toBe('51 words');
    await page.getByLabel('Almost Empty Threshold').fill('50');
    await expect.poll(() => metric(page, 'almost-empty')).toBe('32 words');

    // Write mode and packet mode are the same choice.
    await page.getByLabel('Enable Packet Mode').check();
    await expect.poll(() => page.getByLabel('Write Mode').inputValue()).toBe('packet');
    await page.getByLabel('Write Mode').selectOption('standard');
    await expect.poll(() => page.getByLabel('Enable Packet Mode').isChecked()).toBe(false);

    await page.getByRole('button', { name: 'High Performance (128x1024)' }).click();
    await expect.poll(() => metric(page, 'total-bits')).toBe('131,072');
    await expect.poll(() => metric(page, 'bram')).toBe('8');
    await expect.poll(() => page.getByLabel('Output Register').isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Async (32x128)' }).click();
    await expect.poll(() => page.getByLabel('Clocking Mode').inputValue()).toBe('async');
    await expect.poll(() => usage.filter((u) => u.action === 'load_preset').length).toBe(3);
    expect(usage[0]).toMatchObject({
      tool_name: 'FIFO Generator',
      action: 'load_preset',
      metadata: { preset: 'medium' },
    });
    expect(errors).toEqual([]);
  });

  it('generates after "Generating...", copies, and downloads Verilog and its testbench that pass in Icarus', async () => {
    const { page, errors, usage, statuses } = await open();
    await page.getByRole('button', { name: 'Small (8x16)' }).click();
    await page.getByLabel('Read Mode').selectOption('fwft');
    await page.getByLabel('Enable ECC').check();
    await page.getByLabel('Enable Packet Mode').check();
    await page.getByRole('button', { name: 'Generate Code' }).click();
    await page.getByRole('button', { name: 'Generating...' }).waitFor();
    expect(await page.getByRole('button', { name: 'Generating...' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Generate Code' }).waitFor();
    const code = (await page.locator('pre.code').textContent())!;
    expect(code).toContain('module fifo_module (');
    expect(code).toContain('readMode             fwft');
    expect(code).toContain('syn_ramstyle = "select_ram"');

    await page.getByRole('button', { name: 'Copy', exact: true }).click();
    await expect.poll(() => page.getByText('✅ Copied to clipboard!').count()).toBe(1);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);

    const file = await downloadText(page, 'Download');
    expect(file.name).toBe('fifo_module.v');
    expect(file.text).toBe(code);
    const tb = await downloadText(page, 'Download Testbench');
    expect(tb.name).toBe('fifo_module_tb.v');
    const sim = await simulateVerilog({ 'fifo_module.v': file.text, 'fifo_module_tb.v': tb.text }, 'fifo_module_tb');
    expect(sim.stdout).toContain(TB_PASS);
    expect(sim.stdout).not.toMatch(/ERROR|FAIL/);

    await expect.poll(() => usage.some((u) => u.action === 'generate_code')).toBe(true);
    const generated = usage.find((u) => u.action === 'generate_code')!;
    expect(generated).toMatchObject({
      tool_name: 'FIFO Generator',
      metadata: {
        language: 'verilog',
        dataWidth: 8,
        fifoDepth: 16,
        memoryType: 'distributed',
        clockingMode: 'sync',
        readMode: 'fwft',
        writeMode: 'packet',
        almostFullThreshold: 80,
        almostEmptyThreshold: 20,
        outputRegister: true,
        resetType: 'async',
        enableECC: true,
        enablePacketMode: true,
      },
    });
    await expect
      .poll(() => usage.map((u) => u.action))
      .toEqual(expect.arrayContaining(['copy_code', 'download_code', 'download_testbench']));
    // The server accepts every usage event (flat metadata passes its schema).
    await expect.poll(() => statuses.length).toBe(usage.length);
    expect(
      statuses.every((st) => st >= 200 && st < 300),
      String(statuses),
    ).toBe(true);
    expect(errors).toEqual([]);
  });

  it('says "1 word", not "1 words", for a threshold of one word', async () => {
    const { page, errors } = await open();
    await page.getByLabel('FIFO Depth').selectOption('custom');
    await page.getByLabel('Custom depth (2-131072 words)').fill('2');
    // floor(2 x 80%) = 1 and floor(2 x 50%) = 1.
    await page.getByLabel('Almost Empty Threshold').fill('50');
    await expect.poll(() => metric(page, 'almost-full')).toBe('1 word');
    expect(await metric(page, 'almost-empty')).toBe('1 word');
    expect(await page.getByRole('status').filter({ hasText: '80% (' }).textContent()).toBe('80% (1 word)');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('Copy link with an emptied custom width says the link leaves it out (it opened with 8 bits, unsaid)', async () => {
    const { page, errors } = await open();
    await page.getByLabel('FIFO Depth').selectOption('64');
    await page.getByLabel('Data Width').selectOption('custom');
    await page.getByLabel('Custom width (1-1024 bits)').fill('');
    await page.getByRole('button', { name: 'Copy link' }).click();
    await page
      .getByText('⚠️ Link copied without dataWidth: empty or not a number, it opens this tool with the other settings')
      .waitFor();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(new URL(link).searchParams.get('fifoDepth')).toBe('64');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('takes a custom width and depth: clear validation, metrics, notes, and a design that passes', async () => {
    const { page, errors } = await open();
    await page.getByLabel('Data Width').selectOption('custom');
    const width = page.getByLabel('Custom width (1-1024 bits)');
    await expect.poll(() => width.inputValue()).toBe('8');
    await expect.poll(() => width.evaluate((el) => el === document.activeElement)).toBe(true);
    await width.fill('0');
    const problems = page.locator('.fifo-problems');
    const tooSmall = 'Data width must be a whole number from 1 to 1024 bits (0 is too small)';
    await expect.poll(() => problems.textContent()).toBe(tooSmall);
    expect(await width.getAttribute('aria-invalid')).toBe('true');
    expect(await metric(page, 'total-bits')).toBe('—');
    await page.getByRole('button', { name: 'Generate Code' }).click();
    await page.locator('.error-banner').getByText('(0 is too small)').waitFor();
    expect(await page.locator('pre.code').count()).toBe(0);

    await width.fill('64'); // a listed size typed in the custom field keeps the field open
    await expect.poll(() => page.getByLabel('Data Width').inputValue()).toBe('custom');
    // The refused Generate's message goes with the value it was about (it stayed, beside a valid 64).
    await expect.poll(() => page.locator('.error-banner').count()).toBe(0);
    await width.fill('33');
    await page.getByLabel('FIFO Depth').selectOption('custom');
    await page.getByLabel('Custom depth (2-131072 words)').fill('100');
    expect(await problems.count()).toBe(0);
    await expect.poll(() => page.getByLabel('Data Width').inputValue()).toBe('custom');
    await expect.poll(() => page.getByLabel('FIFO Depth').inputValue()).toBe('custom');
    // 33 x 100 = 3300 bits: the spec's formulas at a size outside its lists.
    await expect.poll(() => metric(page, 'total-bits')).toBe('3,300');
    await expect.poll(() => metric(page, 'luts')).toBe('227');
    await expect.poll(() => metric(page, 'registers')).toBe('423');
    await expect.poll(() => metric(page, 'bram')).toBe('1');
    await expect.poll(() => metric(page, 'almost-full')).toBe('80 words');
    await expect.poll(() => metric(page, 'almost-empty')).toBe('20 words');
    await page.getByLabel('Clocking Mode').selectOption('async');
    const notes = () => page.getByTestId('fifo-notes').textContent();
    await expect.poll(notes).toContain('200-step window of the reflected Gray code'); // the async note
    expect(await notes()).toContain(
      'Depth 100 is not a power of two: the pointers wrap at 100, so the FIFO stores exactly 100',
    );

    await page.getByRole('button', { name: 'Generate Code' }).click();
    await page.locator('pre.code').waitFor();
    const file = await downloadText(page, 'Download');
    expect(file.text).toContain('localparam DATA_WIDTH = 33;');
    expect(file.text).toContain('localparam DEPTH      = 100;');
    expect(file.text).toContain('Depth 100 is not a power of two');
    const tb = await downloadText(page, 'Download Testbench');
    const sim = await simulateVerilog({ 'fifo_module.v': file.text, 'fifo_module_tb.v': tb.text }, 'fifo_module_tb');
    expect(sim.stdout).toContain(TB_PASS);
    expect(sim.stdout).not.toMatch(/ERROR|FAIL/);

    // A preset brings back the spec's sizes and closes the custom fields.
    await page.getByRole('button', { name: 'Small (8x16)' }).click();
    await expect.poll(() => page.getByLabel('Data Width').inputValue()).toBe('8');
    await expect.poll(() => page.getByLabel('FIFO Depth').inputValue()).toBe('16');
    await expect.poll(() => page.getByLabel('Custom width (1-1024 bits)').count()).toBe(0);
    await expect.poll(() => page.getByTestId('fifo-notes').count()).toBe(0);
    await page.getByLabel('Data Width').selectOption('custom');
    await page.getByRole('button', { name: 'Small (8x16)' }).click();
    await expect.poll(() => page.getByLabel('Custom width (1-1024 bits)').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('switches to VHDL: fifo_module.vhd and its testbench pass in GHDL; changes mark the code stale', async () => {
    const { page, errors } = await open();
    await page.getByRole('button', { name: 'Small (8x16)' }).click();
    await page.getByLabel('Clocking Mode').selectOption('async');
    await page.getByLabel('Reset Type').selectOption('sync');
    await page.getByRole('button', { name: 'VHDL' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'VHDL' }).getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('button', { name: 'Generate Code' }).click();
    await page.locator('pre.code').waitFor();
    const file = await downloadText(page, 'Download');
    expect(file.name).toBe('fifo_module.vhd');
    expect(file.text.startsWith('-- fifo_module: FIFO buffer')).toBe(true);
    expect(file.text).toContain('clockingMode         async');
    const tb = await downloadText(page, 'Download Testbench');
    expect(tb.name).toBe('fifo_module_tb.vhd');
    const sim = await simulateVhdl(
      { 'fifo_module.vhd': file.text, 'fifo_module_tb.vhd': tb.text },
      'fifo_module_tb',
      '93c',
    );
    expect(sim.stdout + sim.stderr).toContain(TB_PASS);

    // The language toggle re-renders the generated configuration in Verilog.
    await page.getByRole('button', { name: 'Verilog' }).click();
    await expect.poll(() => page.locator('pre.code').textContent()).toContain('module fifo_module (');
    await page.getByLabel('Data Width').selectOption('64');
    await page.getByText('The configuration changed since this code was generated.').waitFor();
    expect(errors).toEqual([]);
  });
  it('Undo after a preset brings back the configuration it replaced, custom sizes included', async () => {
    const { page, errors } = await open();
    await page.getByLabel('Data Width').selectOption('custom');
    await page.getByLabel('Custom width (1-1024 bits)').fill('37');
    await page.getByLabel('Enable ECC').check();
    await expect.poll(() => metric(page, 'total-bits')).toBe('592');

    await page.getByRole('button', { name: 'Medium (32x64)' }).click();
    await expect.poll(() => metric(page, 'total-bits')).toBe('2,048');
    await page
      .getByRole('status')
      .filter({ hasText: 'Preset “Medium (32x64)” loaded.' })
      .getByRole('button', { name: 'Undo' })
      .click();
    await expect.poll(() => metric(page, 'total-bits')).toBe('592');
    await expect.poll(() => page.getByLabel('Custom width (1-1024 bits)').inputValue()).toBe('37');
    await expect.poll(() => page.getByLabel('Enable ECC').isChecked()).toBe(true);
    await expect.poll(() => page.getByRole('button', { name: 'Undo' }).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('a link with a threshold out of range says so before Generate, and shows no words for it', async () => {
    const { page, errors } = await open();
    await page.goto(`${app.url}/fifo-generator?almostFullThreshold=200`);
    await page.getByRole('heading', { name: 'FIFO Generator', level: 1 }).waitFor();
    // The slider can only show 95%: the 200% the design holds must not pass unremarked as 32 of 16 words.
    expect(await page.getByRole('alert').first().textContent()).toContain(
      'Almost full threshold must be between 50 and 95 percent',
    );
    expect(await metric(page, 'almost-full')).toBe('—');
    await page.getByLabel('Almost Full Threshold').fill('80');
    await expect.poll(() => metric(page, 'almost-full')).toBe('12 words');
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'threshold' }).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('a link with a value no control offers marks that control invalid and points it at the reason, as the size fields are', async () => {
    const { page, errors } = await open();
    await page.goto(`${app.url}/fifo-generator?memoryType=bram&almostFullThreshold=200`);
    await page.getByRole('heading', { name: 'FIFO Generator', level: 1 }).waitFor();
    const reason = (label: string) =>
      page
        .getByLabel(label)
        .evaluate((el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent ?? null);
    expect(await page.getByLabel('Memory Type').getAttribute('aria-invalid')).toBe('true');
    expect(await reason('Memory Type')).toContain('Memory type must be distributed, block_ram or registers');
    expect(await page.getByLabel('Almost Full Threshold').getAttribute('aria-invalid')).toBe('true');
    expect(await reason('Almost Full Threshold')).toContain('Almost full threshold must be between 50 and 95 percent');
    expect(await page.getByLabel('Read Mode').getAttribute('aria-invalid')).toBe('false');
    expect(await page.getByLabel('Almost Empty Threshold').getAttribute('aria-describedby')).toBeNull();
    await page.getByLabel('Memory Type').selectOption('block_ram');
    await expect.poll(() => page.getByLabel('Memory Type').getAttribute('aria-invalid')).toBe('false');
    expect(await page.getByLabel('Memory Type').getAttribute('aria-describedby')).toBeNull();
    expect(await page.getByLabel('Almost Full Threshold').getAttribute('aria-invalid')).toBe('true');
    expect(errors).toEqual([]);
  });

  it('a link giving packet mode one way (writeMode=packet or enablePacketMode=true) opens it, as bitsmith and the API read it', async () => {
    const { page, errors } = await open();
    await page.goto(`${app.url}/fifo-generator?writeMode=packet`);
    await page.getByRole('heading', { name: 'FIFO Generator', level: 1 }).waitFor();
    expect(await page.getByLabel('Enable Packet Mode').isChecked()).toBe(true);
    expect(await page.locator('#fifo-problems').textContent()).toBe('');
    await page.goto(`${app.url}/fifo-generator?enablePacketMode=true`);
    await page.getByRole('heading', { name: 'FIFO Generator', level: 1 }).waitFor();
    expect(await page.getByLabel('Write Mode').inputValue()).toBe('packet');
    expect(await page.locator('#fifo-problems').textContent()).toBe('');
    // Both given and different is still refused, as bitsmith and the API refuse it.
    await page.goto(`${app.url}/fifo-generator?writeMode=packet&enablePacketMode=false`);
    await page.getByRole('heading', { name: 'FIFO Generator', level: 1 }).waitFor();
    expect(await page.locator('#fifo-problems').textContent()).toContain(
      'Write mode "packet" and packet mode must be chosen together',
    );
    expect(errors).toEqual([]);
  });

  it('announces a bad custom size in an alert that was already there, and ties it to the field', async () => {
    const { page, errors } = await open();
    await page.getByLabel('Data Width').selectOption('custom');
    // A screen reader announces text put into an alert, not an alert that arrives with its text.
    await page.evaluate(() =>
      document.querySelectorAll('main [role="alert"]').forEach((a) => a.setAttribute('data-was-there', '')),
    );
    await page.getByLabel('Custom width (1-1024 bits)').fill('0');
    const alert = page.getByRole('alert').filter({ hasText: 'Data width must be a whole number' });
    expect(await alert.getAttribute('data-was-there')).toBe('');
    const described = await page
      .getByLabel('Custom width (1-1024 bits)')
      .evaluate((el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent ?? null);
    expect(described).toContain('Data width must be a whole number from 1 to 1024 bits (0 is too small)');
    await page.getByLabel('Custom width (1-1024 bits)').fill('12');
    await expect.poll(() => page.getByLabel('Custom width (1-1024 bits)').getAttribute('aria-describedby')).toBeNull();
    expect(errors).toEqual([]);
  });

  it('a link copied while the custom width is emptied still opens, with the rest of the design', async () => {
    const { page, errors } = await open();
    await page.getByLabel('FIFO Depth').selectOption('256');
    await page.getByLabel('Data Width').selectOption('custom');
    await page.getByLabel('Custom width (1-1024 bits)').fill('');
    const link = await page.evaluate(() => location.href); // written as the field changed; page.url() hears of it later
    const fresh = await openPage(app.browser);
    await fresh.page.goto(link);
    await fresh.page.getByRole('heading', { name: 'FIFO Generator', level: 1 }).waitFor();
    expect(await fresh.page.getByLabel('FIFO Depth').inputValue()).toBe('256');
    expect(await fresh.page.getByText('This link is damaged').count()).toBe(0);
    await fresh.page.context().close();
    expect(errors).toEqual([]);
  });

  it('tells a screen reader which preset the configuration is, as the highlight shows it', async () => {
    const { page, errors } = await open();
    const current = () => page.locator('.fifo-presets button[aria-current="true"]').allTextContents();
    await page.getByRole('button', { name: 'Medium (32x64)' }).click();
    await expect.poll(() => current()).toEqual(['Medium (32x64)']);
    await page.getByLabel('Read Mode').selectOption('fwft');
    await expect.poll(() => current()).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('arrowing through the Data Width list past Custom… and back keeps the focus and the listed size', async () => {
    const { page, errors } = await open();
    const width = page.getByLabel('Data Width');
    await width.selectOption('256');
    await width.focus();
    await page.keyboard.press('ArrowDown'); // Custom…: its box opens, the arrows stay on the list
    await expect.poll(() => page.getByLabel('Custom width (1-1024 bits)').count()).toBe(1);
    await expect.poll(() => width.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => width.inputValue()).toBe('256');
    await expect.poll(() => new URL(page.url()).searchParams.get('dataWidth')).toBe('256');
    expect(errors).toEqual([]);
  });
});
